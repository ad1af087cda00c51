import { withKnownOracleIds } from '../judgeOracleLinks';
import type { DirEntry, FileSource } from '../../fileSource';
import type { Diagnostic, MessageStep, RunDetail, RunSummary, Step, Trajectory } from '../../model';
import { runKey } from '../reader';
import { stringOrNull, type JsonObject } from '../gaia2/values';
import { evaluationOf, toolKinds } from './evaluation';
import { messageSteps, type MessageStepsResult } from './messageSteps';
import { checkSkippedResults, readInlineSimulation, readResults, readResultsFile, readSimulationFile, simulationPath, type ResultsDocument } from './resultsFile';
import { reviewRecords, type StepLocator } from './reviewRecords';
import { simulationRefs, taskIdOf } from './simulationRefs';
import { findTask, taskText } from './taskText';
import { tickMessages } from './tickMessages';

interface FoundSimulation {
  simulation: JsonObject;
  /** File holding the simulation. */
  path: string;
  /** How diagnostics name the simulation inside that file (`simulations[3]`), '' when it is the whole file. */
  where: string;
  taskId: string | null;
}

interface Lookup {
  found: FoundSimulation | null;
  diagnostics: Diagnostic[];
}

function problem(path: string, message: string): Diagnostic {
  return { path, line: null, message, severity: 'error' };
}

async function findSimulation(fs: FileSource, dir: string, document: ResultsDocument, key: string): Promise<Lookup> {
  if (document.format === 'json') {
    const identities = document.simulations.map((s) => s.identity);
    const ref = simulationRefs(identities, 'simulations', document.path).refs.find((r) => r.key === key);
    if (ref === undefined) return { found: null, diagnostics: [problem(document.path, `simulation ${JSON.stringify(key)} is not in this file`)] };
    const { simulation, diagnostics } = await readInlineSimulation(fs, document, ref.position);
    return { found: simulation === null ? null : { simulation, path: document.path, where: `simulations[${ref.position}]`, taskId: ref.taskId }, diagnostics };
  }
  const path = simulationPath(dir, key);
  const { simulation, diagnostics } = await readSimulationFile(fs, path);
  return { found: simulation === null ? null : { simulation, path, where: '', taskId: taskIdOf(simulation.task_id) }, diagnostics };
}

function lastAssistantText(steps: readonly Step[]): string | null {
  const last = [...steps].reverse().find((s): s is MessageStep => s.kind === 'message' && s.role === 'assistant');
  return last === undefined ? null : last.text.trim();
}

interface Conversation {
  result: MessageStepsResult;
  locate: StepLocator;
  finalAnswer: string | null;
}

/** Steps from `messages`, else from voice `ticks`, and how turns and ticks map to them. */
function conversationOf(found: FoundSimulation, kinds: ReturnType<typeof toolKinds>): Conversation {
  const { simulation, path, where } = found;
  const inside = (name: string): string => (where === '' ? name : `${where}.${name}`);
  const warnings: Diagnostic[] = [];
  const listOf = (name: 'messages' | 'ticks'): unknown[] | null => {
    const value = simulation[name];
    if (Array.isArray(value)) return value;
    if (value !== undefined && value !== null) warnings.push({ path, line: null, message: `${inside(name)} is not a list; not shown`, severity: 'warning' });
    return null;
  };
  const messages = listOf('messages');
  const ticks = listOf('ticks');
  if (ticks !== null && (messages === null || messages.length === 0)) {
    const flat = tickMessages(ticks, path, (i) => inside(`ticks[${i}]`));
    const result = messageSteps(flat.messages, path, (i) => inside(`ticks[${flat.tickOf[i] ?? '?'}]`), kinds);
    result.diagnostics.unshift(...warnings, ...flat.diagnostics);
    const locate: StepLocator = ({ turn, tick }) => {
      const position = tick !== null ? flat.tickOf.findIndex((t) => t >= tick) : turn;
      return position === null || position < 0 ? null : (result.turnSteps.get(position) ?? null);
    };
    // The agent's last words are no answer to show when only their ticks are known.
    const lastSpeech = flat.messages.findLastIndex((m) => m.role === 'assistant' && typeof m.content === 'string' && m.content !== '');
    return { result, locate, finalAnswer: flat.untranscribed.has(lastSpeech) ? null : lastAssistantText(result.steps) };
  }
  if (messages === null && ticks === null && warnings.length === 0) {
    warnings.push({ path, line: null, message: `${inside('messages')}: no messages or ticks recorded`, severity: 'warning' });
  }
  const result = messageSteps(messages ?? [], path, (i) => inside(`messages[${i}]`), kinds);
  result.diagnostics.unshift(...warnings);
  return { result, locate: ({ turn }) => (turn === null ? null : (result.turnSteps.get(turn) ?? null)), finalAnswer: lastAssistantText(result.steps) };
}

/** The simulation's communication mode, how it ended, and for voice runs how many ticks it recorded. */
function runDetails(simulation: JsonObject): RunDetail[] {
  const details: RunDetail[] = [];
  const mode = stringOrNull(simulation.mode);
  if (mode !== null && mode !== '') details.push({ name: 'Mode', value: mode });
  const termination = stringOrNull(simulation.termination_reason);
  if (termination !== null && termination !== '') details.push({ name: 'Termination', value: termination });
  if (Array.isArray(simulation.ticks)) details.push({ name: 'Ticks', value: String(simulation.ticks.length) });
  return details;
}

function emptyTrajectory(run: RunSummary, diagnostics: Diagnostic[]): Trajectory {
  return { run, task: null, steps: [], finalAnswer: null, oracle: [], checks: [], judge: [], diagnostics };
}

interface RunResults {
  document: ResultsDocument | null;
  diagnostics: Diagnostic[];
}

/** The results document of a run directory (or of a loose results file, when run.path is one). */
async function runResults(fs: FileSource, path: string, check: boolean): Promise<RunResults> {
  if ((await fs.stat(path))?.type === 'file') return readResultsFile(fs, path);
  let entries: DirEntry[];
  try {
    entries = await fs.list(path);
  } catch (error) {
    const message = `cannot list the run directory: ${error instanceof Error ? error.message : String(error)}`;
    return { document: null, diagnostics: [problem(path || '.', message)] };
  }
  const results = await readResults(fs, path, entries);
  const document = results.document;
  if (document === null) {
    const missing = results.diagnostics.length === 0 ? [problem(path || '.', 'no results.json in the run directory')] : [];
    return { document, diagnostics: [...results.diagnostics, ...missing] };
  }
  const skipped = check ? await checkSkippedResults(fs, path, entries, document.path) : [];
  return { document, diagnostics: [...results.diagnostics, ...skipped] };
}

/**
 * Loads one simulation of a tau2 run directory (or of a loose results file) completely. Never throws: problems become
 * diagnostics. `check` also reads the results file passed over for results_reviewed.json.
 */
export async function readTau2Trajectory(fs: FileSource, run: RunSummary, options: { check?: boolean } = {}): Promise<Trajectory> {
  const results = await runResults(fs, run.path, options.check ?? false);
  const document = results.document;
  if (document === null) return emptyTrajectory(run, results.diagnostics);
  const key = runKey(run);
  if (key === null) return emptyTrajectory(run, [...results.diagnostics, problem(document.path, `run id ${run.id} names no simulation`)]);
  const lookup = await findSimulation(fs, run.path, document, key);
  const found = lookup.found;
  if (found === null) return emptyTrajectory(run, [...results.diagnostics, ...lookup.diagnostics]);

  const taskId = found.taskId ?? run.scenarioId;
  const task = findTask(document.tasks, taskId);
  const diagnostics = [...results.diagnostics, ...lookup.diagnostics];
  if (task === null && document.tasks.length > 0) {
    diagnostics.push({ path: document.path, line: null, message: `task ${JSON.stringify(taskId)} is not among the file's tasks`, severity: 'warning' });
  }
  const { result, locate, finalAnswer } = conversationOf(found, toolKinds(found.simulation));
  const evaluation = evaluationOf(task, found.simulation, result.steps);
  const review = reviewRecords(found.simulation, result.steps, locate);
  return {
    run,
    details: runDetails(found.simulation),
    task: task === null ? null : taskText(task),
    steps: result.steps,
    finalAnswer,
    oracle: evaluation.oracle,
    checks: [...evaluation.checks, ...review.checks],
    judge: withKnownOracleIds([...evaluation.judge, ...review.judge], evaluation.oracle),
    diagnostics: [...diagnostics, ...result.diagnostics],
  };
}
