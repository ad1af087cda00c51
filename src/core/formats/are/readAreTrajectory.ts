import type { DirEntry, FileSource } from '../../fileSource';
import type {
  Diagnostic,
  JudgeRecord,
  MessageStep,
  OracleEvent,
  RunSummary,
  Step,
  ToolCallStep,
  Trajectory,
  VerifierCheck,
} from '../../model';
import { countCheckFromReason, judgeFromReason } from '../failureReasonRecords';
import { mergeTraceIntoSteps, NOT_EXECUTED } from '../gaia2/mergeTraceIntoSteps';
import { withKnownOracleIds } from '../judgeOracleLinks';
import { runKey } from '../reader';
import { parseAreRationale } from './classicRationale';
import { hfTrace, type ActionInfo, type HfTrace } from './hfTrace';
import { liteCalls, liteCallTime, liteSteps, liteTask } from './liteSteps';
import { liteTrace, type LiteMessage, type LiteTrace } from './liteTrace';
import { liteNotifications } from './notifications';
import { withObservedReturns } from './observedReturns';
import { inTimeOrder } from './timeOrder';
import { readTraceDocument, type TraceDocument } from './traceDocument';
import { HF_DIR, LITE_DIR, listTraceFiles, type TraceFile } from './traceFiles';

// Loading one ARE run: the hf trace gives what ran (completed events) and what was expected (oracle events); the lite
// trace gives the agent's side (its thoughts, calls the environment rejected) and the validator's rationale.

export const NOT_LOGGED = 'not executed by the environment (no matching completed event in the hf trace)';

function problem(path: string, message: string, severity: Diagnostic['severity'] = 'error'): Diagnostic {
  return { path: path || '.', line: null, message, severity };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function requestorOf(eventType: string | null, fallback: ToolCallStep['requestor']): ToolCallStep['requestor'] {
  if (eventType === 'AGENT') return 'assistant';
  if (eventType === 'USER') return 'user';
  if (eventType === 'ENV') return null;
  return fallback;
}

/** Who issued each logged action and how it failed, which the hf log states and the GAIA2 step builders guess. */
function annotate(steps: Step[], info: ReadonlyMap<string, ActionInfo>): Step[] {
  return steps.map((step) => {
    if (step.kind !== 'tool_call') return step;
    if (step.error === NOT_EXECUTED) return { ...step, error: NOT_LOGGED };
    const action = step.callId === null ? undefined : info.get(step.callId);
    if (action === undefined) return step;
    return { ...step, requestor: requestorOf(action.eventType, step.requestor), error: action.exception };
  });
}

function systemMessages(lite: LiteTrace | null): MessageStep[] {
  return (lite?.messages ?? [])
    .filter((m) => m.role === 'system')
    .map((m) => ({ kind: 'message', role: 'system', text: m.content, reasoning: null, time: m.time }));
}

/** A call only the history has is timed by the agent output that made it. */
function withCallTimes(steps: Step[], messages: readonly LiteMessage[]): Step[] {
  return steps.map((step) => (step.kind === 'tool_call' && step.time === null ? { ...step, time: liteCallTime(messages, step.callId) } : step));
}

function stepsOf(hf: HfTrace | null, lite: LiteTrace | null): Step[] {
  if (hf === null) return lite === null ? [] : liteSteps(lite.messages);
  // The lite history repeats whatever notifications world_logs holds, so those count only without it.
  if (lite === null) return inTimeOrder([...annotate(mergeTraceIntoSteps(hf.actions, null), hf.actionInfo), ...hf.notifications]);
  const trace = liteCalls(lite.messages);
  const merged = withObservedReturns(annotate(mergeTraceIntoSteps(hf.actions, trace), hf.actionInfo), trace);
  // A notification reports events that already happened: at an equal time it follows them.
  const timed = inTimeOrder([...withCallTimes(merged, lite.messages), ...liteNotifications(lite.messages)]);
  return [...systemMessages(lite), ...timed];
}

function verdictCheck(run: RunSummary, reason: string | null): VerifierCheck {
  if (run.outcome === 'pass') return { name: 'verdict', passed: true, detail: 'validation decision: Valid' };
  if (run.outcome === 'fail') return { name: 'verdict', passed: false, detail: reason ?? 'Invalid (no rationale recorded)' };
  return { name: 'verdict', passed: null, detail: reason ?? 'no verdict' };
}

interface VerifierRecords {
  checks: VerifierCheck[];
  judge: JudgeRecord[];
}

/** A record naming only a tool belongs to that tool's oracle event when the scenario expects that tool once. */
function linkedByTool(record: JudgeRecord, oracle: readonly OracleEvent[]): JudgeRecord {
  if (record.oracleId !== null || record.tool === null) return record;
  const events = oracle.filter((event) => event.tool === record.tool);
  return events.length === 1 && events[0] ? { ...record, oracleId: events[0].id } : record;
}

/** The validator's first failure as a judge record (and a count check when it is a count mismatch). */
function verifierRecords(run: RunSummary, reason: string | null, oracle: readonly OracleEvent[]): VerifierRecords {
  const failure = run.outcome === 'fail' ? reason : null;
  const countCheck = failure === null ? null : countCheckFromReason(failure, parseAreRationale);
  const judge = failure === null ? [] : withKnownOracleIds([judgeFromReason(failure, parseAreRationale)], oracle);
  return {
    checks: [...(countCheck ? [countCheck] : []), verdictCheck(run, reason)],
    judge: judge.map((record) => linkedByTool(record, oracle)),
  };
}

async function listing(fs: FileSource, dir: string): Promise<{ entries: DirEntry[]; diagnostics: Diagnostic[] }> {
  try {
    return { entries: await fs.list(dir), diagnostics: [] };
  } catch (error) {
    return { entries: [], diagnostics: [problem(dir, `cannot list the ARE output folder: ${errorText(error)}`)] };
  }
}

interface RunTraceFiles {
  /** Listing of the output folder; empty for a run that is a trace file of its own. */
  entries: DirEntry[];
  runFiles: TraceFile[];
  diagnostics: Diagnostic[];
}

/** The trace files of run `key`: in its output folder, or the run's path itself when it is a single trace file. */
async function traceFilesOf(fs: FileSource, path: string, key: string): Promise<RunTraceFiles> {
  if ((await fs.stat(path))?.type === 'file') return { entries: [], runFiles: [{ path, kind: 'either' }], diagnostics: [] };
  const { entries, diagnostics } = await listing(fs, path);
  const files = await listTraceFiles(fs, path, entries);
  diagnostics.push(...files.diagnostics, ...(files.duplicates.get(key) ?? []));
  return { entries, runFiles: files.byRun.get(key) ?? [], diagnostics };
}

function emptyTrajectory(run: RunSummary, diagnostics: Diagnostic[]): Trajectory {
  const records = verifierRecords(run, run.failureReason, []);
  return { run, task: null, steps: [], finalAnswer: null, oracle: [], ...records, diagnostics };
}

/** Both exports were written, yet one of this run's files is missing: the export is incomplete. */
function missingHalf(dir: string, key: string, entries: readonly DirEntry[], documents: readonly TraceDocument[]): Diagnostic[] {
  const both = [HF_DIR, LITE_DIR].every((name) => entries.some((e) => e.name === name && e.type === 'directory'));
  const hasHf = documents.some((d) => d.kind === 'hf');
  const hasLite = documents.some((d) => d.kind === 'lite');
  if (!both || (hasHf && hasLite)) return [];
  const consequence = hasHf ? 'no validator rationale or agent reasoning' : 'no oracle events; steps from the interaction history';
  return [problem(dir, `run ${key} has no readable trace in ${hasHf ? LITE_DIR : HF_DIR}/ (${consequence})`, 'warning')];
}

function lastAnswer(steps: readonly Step[]): string | null {
  const last = [...steps].reverse().find((s) => s.kind === 'message' && s.role === 'assistant' && s.text.trim() !== '');
  return last?.kind === 'message' ? last.text : null;
}

export async function readAreTrajectory(fs: FileSource, run: RunSummary): Promise<Trajectory> {
  const key = runKey(run);
  if (key === null) {
    return emptyTrajectory(run, [problem(run.path, `run id ${run.id} names no ARE run (expected <folder>#<scenario>_run_<n>)`)]);
  }
  const { entries, runFiles, diagnostics } = await traceFilesOf(fs, run.path, key);
  if (runFiles.length === 0) {
    diagnostics.push(problem(run.path, `no trace file for run ${key} in ${HF_DIR}/, ${LITE_DIR}/ or the folder itself`));
    return emptyTrajectory(run, diagnostics);
  }
  const read = await Promise.all(runFiles.map((file) => readTraceDocument(fs, file)));
  const documents = read.flatMap((r) => (r.document === null ? [] : [r.document]));
  const hfDocument = documents.find((d) => d.kind === 'hf');
  const liteDocument = documents.find((d) => d.kind === 'lite');
  const hf = hfDocument ? hfTrace(hfDocument.value, hfDocument.path) : null;
  const lite = liteDocument ? liteTrace(liteDocument.value, liteDocument.path) : null;
  diagnostics.push(
    ...read.flatMap((r) => r.diagnostics),
    ...(hf?.diagnostics ?? []),
    ...(lite?.diagnostics ?? []),
    ...missingHalf(run.path, key, entries, documents),
  );

  const steps = stepsOf(hf, lite);
  const firstUser = steps.find((s) => s.kind === 'message' && s.role === 'user');
  const oracle = hf?.oracle ?? [];
  const reason = run.outcome === 'pass' ? null : (lite?.rationale ?? run.failureReason);
  return {
    run,
    task: firstUser?.kind === 'message' ? firstUser.text : lite === null ? null : liteTask(lite.messages),
    steps,
    finalAnswer: lastAnswer(steps),
    oracle,
    ...verifierRecords(run, reason, oracle),
    diagnostics,
  };
}
