import type { JudgeRecord, Step, VerifierCheck } from '../../model';
import { isObject, numberOrNull, objectOrEmpty, stringOrNull, type JsonObject } from '../gaia2/values';

// The judge's error analysis (`review`, `user_only_review`) and SEATau's language correctness, attached to turns.
//
// Each review error becomes a judge record: check `review:<severity>` (critical, minor, critical_helped,
// critical_hindered; `review:unrated` without one), matched false, llm true, `turn` = the error's turn_idx as the
// file states it (the message index the judge's reasoning refers to; tick_start in voice runs), tool and agentArgs
// of the call at that turn, and a rationale that starts with the source, severity, tags and the step number (as the
// run document numbers steps). The review's summary becomes a `review` check (failed when it found an agent error).
// Language correctness becomes a `language_correctness` check (score, turns in another language) and one judge
// record per assistant turn in another language.

/** Where a turn (or, in voice runs, a tick) of the file is among the steps: a 0-based step index, or null. */
export type StepLocator = (at: { turn: number | null; tick: number | null }) => number | null;

function severityOf(error: JsonObject): string {
  return stringOrNull(error.severity) ?? 'unrated';
}

/** ` (step 7)`: the 1-based step number the run document shows, or '' when the turn has no step. */
function stepNote(index: number | null): string {
  return index === null ? '' : ` (step ${index + 1})`;
}

function errorRecord(error: JsonObject, reviewName: string, steps: readonly Step[], locate: StepLocator): JudgeRecord {
  const severity = severityOf(error);
  const turn = numberOrNull(error.turn_idx);
  const tick = numberOrNull(error.tick_start);
  const index = locate({ turn, tick });
  const step = index === null ? undefined : steps[index];
  const call = step?.kind === 'tool_call' ? step : null;
  const source = stringOrNull(error.source) ?? (reviewName === 'user_only_review' ? 'user' : 'unknown');
  const tags = Array.isArray(error.error_tags) ? error.error_tags.filter((t): t is string => typeof t === 'string') : [];
  const heading = [`${source} error`, severity, ...(tags.length > 0 ? [tags.join(', ')] : [])].join(' · ') + stepNote(index);
  const reasoning = stringOrNull(error.reasoning);
  const correct = stringOrNull(error.correct_behavior);
  const lines = [heading, ...(reasoning ? [reasoning] : []), ...(correct ? [`Correct behaviour: ${correct}`] : [])];
  return {
    oracleId: null,
    tool: call?.tool ?? null,
    matched: false,
    check: `review:${severity}`,
    rationale: lines.join('\n'),
    llm: true,
    turn: turn ?? tick,
    agentArgs: call?.args ?? null,
  };
}

function reviewCheck(review: JsonObject, reviewName: string, errors: readonly JsonObject[]): VerifierCheck {
  const critical = errors.filter((e) => severityOf(e).startsWith('critical')).length;
  const counts = errors.length === 0 ? 'no errors' : `${errors.length} error${errors.length === 1 ? '' : 's'} (${critical} critical)`;
  const summary = stringOrNull(review.summary);
  const agentError = review.agent_error === true || errors.some((e) => e.source === 'agent');
  const userError = review.user_error === true || errors.some((e) => e.source === 'user');
  const passed = agentError || (reviewName === 'user_only_review' && userError) ? false : errors.length === 0 ? true : null;
  return { name: reviewName, passed, detail: summary ? `${counts}: ${summary}` : counts };
}

function languageCorrectness(simulation: JsonObject): JsonObject | null {
  const fromReward = objectOrEmpty(objectOrEmpty(simulation.reward_info).info).language_correctness;
  if (isObject(fromReward)) return fromReward;
  const fromInfo = objectOrEmpty(simulation.info).language_correctness;
  return isObject(fromInfo) ? fromInfo : null;
}

function languageRecords(correctness: JsonObject, steps: readonly Step[], locate: StepLocator): { check: VerifierCheck; judge: JudgeRecord[] } {
  const expected = stringOrNull(correctness.expected_language) ?? 'the expected language';
  const score = numberOrNull(correctness.score);
  const total = numberOrNull(correctness.assistant_turn_count);
  const correct = numberOrNull(correctness.correct_turn_count);
  const turns = Array.isArray(correctness.incorrect_turn_indices)
    ? correctness.incorrect_turn_indices.filter((t): t is number => typeof t === 'number')
    : [];
  const located = turns.map((turn) => ({ turn, index: locate({ turn, tick: null }) }));
  const counted = total !== null && correct !== null ? `${correct} of ${total} assistant turns in ${expected}` : `expected ${expected}`;
  const others =
    located.length === 0 ? '' : `; in another language: ${located.map((l) => `turn ${l.turn}${stepNote(l.index)}`).join(', ')}`;
  const passed = score !== null ? score >= 1 && turns.length === 0 : turns.length === 0;
  const check = { name: 'language_correctness', passed, detail: `${score === null ? '' : `score ${score}: `}${counted}${others}` };
  const judge = located.map(({ turn, index }): JudgeRecord => {
    const step = index === null ? undefined : steps[index];
    const said = step?.kind === 'message' ? `: ${step.text.length > 120 ? `${step.text.slice(0, 120)}…` : step.text}` : '';
    return {
      oracleId: null,
      tool: null,
      matched: false,
      check: 'language_correctness',
      rationale: `assistant turn ${turn}${stepNote(index)} is not in ${expected}${said}`,
      llm: false,
      turn,
      agentArgs: null,
    };
  });
  return { check, judge };
}

/** Judge records and checks from the reviews and the language correctness of one simulation. */
export function reviewRecords(simulation: JsonObject, steps: readonly Step[], locate: StepLocator): { judge: JudgeRecord[]; checks: VerifierCheck[] } {
  const judge: JudgeRecord[] = [];
  const checks: VerifierCheck[] = [];
  for (const reviewName of ['review', 'user_only_review']) {
    const review = simulation[reviewName];
    if (!isObject(review)) continue;
    const errors = Array.isArray(review.errors) ? review.errors.filter(isObject) : [];
    checks.push(reviewCheck(review, reviewName, errors));
    for (const error of errors) judge.push(errorRecord(error, reviewName, steps, locate));
  }
  const correctness = languageCorrectness(simulation);
  if (correctness !== null) {
    const language = languageRecords(correctness, steps, locate);
    checks.push(language.check);
    judge.push(...language.judge);
  }
  return { judge, checks };
}
