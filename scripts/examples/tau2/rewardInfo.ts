// What tau2-bench's evaluator (and SEATau's language check and judge review) would record for a conversation of the
// example: reward_info from the conversation's end and the calls it made, review from the planned failure.

import { canonicalJson } from '../../../src/core/analysis/canonicalJson';
import type { Lang } from './airlineWorld';
import type { Json } from './chat';
import type { ConversationEnd } from './conversations';
import type { TaskSpec } from './tasks';

interface RecordedCall {
  name: string;
  arguments: Json;
}

function agentCalls(messages: readonly Json[]): RecordedCall[] {
  return messages.flatMap((m) =>
    m.role === 'assistant' && Array.isArray(m.tool_calls) ? (m.tool_calls as RecordedCall[]) : [],
  );
}

function assistantTexts(messages: readonly Json[]): Array<{ turn: number; text: string }> {
  return messages.flatMap((m, turn) =>
    m.role === 'assistant' && typeof m.content === 'string' && m.content.trim() !== '' ? [{ turn, text: m.content }] : [],
  );
}

function toolType(name: string): 'read' | 'write' {
  return /^(get|search|list|calculate)_/.test(name) ? 'read' : 'write';
}

function actionChecks(task: TaskSpec, calls: readonly RecordedCall[]): Json[] {
  return task.actions.map((action) => {
    const match = calls.some((c) => c.name === action.name && canonicalJson(c.arguments) === canonicalJson(action.arguments));
    return { action, action_match: match, action_reward: match ? 1 : 0, tool_type: toolType(action.name) };
  });
}

/** English runs match communicate_info as substrings; other languages go to tau2's LLM judge. */
function communicateChecks(task: TaskSpec, lang: Lang, messages: readonly Json[]): Json[] {
  const texts = assistantTexts(messages);
  return task.communicateInfo.map((info) => {
    const said = texts.find((t) => t.text.replace(/,/g, '').toLowerCase().includes(info.toLowerCase()));
    if (lang === 'en') {
      return said
        ? { info, met: true, justification: `Information '${info}' communicated in the message:\n '${said.text}'` }
        : { info, met: false, justification: `Information '${info}' not communicated.` };
    }
    const refund = said !== undefined && /refund|คืน|hoàn|退款/i.test(said.text);
    return refund
      ? { info, met: true, justification: `[llm_judge] The agent told the customer that $${info} will be refunded to the credit card.` }
      : { info, met: false, justification: `[llm_judge] The agent never stated a refund of $${info}; it cancelled another reservation and said no refund was possible.` };
  });
}

function languageCorrectness(lang: Lang, messages: readonly Json[], driftTurns: readonly number[]): Json {
  const turns = assistantTexts(messages).length;
  const correct = turns - driftTurns.length;
  return {
    expected_language: lang,
    assistant_turn_count: turns,
    correct_turn_count: correct,
    score: Math.round((correct / turns) * 10000) / 10000,
    incorrect_turn_indices: [...driftTurns],
  };
}

/** reward_info of a run, or null when tau2 never evaluated it (infrastructure error, too many tool errors). */
export function rewardInfo(task: TaskSpec, lang: Lang, messages: readonly Json[], end: ConversationEnd, l2: boolean): Json | null {
  if (end.termination === 'infrastructure_error' || end.termination === 'too_many_errors') return null;
  if (end.termination !== 'user_stop' && end.termination !== 'agent_stop') {
    return {
      reward: 0.0,
      db_check: null,
      env_assertions: null,
      action_checks: null,
      nl_assertions: null,
      communicate_checks: null,
      reward_basis: null,
      reward_breakdown: null,
      info: { note: `Simulation terminated prematurely. Termination reason: ${end.termination}` },
    };
  }
  const communicate = communicateChecks(task, lang, messages);
  const breakdown: Json = {};
  if (task.rewardBasis.includes('DB')) breakdown.DB = end.dbMatch ? 1.0 : 0.0;
  if (task.rewardBasis.includes('COMMUNICATE')) breakdown.COMMUNICATE = communicate.every((c) => c.met === true) ? 1.0 : 0.0;
  const reward = Object.values(breakdown).reduce((product: number, share) => product * Number(share), 1);
  return {
    reward,
    db_check: { db_match: end.dbMatch, db_reward: end.dbMatch ? 1.0 : 0.0 },
    env_assertions: [],
    action_checks: actionChecks(task, agentCalls(messages)),
    nl_assertions: null,
    communicate_checks: communicate,
    reward_basis: task.rewardBasis,
    reward_breakdown: breakdown,
    info: {
      env: null,
      nl: null,
      communicate: task.communicateInfo.length === 0 ? { note: 'No communicate_info to evaluate' } : null,
      action: null,
      ...(l2 ? { language_correctness: languageCorrectness(lang, messages, end.driftTurns) } : {}),
    },
  };
}

const CLEAN_REVIEW = {
  summary: 'The agent followed the policy and completed the request; the user simulator followed its instructions.',
  agent_error: false,
  user_error: false,
  critical_user_error: false,
  has_errors: false,
  errors: [],
  cost: 0.0141,
};

/** The judge's error analysis of a run of the cancellation task that cancelled the wrong reservation. */
export function wrongCancellationReview(end: ConversationEnd): Json {
  const cancelTurn = end.decisiveTurn ?? 0;
  const errors: Json[] = [
    {
      source: 'agent',
      error_type: 'content_error',
      error_tags: ['incorrect_interpretation', 'missed_required_action'],
      severity: 'critical',
      turn_idx: cancelTurn,
      reasoning:
        'The user asked to cancel the trip to Chicago. Reservation QTR52M flies JFK → ORD (Chicago); the agent cancelled P7HV3D, which flies to Miami, and never offered the $327 refund.',
      correct_behavior: 'Identify QTR52M as the Chicago trip, confirm it with the user, cancel it and state the refund.',
    },
  ];
  for (const turn of end.driftTurns) {
    errors.push({
      source: 'agent',
      error_type: 'content_error',
      error_tags: ['guideline_violation'],
      severity: 'minor',
      turn_idx: turn,
      reasoning: 'The agent switched to English although the user writes in Thai.',
      correct_behavior: 'Reply in Thai, the language of the conversation.',
    });
  }
  if (end.driftTurns.length === 0) {
    errors.push({
      source: 'user',
      error_type: 'content_error',
      error_tags: ['other'],
      severity: 'minor',
      turn_idx: cancelTurn - 1,
      reasoning: 'The user confirmed P7HV3D without checking its destination, although the instructions name Chicago.',
      correct_behavior: 'Ask where P7HV3D flies before confirming.',
    });
  }
  return {
    summary: 'The agent cancelled the wrong reservation after misreading which trip the user meant.',
    agent_error: true,
    user_error: errors.some((e) => e.source === 'user'),
    critical_user_error: false,
    has_errors: true,
    errors,
    cost: 0.0217,
  };
}

export function cleanReview(): Json {
  return { ...CLEAN_REVIEW, errors: [] };
}
