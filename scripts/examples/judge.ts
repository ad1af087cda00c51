// The in-container judge, as far as the examples need it: per judged turn, the count pre-checks, then each oracle
// event matched against the agent's write events of the same tool (hard checkers first, then the LLM judge).
// It writes the failure reasons in the exact grammar gaia2-cli uses, and knows the failure family of each.

import { SEND_MESSAGE_TO_USER } from './apps';
import { argsSummary, pyRepr } from './python';
import type { HardChecker, OracleEventSpec, RunScript } from './runModel';

export interface AgentWrite {
  id: string;
  tool: string;
  args: Record<string, unknown>;
}

export interface TurnJudgment {
  /** One line of daemon_judgments.jsonl. */
  record: Record<string, unknown>;
  success: boolean;
  failureReason: string | null;
  failureFamily: string | null;
}

function counts(tools: string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const t of tools) m.set(t, (m.get(t) ?? 0) + 1);
  return m;
}

function formatCounts(m: Map<string, number>): string {
  return `{${[...m].map(([k, v]) => `${k}: ${v}`).join(', ')}}`;
}

function sameCounts(a: Map<string, number>, b: Map<string, number>): boolean {
  return a.size === b.size && [...a].every(([k, v]) => b.get(k) === v);
}

function text(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function hardCheckPasses(checker: HardChecker, agent: unknown, oracle: unknown): boolean {
  switch (checker) {
    case 'eq_str_strip_checker':
      return text(agent).trim() === text(oracle).trim();
    case 'list_attendees_checker':
    case 'unordered_list_checker': {
      const norm = (v: unknown) => (Array.isArray(v) ? v.map(text).sort() : [text(v)]);
      return JSON.stringify(norm(agent)) === JSON.stringify(norm(oracle));
    }
    default:
      return JSON.stringify(agent) === JSON.stringify(oracle);
  }
}

interface CandidateResult {
  matched: boolean;
  rationale: string;
  family: string | null;
  judgeOutput: string;
}

function judgeOutput(reasoning: string, success: boolean): string {
  return `- Reasoning: ${reasoning}\n- Evaluation: [[${success ? 'Success' : 'Failure'}]]`;
}

function checkCandidate(oracle: OracleEventSpec, agent: AgentWrite, script: RunScript): CandidateResult {
  const forced = script.forcedMismatch;
  if (forced && forced.oracleId === oracle.id) return { matched: false, rationale: forced.rationale, family: forced.family, judgeOutput: '' };
  for (const { arg, checker } of oracle.hard) {
    if (!hardCheckPasses(checker, agent.args[arg], oracle.args[arg])) {
      return {
        matched: false,
        rationale: `${checker}:${arg} (agent=${text(agent.args[arg])}, oracle=${text(oracle.args[arg])})`,
        family: `hard_check:${checker}`,
        judgeOutput: '',
      };
    }
  }
  if (!oracle.soft) return { matched: true, rationale: '', family: null, judgeOutput: '' };
  const verdict = script.softVerdicts?.[oracle.id] ?? { success: true, reasoning: oracle.soft.reasoning };
  const output = judgeOutput(verdict.reasoning, verdict.success);
  if (verdict.success) return { matched: true, rationale: '', family: null, judgeOutput: output };
  return {
    matched: false,
    rationale: `${oracle.soft.checker} (agent_args=${pyRepr(argsSummary(agent.args))})`,
    family: `soft_check:${oracle.soft.checker}`,
    judgeOutput: output,
  };
}

function eventEntry(e: { id: string; tool: string; args: Record<string, unknown> }): Record<string, unknown> {
  return { id: e.id, tool: e.tool, args: e.args, args_summary: argsSummary(e.args) };
}

export function judgeTurn(turn: number, agent: AgentWrite[], oracle: OracleEventSpec[], script: RunScript): TurnJudgment {
  const record = (success: boolean, reason: string | null, details: unknown, mapping: unknown) => ({
    turn,
    success,
    failure_reason: reason,
    agent_events: agent.map(eventEntry),
    oracle_events: oracle.map(eventEntry),
    match_details: details,
    id_mapping: mapping,
  });
  const fail = (reason: string, family: string, details: unknown, mapping: unknown): TurnJudgment => ({
    record: record(false, reason, details, mapping),
    success: false,
    failureReason: reason,
    failureFamily: family,
  });

  const agentTools = counts(agent.map((e) => e.tool).filter((t) => t !== SEND_MESSAGE_TO_USER));
  const oracleTools = counts(oracle.map((e) => e.tool).filter((t) => t !== SEND_MESSAGE_TO_USER));
  if (!sameCounts(agentTools, oracleTools)) {
    return fail(`Tool count mismatch: agent=${formatCounts(agentTools)}, oracle=${formatCounts(oracleTools)}`, 'tool_count', null, null);
  }
  const agentSmu = agent.filter((e) => e.tool === SEND_MESSAGE_TO_USER).length;
  const oracleSmu = oracle.filter((e) => e.tool === SEND_MESSAGE_TO_USER).length;
  if (agentSmu < oracleSmu || agentSmu > oracleSmu + 1) {
    return fail(`SMU count mismatch: agent=${agentSmu}, oracle=${oracleSmu}, allowed_extra=1`, 'smu_count', null, null);
  }

  const details: Array<Record<string, unknown>> = [];
  const mapping: Record<string, string> = {};
  const used = new Set<string>();
  for (const o of oracle) {
    const candidates = agent.filter((a) => a.tool === o.tool && !used.has(a.id));
    if (candidates.length === 0) {
      const reason = `Cannot match ${o.tool} (${o.id}): no candidates`;
      details.push({ oracle_id: o.id, oracle_tool: o.tool, matched: false, reason: 'no candidates', judge_output: '' });
      return fail(reason, 'no_candidates', details, mapping);
    }
    const tried: Array<{ agent: AgentWrite; result: CandidateResult }> = [];
    let match: AgentWrite | null = null;
    let output = '';
    for (const candidate of candidates) {
      const result = checkCandidate(o, candidate, script);
      output = result.judgeOutput;
      if (result.matched) {
        match = candidate;
        break;
      }
      tried.push({ agent: candidate, result });
    }
    if (match) {
      used.add(match.id);
      mapping[match.id] = o.id;
      details.push({ oracle_id: o.id, oracle_tool: o.tool, matched: true, reason: '', judge_output: output });
      continue;
    }
    const rationale = tried.map((t) => `${t.agent.id}: ${t.result.rationale}`).join('; ');
    details.push({ oracle_id: o.id, oracle_tool: o.tool, matched: false, reason: rationale, judge_output: output });
    return fail(`Cannot match ${o.tool} (${o.id}): ${rationale}`, tried[0]?.result.family ?? 'other', details, mapping);
  }
  return {
    record: record(true, null, details, mapping),
    success: true,
    failureReason: null,
    failureFamily: null,
  };
}
