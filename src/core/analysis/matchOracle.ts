import type { JudgeRecord, Trajectory } from '../model';
import type { OracleVerdict } from './comparison';
import { linkOracleSteps } from './linkOracleSteps';

// How one run fared on each oracle event: the judge's verdict and rationale, the deciding check, and the agent step it
// was matched to. When the count pre-check failed, no event was judged: each gets the run's count failure instead,
// and counts as unmatched when the run has no write of its tool left to match it.

const COUNT_CHECKS = new Set(['tool_count', 'smu_count']);

export interface OracleEventVerdict extends OracleVerdict {
  id: string;
}

interface RunFailure {
  check: string | null;
  rationale: string | null;
}

function recordFor(judge: readonly JudgeRecord[], id: string): JudgeRecord | null {
  const records = judge.filter((r) => r.oracleId === id);
  return records.find((r) => r.matched === true) ?? records[records.length - 1] ?? null;
}

function countFailure(trajectory: Trajectory): RunFailure | null {
  const reason = trajectory.run.failureReason;
  const record = trajectory.judge.find(
    (r) => r.oracleId === null && r.check !== null && COUNT_CHECKS.has(r.check) && r.matched !== true,
  );
  if (record) return { check: record.check, rationale: reason ?? (record.rationale || null) };
  const check = trajectory.checks.find((c) => COUNT_CHECKS.has(c.name) && c.passed === false);
  if (check) return { check: check.name, rationale: reason ?? (check.detail || null) };
  const family = trajectory.run.failureFamily;
  if (family !== null && COUNT_CHECKS.has(family)) return { check: family, rationale: reason };
  return null;
}

function unjudgedVerdict(trajectory: Trajectory, count: RunFailure | null, step: number | null): Omit<OracleVerdict, 'step'> {
  // Unmatched when no write of the event's tool is left to match it, whatever matching would have said; else undecided.
  if (count) return { matched: step === null ? false : null, check: count.check, rationale: count.rationale, llm: false };
  // A passing run matched every oracle event even when its log names none.
  if (trajectory.run.outcome === 'pass') return { matched: true, check: null, rationale: null, llm: false };
  // Matching stopped at another event's failure (or never ran): no check decided this one.
  return { matched: null, check: null, rationale: trajectory.run.failureReason, llm: false };
}

function judgedVerdict(trajectory: Trajectory, record: JudgeRecord): Omit<OracleVerdict, 'step'> {
  const { matched, check } = record;
  if (record.rationale !== '') return { matched, check, rationale: record.rationale, llm: record.llm };
  return { matched, check, rationale: matched === true ? null : trajectory.run.failureReason, llm: false };
}

/** One verdict per oracle event of the run, in the oracle's order. */
export function matchOracle(trajectory: Trajectory): OracleEventVerdict[] {
  const count = countFailure(trajectory);
  const records = trajectory.oracle.map((event) => recordFor(trajectory.judge, event.id));
  const links = linkOracleSteps(
    trajectory.steps,
    trajectory.oracle.map((event, k) => ({ event, agentArgs: records[k]?.agentArgs ?? null })),
  );
  return trajectory.oracle.map((event, k) => {
    const record = records[k];
    const step = links[k] ?? null;
    const verdict = record ? judgedVerdict(trajectory, record) : unjudgedVerdict(trajectory, count, step);
    return { id: event.id, step, ...verdict };
  });
}
