import { joinPath, type DirEntry, type FileSource } from '../../fileSource';
import type { Diagnostic } from '../../model';
import { openBytes, type ByteRange } from '../byteSource';
import { readJsonFile } from '../jsonLines';
import { streamJson, type JsonKind, type StreamedElement } from '../jsonStream';
import { isObject, type JsonObject } from '../gaia2/values';
import { readCached } from './documentCache';
import { simulationVerdict, unreadableReward, type SimulationVerdict } from './simulationVerdict';

// tau2-bench writes a run as data/simulations/<run_name>/results.json, in one of two formats:
//   "json": one file holding info, tasks and every simulation inline;
//   "dir":  results.json holding info and tasks, plus simulations/<id>.json per simulation.
// tau2 (Results._detect_format) tells them apart by the simulations/ folder beside results.json alone; the "dir"
// results.json usually lists the simulations in a `simulation_index`, but need not (tau2's own voice test data has none).
// A judge review pass writes results_reviewed.json beside it: the same object with `review` filled in, preferred.

const RESULTS_FILE = 'results.json';
const REVIEWED_FILE = 'results_reviewed.json';
export const SIMULATIONS_DIR = 'simulations';
// A "json" results file is one JSON document holding every simulation: real runs are tens of MB (airline: 50 tasks ×
// 4 trials ≈ 30 MB), and long ones reach gigabytes. It is read as a stream, of any size: each simulation is summarised
// (identity, verdict) as it goes by and dropped, and opened later by its byte range.

/** One simulation of a "dir" run; voice runs with ticks are the largest. */
const MAX_SIMULATION_BYTES = 64 * 1024 * 1024;

export type ResultsFormat = 'json' | 'dir';

/** What the index needs of one inline simulation, taken as it was read; the simulation itself is read by its range. */
export interface InlineSimulation {
  /** `id`, `task_id` and `trial` of the simulation (what simulationRefs reads); a non-object element as it was. */
  identity: unknown;
  /** Null when the element is not an object. */
  verdict: SimulationVerdict | null;
  /** Why `reward_info.reward` cannot carry a verdict, or null. */
  rewardProblem: string | null;
  /** Where the simulation lies in the file. */
  range: ByteRange;
}

export interface ResultsDocument {
  /** Path of the file read (results_reviewed.json or results.json). */
  path: string;
  /** "dir" when a simulations/ folder is beside the file: the simulations are read from there, never inline. */
  format: ResultsFormat;
  info: JsonObject;
  tasks: readonly unknown[];
  /** Inline simulations ("json" format); a "dir" results.json has none, and tau2 ignores any it has. */
  simulations: readonly InlineSimulation[];
  /** The "dir" format's summaries, or null when the file has none. */
  simulationIndex: readonly unknown[] | null;
}

interface ResultsResult {
  /** Null when no results file could be read, or when it is not a tau2 results object. */
  document: ResultsDocument | null;
  diagnostics: Diagnostic[];
}

function isFile(entries: readonly DirEntry[], name: string): boolean {
  return entries.some((e) => e.name === name && e.type === 'file');
}

export function hasSimulationsFolder(entries: readonly DirEntry[]): boolean {
  return entries.some((e) => e.name === SIMULATIONS_DIR && e.type === 'directory');
}

/** Does this directory listing hold a tau2 run? */
export function holdsResults(entries: readonly DirEntry[]): boolean {
  return isFile(entries, RESULTS_FILE) || isFile(entries, REVIEWED_FILE);
}

/** True when the parsed JSON has the shape of a tau2 results object (usable to recognise a file by its content). */
export function isTau2Results(value: unknown): value is JsonObject {
  if (!isObject(value)) return false;
  const hasRuns = Array.isArray(value.simulations) || Array.isArray(value.simulation_index);
  return hasRuns && (isObject(value.info) || Array.isArray(value.tasks));
}

/** Does an object with these members hold tau2 results (as isTau2Results), or the run metadata of a "dir" run? */
function isResultsShape(kinds: ReadonlyMap<string, JsonKind>, format: ResultsFormat): boolean {
  const hasRuns = kinds.get('simulations') === 'array' || kinds.get('simulation_index') === 'array';
  const hasMetadata = kinds.get('info') === 'object' || kinds.get('tasks') === 'array';
  return format === 'dir' ? hasMetadata : hasRuns && hasMetadata;
}

function describeKind(kind: JsonKind, format: ResultsFormat): string {
  if (kind === 'null') return 'null';
  if (kind === 'array') return 'a JSON array';
  if (kind !== 'object') return `a JSON ${kind}`;
  return format === 'dir' ? 'an object without `info` or `tasks`' : 'an object without `simulations` or `simulation_index`';
}

/** The identity of a simulation, without what it holds: a list element that is no object is kept only if small. */
function identityOf(value: unknown): unknown {
  if (isObject(value)) return { id: value.id, task_id: value.task_id, trial: value.trial };
  return Array.isArray(value) ? [] : value;
}

function summarise({ value, range }: StreamedElement): InlineSimulation {
  if (!isObject(value)) return { identity: identityOf(value), verdict: null, rewardProblem: null, range };
  const reward = isObject(value.reward_info) ? value.reward_info.reward : undefined;
  return { identity: identityOf(value), verdict: simulationVerdict(value), rewardProblem: unreadableReward(reward), range };
}

async function streamResultsFile(fs: FileSource, path: string, format: ResultsFormat): Promise<ResultsResult> {
  const members = new Map<string, unknown>();
  const simulations: InlineSimulation[] = [];
  const read = await streamJson(fs, path, {
    members: ['info', 'tasks', 'simulation_index'],
    list: 'simulations',
    member: (name, value) => members.set(name, value),
    element: (element) => simulations.push(summarise(element)),
  });
  if (read.kind === null || read.diagnostics.length > 0) return { document: null, diagnostics: read.diagnostics };
  if (read.kind !== 'object' || !isResultsShape(read.memberKinds, format)) {
    const message = `unrecognised: ${describeKind(read.kind, format)}, not a tau2 results file`;
    return { document: null, diagnostics: [{ path, line: null, message, severity: 'warning' }] };
  }
  const info = members.get('info');
  const tasks = members.get('tasks');
  const index = members.get('simulation_index');
  const document: ResultsDocument = {
    path,
    format,
    info: isObject(info) ? info : {},
    tasks: Array.isArray(tasks) ? tasks : [],
    simulations,
    simulationIndex: Array.isArray(index) ? index : null,
  };
  return { document, diagnostics: [] };
}

/**
 * Does a file's head look like a results object? tau2-bench writes `timestamp`, `info` (agent, user and environment
 * descriptions), `tasks`, then `simulations`, which may start far beyond the head: `info` is what the head shows.
 */
export function looksLikeResults(name: string, head: string): boolean {
  if (!/\.json$/i.test(name) || !head.trimStart().startsWith('{')) return false;
  return /"simulations"\s*:\s*\[/.test(head) || (/"info"\s*:\s*\{/.test(head) && /"(?:agent_info|user_info|environment_info)"\s*:/.test(head));
}

/**
 * Reads one results file (results.json, results_reviewed.json, or a results object under another name) of the
 * given format, as a stream; the summary is shared with later reads of the same unchanged file.
 */
export function readResultsFile(fs: FileSource, path: string, format: ResultsFormat = 'json'): Promise<ResultsResult> {
  return readCached(fs, path, format, () => streamResultsFile(fs, path, format));
}

/** One inline simulation, read by its byte range; null with a diagnostic when the file no longer holds it there. */
export async function readInlineSimulation(
  fs: FileSource,
  document: ResultsDocument,
  position: number,
): Promise<{ simulation: JsonObject | null; diagnostics: Diagnostic[] }> {
  const entry = document.simulations[position];
  const where = `simulations[${position}]`;
  const changed = (why: string): { simulation: null; diagnostics: Diagnostic[] } => ({
    simulation: null,
    diagnostics: [{ path: document.path, line: null, message: `${where}: ${why}; the file may have changed since it was indexed`, severity: 'error' }],
  });
  if (entry === undefined) return changed('not in the file');
  let value: unknown;
  try {
    // Streamed up to the simulation's end, keeping only its bytes: a results file of any size is never held whole.
    const [bytes] = await (await openBytes(fs, document.path, 0)).read([entry.range]);
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch (error) {
    return changed(`cannot be read again: ${error instanceof Error ? error.message : String(error)}`);
  }
  return isObject(value) ? { simulation: value, diagnostics: [] } : changed('not an object');
}

/** Reads the run's results: results_reviewed.json when present and readable, else results.json. */
export async function readResults(fs: FileSource, dir: string, entries: readonly DirEntry[]): Promise<ResultsResult> {
  const names = [REVIEWED_FILE, RESULTS_FILE].filter((name) => isFile(entries, name));
  const format: ResultsFormat = hasSimulationsFolder(entries) ? 'dir' : 'json';
  const diagnostics: Diagnostic[] = [];
  for (const name of names) {
    const result = await readResultsFile(fs, joinPath(dir, name), format);
    diagnostics.push(...result.diagnostics);
    if (result.document !== null) return { document: result.document, diagnostics };
  }
  return { document: null, diagnostics };
}

/** Problems of the results files readResults passed over because a preferred one was readable (for `--check`). */
export async function checkSkippedResults(fs: FileSource, dir: string, entries: readonly DirEntry[], readPath: string): Promise<Diagnostic[]> {
  const names = [REVIEWED_FILE, RESULTS_FILE].filter((name) => isFile(entries, name));
  const skipped = names.slice(names.findIndex((name) => joinPath(dir, name) === readPath) + 1);
  const diagnostics: Diagnostic[] = [];
  const format: ResultsFormat = hasSimulationsFolder(entries) ? 'dir' : 'json';
  for (const name of skipped) diagnostics.push(...(await readResultsFile(fs, joinPath(dir, name), format)).diagnostics);
  return diagnostics;
}

export function simulationPath(dir: string, id: string): string {
  return joinPath(dir, SIMULATIONS_DIR, `${id}.json`);
}

/** One simulation file of a "dir" run: simulations/<id>.json. */
export async function readSimulationFile(fs: FileSource, path: string): Promise<{ simulation: JsonObject | null; diagnostics: Diagnostic[] }> {
  const { value, diagnostics } = await readJsonFile(fs, path, MAX_SIMULATION_BYTES);
  if (value === undefined) return { simulation: null, diagnostics };
  if (isObject(value)) return { simulation: value, diagnostics };
  return { simulation: null, diagnostics: [...diagnostics, { path, line: null, message: 'not a tau2 simulation object', severity: 'error' }] };
}
