import { dirname, entryNotReadText, joinPath, type DirEntry, type FileSource } from '../../fileSource';
import type { Diagnostic, JudgeRecord, OracleEvent, RunSummary, Trajectory, VerifierCheck } from '../../model';
import { countCheckFromReason, judgeFromReason } from '../failureReasonRecords';
import { forEachJsonLine, readJsonFile, readTextFile } from '../jsonLines';
import { withKnownOracleIds } from '../judgeOracleLinks';
import type { FormatReader, IndexResult } from '../reader';
import { mergeTraceIntoSteps } from './mergeTraceIntoSteps';
import {
  isMessageToUser,
  isUserMessage,
  messageContent,
  readGaia2Events,
  type EventsResult,
  type Gaia2Event,
} from './readGaia2Events';
import { readGaia2Judgments, type JudgmentsResult } from './readGaia2Judgments';
import { readGaia2Trace, type TraceResult } from './readGaia2Trace';
import { missingVerdict, readGaia2Verdict, readGaia2VerdictSync, type Gaia2Verdict, type VerdictResult } from './readGaia2Verdict';
import { isObject, stringOrNull } from './values';

// The gaia2-cli runner writes one directory per scenario run: result.json (verdict) beside events.jsonl (environment
// log), daemon_judgments.jsonl (judge log), daemon_status.json, trace.jsonl (LLM calls) and agent_response.txt.

const RUN_FILES = ['events.jsonl', 'daemon_judgments.jsonl', 'daemon_status.json', 'agent_response.txt'];
/** Files the runner writes beside the runs (output root) and inside each run directory besides result.json. */
const AUXILIARY_FILES = new Set([
  'run_config.json',
  'results.jsonl',
  'index.html',
  ...RUN_FILES,
  'trace.jsonl',
  'trace.html',
  'user_details.json',
  'notifications.jsonl',
  'eventd.log',
  'entrypoint.log',
  'openclaw.log',
]);
const SMALL_FILE_BYTES = 8 * 1024 * 1024;
const ANSWER_BYTES = 4 * 1024 * 1024;

function isFile(entries: DirEntry[], name: string): boolean {
  return entries.some((e) => e.name === name && e.type === 'file');
}

/** A run that crashed before writing result.json still left its environment log or daemon state: an infra run. */
const CRASH_EVIDENCE = ['events.jsonl', 'daemon_status.json'];

function claimsDirectory(entries: DirEntry[]): boolean {
  if (isFile(entries, 'result.json')) return RUN_FILES.some((name) => isFile(entries, name));
  return CRASH_EVIDENCE.some((name) => isFile(entries, name));
}

/** The index of a run folder from what its result.json gave; null: the folder has none (the run crashed before). */
function indexOfVerdict(dir: string, found: VerdictResult | null): IndexResult {
  const { verdict, diagnostics } = found ?? {
    verdict: missingVerdict(dir, 'no verdict: result.json is missing (the run crashed before writing it)'),
    diagnostics: [
      {
        path: joinPath(dir, 'result.json'),
        line: null,
        message: 'missing: the run left no verdict; counted as infrastructure',
        severity: 'warning' as const,
      },
    ],
  };
  if (verdict === null) return { runs: [], diagnostics };
  return {
    runs: [
      {
        path: dir,
        key: null,
        format: 'gaia2-cli',
        scenarioId: verdict.scenarioId,
        outcome: verdict.outcome,
        capability: verdict.capability,
        failureFamily: verdict.failureFamily,
        failureReason: verdict.failureReason,
        score: verdict.score,
        model: null,
        // The `<agent>` folder above the language folder: pairing names it.
        agent: null,
        setting: null,
        languageHint: null,
        runIndexHint: null,
      },
    ],
    diagnostics,
  };
}

async function indexDirectory(fs: FileSource, dir: string, entries: DirEntry[]): Promise<IndexResult> {
  return indexOfVerdict(dir, isFile(entries, 'result.json') ? await readGaia2Verdict(fs, dir) : null);
}

function indexDirectorySync(fs: FileSource, dir: string, entries: DirEntry[]): IndexResult | null {
  if (!isFile(entries, 'result.json')) return indexOfVerdict(dir, null);
  const found = readGaia2VerdictSync(fs, dir);
  return found && indexOfVerdict(dir, found);
}

interface DaemonStatus {
  lastResponse: string | null;
  judgment: { success: boolean | null; failureReason: string | null } | null;
}

interface DaemonStatusResult {
  status: DaemonStatus | null;
  diagnostics: Diagnostic[];
}

async function readDaemonStatus(fs: FileSource, path: string): Promise<DaemonStatusResult> {
  const { value, diagnostics } = await readJsonFile(fs, path, SMALL_FILE_BYTES);
  if (!isObject(value)) {
    if (value === undefined) return { status: null, diagnostics };
    const shape: Diagnostic = { path, line: null, message: 'not a daemon status object', severity: 'warning' };
    return { status: null, diagnostics: [shape] };
  }
  const judgment = isObject(value.judgment) ? value.judgment : null;
  return {
    status: {
      lastResponse: stringOrNull(value.last_response),
      judgment: judgment && {
        success: typeof judgment.success === 'boolean' ? judgment.success : null,
        failureReason: stringOrNull(judgment.failure_reason),
      },
    },
    diagnostics,
  };
}

function verdictCheck(verdict: Gaia2Verdict): VerifierCheck {
  const passed = verdict.outcome === 'pass' ? true : verdict.outcome === 'fail' ? false : null;
  const detail =
    verdict.outcome === 'pass'
      ? 'all oracle events matched'
      : (verdict.failureReason ?? (verdict.outcome === 'fail' ? 'failed (no reason recorded)' : 'no verdict'));
  return { name: 'verdict', passed, detail };
}

/** The answer file, else result.json's copy, else the last logged message to the user, else the daemon's. */
function finalAnswerOf(
  answerFile: string | null,
  verdict: Gaia2Verdict,
  events: Gaia2Event[],
  status: DaemonStatus | null,
): string | null {
  const lastMessage = [...events].reverse().find(isMessageToUser);
  const lastText = lastMessage && messageContent(lastMessage);
  const candidates = [answerFile, verdict.agentResponse, lastText, status?.lastResponse];
  return candidates.find((text): text is string => typeof text === 'string' && text.trim() !== '')?.trim() ?? null;
}

/** Validates the files the view does not use, so `--check` reports every problem a run directory has. */
async function checkOptionalFiles(fs: FileSource, dir: string, names: Set<string>): Promise<Diagnostic[]> {
  const diagnostics: Diagnostic[] = [];
  if (names.has('user_details.json')) {
    diagnostics.push(...(await readJsonFile(fs, joinPath(dir, 'user_details.json'), SMALL_FILE_BYTES)).diagnostics);
  }
  if (names.has('notifications.jsonl')) {
    diagnostics.push(...(await forEachJsonLine(fs, joinPath(dir, 'notifications.jsonl'), () => undefined)));
  }
  return diagnostics;
}

/** Files a run's trajectory is read from. */
const TRAJECTORY_FILES = new Set(['result.json', ...RUN_FILES, 'trace.jsonl']);

async function listNames(fs: FileSource, dir: string): Promise<{ names: Set<string>; diagnostics: Diagnostic[] }> {
  try {
    const entries = await fs.list(dir);
    // One of them that is not a file (a FIFO, a folder, a link leading out) is named: its steps would be missing.
    const unread = entries.filter((e) => e.type !== 'file' && TRAJECTORY_FILES.has(e.name));
    return {
      names: new Set(entries.filter((e) => e.type === 'file').map((e) => e.name)),
      diagnostics: unread.map((e) => ({ path: joinPath(dir, e.name), line: null, message: entryNotReadText(e), severity: 'error' })),
    };
  } catch (error) {
    const message = `cannot list the run directory: ${error instanceof Error ? error.message : String(error)}`;
    return { names: new Set(['result.json']), diagnostics: [{ path: dir, line: null, message, severity: 'error' }] };
  }
}

/** Files the runner writes once per output root: the run directory's parent (no split folders) or grandparent. */
const OUTPUT_ROOT_FILES = ['run_config.json', 'results.jsonl'];

/** Validates each output root's run_config.json and results.jsonl once, however many runs share them. */
async function checkSharedFiles(fs: FileSource, runs: readonly RunSummary[]): Promise<Diagnostic[]> {
  const roots = new Set(runs.flatMap((run) => [dirname(run.path), dirname(dirname(run.path))]));
  const diagnostics: Diagnostic[] = [];
  for (const root of roots) {
    for (const name of OUTPUT_ROOT_FILES) {
      const path = joinPath(root, name);
      if ((await fs.stat(path)) === null) continue;
      diagnostics.push(
        ...(name.endsWith('.jsonl') ? await forEachJsonLine(fs, path, () => undefined) : (await readJsonFile(fs, path, SMALL_FILE_BYTES)).diagnostics),
      );
    }
  }
  return diagnostics;
}

/** Checks and judge records: from the judge log when there is one, else from the verdict's reason. */
function verifierRecords(
  verdict: Gaia2Verdict,
  judgments: JudgmentsResult | null,
  status: DaemonStatus | null,
): { checks: VerifierCheck[]; judge: JudgeRecord[] } {
  const reason = verdict.outcome === 'pass' ? null : (verdict.failureReason ?? status?.judgment?.failureReason ?? null);
  if (judgments !== null && (judgments.judge.length > 0 || judgments.oracle.length > 0)) {
    return { checks: [...judgments.checks, verdictCheck(verdict)], judge: judgments.judge };
  }
  const countCheck = reason === null ? null : countCheckFromReason(reason);
  return {
    checks: [...(countCheck ? [countCheck] : []), verdictCheck(verdict)],
    judge: reason !== null && verdict.outcome === 'fail' ? [judgeFromReason(reason)] : [],
  };
}

/** Without a judge log, the oracle event the verifier's reason names is the only one known (its arguments are not). */
function oracleNamedByReason(judge: JudgeRecord[]): OracleEvent[] {
  return judge.flatMap((record) =>
    record.oracleId !== null && record.tool !== null ? [{ id: record.oracleId, tool: record.tool, args: {}, turn: null }] : [],
  );
}

const NO_TEXT = { text: null, diagnostics: [] };
const NO_STATUS: DaemonStatusResult = { status: null, diagnostics: [] };
const NO_EVENTS: EventsResult = { events: [], diagnostics: [] };

/** What a run's files hold, as read, and every problem found reading them. */
interface RunFiles {
  verdict: Gaia2Verdict;
  events: Gaia2Event[];
  judgments: JudgmentsResult | null;
  status: DaemonStatus | null;
  answer: string | null;
  trace: TraceResult | null;
  diagnostics: Diagnostic[];
}

async function readRunFiles(fs: FileSource, dir: string, check: boolean): Promise<RunFiles> {
  const listing = await listNames(fs, dir);
  const optional = <T>(name: string, read: (path: string) => Promise<T>, absent: T): Promise<T> =>
    listing.names.has(name) ? read(joinPath(dir, name)) : Promise.resolve(absent);

  const noVerdict = { verdict: missingVerdict(dir, 'no verdict: result.json is missing'), diagnostics: [] };
  const [verdictResult, eventsResult, judgments, statusResult, answerResult, trace] = await Promise.all([
    listing.names.has('result.json') ? readGaia2Verdict(fs, dir) : Promise.resolve(noVerdict),
    optional('events.jsonl', (path) => readGaia2Events(fs, path), NO_EVENTS),
    optional<JudgmentsResult | null>('daemon_judgments.jsonl', (path) => readGaia2Judgments(fs, path), null),
    optional('daemon_status.json', (path) => readDaemonStatus(fs, path), NO_STATUS),
    optional('agent_response.txt', (path) => readTextFile(fs, path, ANSWER_BYTES), NO_TEXT),
    optional<TraceResult | null>('trace.jsonl', (path) => readGaia2Trace(fs, path), null),
  ]);
  return {
    verdict: verdictResult.verdict ?? missingVerdict(dir, 'result.json is not a GAIA2 verdict'),
    events: eventsResult.events,
    judgments,
    status: statusResult.status,
    answer: answerResult.text,
    trace,
    diagnostics: [
      ...listing.diagnostics,
      ...verdictResult.diagnostics,
      ...eventsResult.diagnostics,
      ...(judgments?.diagnostics ?? []),
      ...statusResult.diagnostics,
      ...answerResult.diagnostics,
      ...(trace?.diagnostics ?? []),
      ...(check ? await checkOptionalFiles(fs, dir, listing.names) : []),
    ],
  };
}

async function readTrajectory(fs: FileSource, run: RunSummary, options: { check?: boolean } = {}): Promise<Trajectory> {
  const { verdict, events, judgments, status, answer, trace, diagnostics } = await readRunFiles(fs, run.path, options.check ?? false);
  const userTask = events.find(isUserMessage);
  const { checks, judge } = verifierRecords(verdict, judgments, status);
  const oracle = judgments?.oracle.length ? judgments.oracle : oracleNamedByReason(judge);
  return {
    run,
    task: userTask ? messageContent(userTask) : (trace?.firstUserText ?? null),
    steps: mergeTraceIntoSteps(events, trace),
    finalAnswer: finalAnswerOf(answer, verdict, events, status),
    oracle,
    checks,
    judge: withKnownOracleIds(judge, oracle),
    diagnostics,
  };
}

export const gaia2CliReader: FormatReader = {
  format: 'gaia2-cli',
  claimsDirectory,
  // Forced: a result.json alone is a run whose environment log was not kept.
  claimsForcedDirectory: (entries) => claimsDirectory(entries) || isFile(entries, 'result.json'),
  isAuxiliaryFile: (name) => AUXILIARY_FILES.has(name),
  indexDirectory,
  indexDirectorySync,
  readTrajectory,
  checkRun: async (fs, run) => (await readRunFiles(fs, run.path, true)).diagnostics,
  checkSharedFiles,
};
