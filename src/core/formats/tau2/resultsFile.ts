import { joinPath, type DirEntry, type FileSource } from '../../fileSource';
import type { Diagnostic } from '../../model';
import { readJsonFile } from '../jsonLines';
import { isObject, type JsonObject } from '../gaia2/values';
import { readCachedJson } from './documentCache';

// tau2-bench writes a run as data/simulations/<run_name>/results.json, in one of two formats:
//   "json": one file holding info, tasks and every simulation inline;
//   "dir":  results.json holding info and tasks, plus simulations/<id>.json per simulation.
// tau2 (Results._detect_format) tells them apart by the simulations/ folder beside results.json alone; the "dir"
// results.json usually lists the simulations in a `simulation_index`, but need not (tau2's own voice test data has none).
// A judge review pass writes results_reviewed.json beside it: the same object with `review` filled in, preferred.

const RESULTS_FILE = 'results.json';
const REVIEWED_FILE = 'results_reviewed.json';
export const SIMULATIONS_DIR = 'simulations';
/**
 * A "json" results file must be parsed whole to be indexed (it is one JSON document). Real runs are tens of MB
 * (airline: 50 tasks × 4 trials ≈ 30 MB); parsing takes several times the file size in memory, so larger files are
 * reported and not read.
 */
const MAX_RESULTS_BYTES = 256 * 1024 * 1024;
/** One simulation of a "dir" run; voice runs with ticks are the largest. */
const MAX_SIMULATION_BYTES = 64 * 1024 * 1024;

export type ResultsFormat = 'json' | 'dir';

export interface ResultsDocument {
  /** Path of the file read (results_reviewed.json or results.json). */
  path: string;
  /** "dir" when a simulations/ folder is beside the file: the simulations are read from there, never inline. */
  format: ResultsFormat;
  info: JsonObject;
  tasks: readonly unknown[];
  /** Inline simulations ("json" format); a "dir" results.json has none, and tau2 ignores any it has. */
  simulations: readonly unknown[];
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

/** The results.json of a "dir" run: tau2's run metadata (info, tasks), with or without a simulation_index. */
function isDirResults(value: unknown): value is JsonObject {
  return isTau2Results(value) || (isObject(value) && (isObject(value.info) || Array.isArray(value.tasks)));
}

function describeKind(value: unknown, format: ResultsFormat): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a JSON array';
  if (!isObject(value)) return `a JSON ${typeof value}`;
  return format === 'dir' ? 'an object without `info` or `tasks`' : 'an object without `simulations` or `simulation_index`';
}

function documentOf(value: JsonObject, path: string, format: ResultsFormat): ResultsDocument {
  return {
    path,
    format,
    info: isObject(value.info) ? value.info : {},
    tasks: Array.isArray(value.tasks) ? value.tasks : [],
    simulations: Array.isArray(value.simulations) ? value.simulations : [],
    simulationIndex: Array.isArray(value.simulation_index) ? value.simulation_index : null,
  };
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
 * given format.
 */
export async function readResultsFile(fs: FileSource, path: string, cached: boolean, format: ResultsFormat = 'json'): Promise<ResultsResult> {
  const { value, diagnostics } = cached
    ? await readCachedJson(fs, path, MAX_RESULTS_BYTES)
    : await readJsonFile(fs, path, MAX_RESULTS_BYTES);
  if (value === undefined) return { document: null, diagnostics };
  if (!isObject(value) || !(format === 'dir' ? isDirResults(value) : isTau2Results(value))) {
    const message = `unrecognised: ${describeKind(value, format)}, not a tau2 results file`;
    return { document: null, diagnostics: [{ path, line: null, message, severity: 'warning' }] };
  }
  return { document: documentOf(value, path, format), diagnostics };
}

/**
 * Reads the run's results: results_reviewed.json when present and readable, else results.json. `cached` shares the
 * parse with later reads of the same file (opening runs); indexing reads each file once and passes false.
 */
export async function readResults(
  fs: FileSource,
  dir: string,
  entries: readonly DirEntry[],
  cached: boolean,
): Promise<ResultsResult> {
  const names = [REVIEWED_FILE, RESULTS_FILE].filter((name) => isFile(entries, name));
  const format: ResultsFormat = hasSimulationsFolder(entries) ? 'dir' : 'json';
  const diagnostics: Diagnostic[] = [];
  for (const name of names) {
    const result = await readResultsFile(fs, joinPath(dir, name), cached, format);
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
  for (const name of skipped) diagnostics.push(...(await readResultsFile(fs, joinPath(dir, name), true, format)).diagnostics);
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
