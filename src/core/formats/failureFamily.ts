import type { FailureFamily } from '../model';

// Parses gaia2-cli verifier failure reasons (classic ARE's own failure texts are read by are/classicRationale.ts):
//   Tool count mismatch: agent={…}, oracle={…}
//   SMU count mismatch: agent=X, oracle=Y, allowed_extra=1
//   Cannot match <Tool> (<oracle_id>): <agent_id>: <rationale>; <agent_id>: <rationale> …   or   …: no candidates
// where a rationale is one of
//   tool name mismatch: …                      hard checker  <checker>:<arg> (agent=…, oracle=…)
//   soft checker  <checker> (agent_args=…)     inconclusive  inconclusive (<checker>:inconclusive)
//   causality violation (…)                    time check failed (agent_relative=…s, oracle_relative=…s)

export interface VerdictFlags {
  success: boolean | null | undefined;
  error?: unknown;
  timed_out?: unknown;
}

export interface ParsedFailureReason {
  family: FailureFamily;
  /** Deciding check as the compare view shows it: `eq_checker:end_location`, `email_checker`, `tool_count`… */
  check: string | null;
  /** `App__function` of the oracle event that could not be matched. */
  tool: string | null;
  oracleId: string | null;
  /** The agent event the deciding rationale is about (ids in the judge log are random). */
  agentId: string | null;
  /** The reason without the `Cannot match <Tool> (<id>): ` prefix. */
  detail: string;
}

const CANNOT_MATCH = /^Cannot match (\S+) \(([^)]*)\):\s*([\s\S]*)$/;
/** A candidate starts with the agent event id; ids carry no spaces, colons or parentheses. */
const CANDIDATE = /^([^\s:;()]+): ([\s\S]*)$/;
const CANDIDATE_SEPARATOR = /; (?=[^\s:;()]+: )/;
const HARD_CHECK = /^([A-Za-z0-9_]+_checker):([^\s(]+) \(/;
const SOFT_CHECK = /^([A-Za-z0-9_]+_checker)(?: \(agent_args=|:inconclusive\b)/;
const INCONCLUSIVE = /^inconclusive \(([\s\S]*)\)$/;

interface RationaleClass {
  family: FailureFamily;
  check: string | null;
}

/** Classifies one candidate's rationale (or a bare reason) into a family and its deciding check. */
function classifyRationale(rationale: string): RationaleClass {
  const text = rationale.trim();
  const inconclusive = INCONCLUSIVE.exec(text);
  if (inconclusive?.[1]) return classifyRationale(inconclusive[1]);
  if (/^no candidates\b/.test(text)) return { family: 'no_candidates', check: 'no_candidates' };
  if (/^tool name mismatch\b/.test(text)) return { family: 'tool_name', check: 'tool_name' };
  if (/^causality violation\b/.test(text)) return { family: 'causality', check: 'causality' };
  if (/^time check failed\b/.test(text)) return { family: 'time', check: 'time' };
  const soft = SOFT_CHECK.exec(text);
  if (soft?.[1]) return { family: named(`soft_check:${soft[1]}`), check: named(soft[1]) };
  const hard = HARD_CHECK.exec(text);
  if (hard?.[1]) return { family: named(`hard_check:${hard[1]}`), check: named(`${hard[1]}:${hard[2]}`) };
  return { family: 'other', check: null };
}

/** The first candidate of `Cannot match …` details, `[agentId, rationale]`: it decides, and the rest are not split off. */
function firstCandidate(detail: string): [string | null, string] {
  const end = detail.search(CANDIDATE_SEPARATOR);
  const part = end < 0 ? detail : detail.slice(0, end);
  const candidate = CANDIDATE.exec(part);
  return candidate?.[1] && candidate[2] !== undefined ? [candidate[1], candidate[2]] : [null, part];
}

/**
 * One string per family or check name: a run keeps its family, and 20,000 runs would otherwise keep 20,000 copies of
 * a few names built from their reasons. Bounded, as the names come from the files read.
 */
const NAMES = new Map<string, string>();
const MAX_NAMES = 1000;
function named(name: string): string {
  const known = NAMES.get(name);
  if (known !== undefined) return known;
  if (NAMES.size < MAX_NAMES) NAMES.set(name, name);
  return name;
}

/** Parses one failure reason. The first candidate decides: the judge lists candidates in agent-event order. */
export function parseFailureReason(reason: string): ParsedFailureReason {
  const text = reason.trim();
  if (/^Tool count mismatch\b/.test(text)) {
    return { family: 'tool_count', check: 'tool_count', tool: null, oracleId: null, agentId: null, detail: text };
  }
  if (/^SMU count mismatch\b/.test(text)) {
    return { family: 'smu_count', check: 'smu_count', tool: null, oracleId: null, agentId: null, detail: text };
  }
  const cannotMatch = CANNOT_MATCH.exec(text);
  if (cannotMatch) {
    const detail = cannotMatch[3] ?? '';
    const [agentId, rationale] = firstCandidate(detail);
    const { family, check } = classifyRationale(rationale);
    return { family, check, tool: cannotMatch[1] ?? null, oracleId: cannotMatch[2] ?? null, agentId, detail };
  }
  const [agentId, rationale] = firstCandidate(text);
  const { family, check } = classifyRationale(rationale);
  return { family, check, tool: null, oracleId: null, agentId, detail: text };
}

/** The deciding check of a reason, e.g. `eq_checker:end_location`, `email_checker`, `tool_count`; null when unknown. */
export function decidingCheck(reason: string): string | null {
  return parseFailureReason(reason).check;
}

function isPresent(value: unknown): boolean {
  return value !== undefined && value !== null && value !== false && value !== '';
}

/**
 * The failure family of a run from its verdict and first failure reason; null for a passing run.
 * timeout and infra come from the verdict (timed out, crashed, no judgement); the rest from the reason.
 */
export function failureFamilyOf(reason: string | null, verdict: VerdictFlags): FailureFamily | null {
  if (verdict.success === true) return null;
  if (isPresent(verdict.timed_out)) return 'timeout';
  if (verdict.success !== false || isPresent(verdict.error)) return 'infra';
  return reason === null || reason.trim() === '' ? 'other' : parseFailureReason(reason).family;
}
