import { basename, dirname, joinPath, type FileSource } from '../../fileSource';
import type { Diagnostic, FailureFamily, Outcome } from '../../model';
import { failureFamilyOf } from '../failureFamily';
import { jsonOfRead, readFileBytes, readFileBytesSync, type FileRead } from '../jsonLines';
import { isObject, numberOrNull, stringOrNull, type JsonObject } from './values';

/** result.json is a few kilobytes; anything far larger is not a verdict. */
export const MAX_VERDICT_BYTES = 8 * 1024 * 1024;

/** GAIA2 splits, which OmnilingualGAIA2 calls capabilities: by name, to the one string each run keeps. */
const CAPABILITIES = new Map(['execution', 'search', 'adaptability', 'ambiguity', 'time'].map((name) => [name, name]));

export interface Gaia2Verdict {
  scenarioId: string;
  outcome: Outcome;
  /** First failure reason as the verifier wrote it, or the infrastructure error; null for passing runs. */
  failureReason: string | null;
  failureFamily: FailureFamily | null;
  score: number | null;
  capability: string | null;
  /** The final answer as result.json records it. */
  agentResponse: string | null;
  /** The raw verdict object, for the verifier checks of the trajectory. */
  raw: JsonObject | null;
}

export interface VerdictResult {
  /** Null when result.json is valid JSON but not a GAIA2 verdict: the directory belongs to some other tool. */
  verdict: Gaia2Verdict | null;
  diagnostics: Diagnostic[];
}

const GAIA2_VERDICT_FIELDS = ['scenario_id', 'failure_reasons', 'daemon_status', 'num_agent_events', 'scenario_file'];

/** A GAIA2 verdict has `success` (true, false or null) and at least one field only gaia2-cli writes beside it. */
function isGaia2Verdict(value: JsonObject): boolean {
  const success = value.success;
  if (!(success === true || success === false || success === null)) return false;
  return GAIA2_VERDICT_FIELDS.some((field) => field in value);
}

/** The split named by a folder: the run directory's parent, else a segment of `scenario_file`. */
export function capabilityOf(dir: string, scenarioFile: string | null): string | null {
  const parent = CAPABILITIES.get(basename(dirname(dir)));
  if (parent !== undefined) return parent;
  if (scenarioFile === null) return null;
  const segments = scenarioFile.split(/[\\/]/);
  for (let i = segments.length - 2; i >= 0; i--) {
    const capability = CAPABILITIES.get(segments[i] as string);
    if (capability !== undefined) return capability;
  }
  return null;
}

/** The verifier's first failure: `failure_reasons[0]`, else the judgment the daemon status inside result.json holds. */
function firstFailureReason(raw: JsonObject): string | null {
  const reasons = Array.isArray(raw.failure_reasons) ? raw.failure_reasons : [];
  const first = reasons.find((r): r is string => typeof r === 'string' && r.trim() !== '');
  if (first !== undefined) return first;
  const judgment = isObject(raw.daemon_status) ? raw.daemon_status.judgment : null;
  const fromStatus = isObject(judgment) ? stringOrNull(judgment.failure_reason) : null;
  return fromStatus !== null && fromStatus.trim() !== '' ? fromStatus : null;
}

function infraReason(raw: JsonObject): string {
  const error = stringOrNull(raw.error);
  if (error !== null && error.trim() !== '') return error;
  if (raw.timed_out === true) {
    const seconds = numberOrNull(raw.timeout_seconds);
    return seconds === null ? 'timed out' : `timed out after ${seconds} s`;
  }
  return 'no verdict: success is null (infrastructure error)';
}

/**
 * Only a judged run is infrastructure-clean. A run that timed out before the daemon judged it has no verdict that
 * counts (a null verdict, an error, or success false written by the runner's own clock), so it is infrastructure;
 * a judged run keeps the judge's verdict even when the runner's wait also ran out.
 */
function outcomeOf(raw: JsonObject): Outcome {
  if (raw.success === true) return 'pass';
  const error = raw.error !== undefined && raw.error !== null && raw.error !== '';
  const unjudgedTimeout = raw.timed_out === true && !wasJudged(raw);
  return raw.success === false && !error && !unjudgedTimeout ? 'fail' : 'infra';
}

/** A run the daemon judged fails for the judge's reason, whether or not the runner's wait also ran out. */
function wasJudged(raw: JsonObject): boolean {
  return isObject(raw.daemon_status) && isObject(raw.daemon_status.judgment);
}

/** Interprets a parsed result.json; `dir` is the run directory (for the scenario id and split when absent). */
export function verdictFromJson(raw: JsonObject, dir: string): Gaia2Verdict {
  const outcome = outcomeOf(raw);
  const reason = firstFailureReason(raw);
  const failureReason = outcome === 'pass' ? null : outcome === 'infra' ? (reason ?? infraReason(raw)) : reason;
  const reward = numberOrNull(raw.reward);
  return {
    scenarioId: stringOrNull(raw.scenario_id) ?? basename(dir),
    outcome,
    failureReason,
    failureFamily: failureFamilyOf(reason, {
      success: typeof raw.success === 'boolean' ? raw.success : null,
      error: raw.error,
      timed_out: wasJudged(raw) ? undefined : raw.timed_out,
    }),
    score: reward ?? (outcome === 'pass' ? 1 : outcome === 'fail' ? 0 : null),
    capability: capabilityOf(dir, stringOrNull(raw.scenario_file)),
    agentResponse: stringOrNull(raw.agent_response),
    raw,
  };
}

/** A run whose verdict is missing or unreadable: infrastructure failure, with the reason shown to the user. */
export function missingVerdict(dir: string, reason: string): Gaia2Verdict {
  return {
    scenarioId: basename(dir),
    outcome: 'infra',
    failureReason: reason,
    failureFamily: 'infra',
    score: null,
    capability: capabilityOf(dir, null),
    agentResponse: null,
    raw: null,
  };
}

/** How a JSON value reads in a message: `1`, `"yes"`, or what a number too large for a double became. */
function valueText(value: unknown): string {
  return typeof value === 'number' && !Number.isFinite(value) ? 'a number out of range' : JSON.stringify(value);
}

/**
 * Values of result.json the verdict cannot rest on, each named with its field: a reward that is not a number, and a
 * reward that contradicts `success` (the verdict follows `success`, as gaia2-cli's own report does, and says so).
 */
function verdictProblems(raw: JsonObject, path: string): Diagnostic[] {
  const problems: string[] = [];
  const reward = raw.reward;
  if (reward !== undefined && reward !== null && numberOrNull(reward) === null) {
    problems.push(`field "reward" is ${valueText(reward)}, not a number: the score follows "success"`);
  }
  const score = numberOrNull(reward);
  if (raw.success === null && score !== null && raw.error == null && raw.timed_out !== true) {
    problems.push(`field "success" is null while "reward" is ${score}: no verdict was recorded, so the run counts as infrastructure`);
  } else if ((raw.success === true && score === 0) || (raw.success === false && score !== null && score >= 1)) {
    problems.push(`field "success" is ${String(raw.success)} while "reward" is ${score}: the outcome follows "success"`);
  }
  return problems.map((message) => ({ path, line: null, message, severity: 'warning' }));
}

function jsonKind(value: unknown): string {
  if (value === null) return 'null';
  return Array.isArray(value) ? 'array' : typeof value;
}

/** The verdict a read of `<dir>/result.json` gave. */
function verdictOfRead(dir: string, read: FileRead): VerdictResult {
  const path = joinPath(dir, 'result.json');
  const { value, diagnostics } = jsonOfRead(path, read);
  if (value === undefined) {
    const reason = `verdict unreadable: ${diagnostics[0]?.message ?? 'result.json could not be read'}`;
    return { verdict: missingVerdict(dir, reason), diagnostics };
  }
  if (!isObject(value) || !isGaia2Verdict(value)) {
    const what = isObject(value) ? 'an object without a GAIA2 `success` verdict' : `a JSON ${jsonKind(value)}`;
    const message = `unrecognised: result.json is ${what}, not a GAIA2 verdict`;
    return { verdict: null, diagnostics: [{ path, line: null, message, severity: 'warning' }] };
  }
  return { verdict: verdictFromJson(value, dir), diagnostics: [...diagnostics, ...verdictProblems(value, path)] };
}

/** Reads `<dir>/result.json`: the one read indexing does per run. */
export async function readGaia2Verdict(fs: FileSource, dir: string): Promise<VerdictResult> {
  return verdictOfRead(dir, await readFileBytes(fs, joinPath(dir, 'result.json'), MAX_VERDICT_BYTES));
}

/** Like readGaia2Verdict, at once; null when the source cannot read at once. */
export function readGaia2VerdictSync(fs: FileSource, dir: string): VerdictResult | null {
  const read = readFileBytesSync(fs, joinPath(dir, 'result.json'), MAX_VERDICT_BYTES);
  return read && verdictOfRead(dir, read);
}
