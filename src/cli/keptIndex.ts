// A CLI command on a run directory that has not changed since the last one reuses what that one found. The last index
// is kept in .trajectory-lens/ with everything it was made from (every folder the walk listed, every file a reader
// read or listed, the configuration) and, after `index`, what it printed. Reopening checks those with stat calls
// alone, instead of reading the index cache and pairing every run again; `index` then prints its output as it was.
// Anything changed, or anything that cannot be told by a stat call, and the directory is indexed as usual (through
// the index cache).
import { isUtf8 } from 'node:buffer';
import { readdirSync, statSync } from 'node:fs';
import { sep } from 'node:path';
import { version } from '../../package.json';
import { turnTaker } from '../core/eventLoopTurns';
import { hasUpSegment } from '../core/fileSource';
import { isSettled, type FolderState, type IndexDependencies } from '../core/index/indexCache';
import type { RunIndex } from '../core/index/runIndex';
import type { RunSummary } from '../core/model';
import type { NodeFileSource } from '../core/nodeFileSource';

export const KEPT_INDEX_PATH = '.trajectory-lens/last-index.txt';
const FORMAT_VERSION = 1;
/** Our own folder: created in the root after the root was listed, and never part of an answer. */
const OWN_FOLDER = KEPT_INDEX_PATH.slice(0, KEPT_INDEX_PATH.indexOf('/'));
function leavesRoot(path: string): boolean {
  return path.startsWith('/') || hasUpSegment(path);
}

/** `path` (relative, without `..`: see isDependencies) below `root`, joined without normalising 40,000 paths. */
function inRoot(root: string, path: string): string {
  return root.endsWith(sep) ? root + path : root + sep + path;
}

/** This build of the CLI: another one may index or print otherwise. */
function toolId(): string {
  const self = statSync(__filename, { throwIfNoEntry: false });
  return `${version}:${self?.size ?? 0}:${self?.mtimeMs ?? 0}`;
}

function isFolderRecord(value: unknown): value is [string, FolderState] {
  if (!Array.isArray(value) || value.length !== 2 || typeof value[0] !== 'string') return false;
  const state: unknown = value[1];
  return Array.isArray(state) && typeof state[0] === 'number' && typeof state[1] === 'number' && state.slice(2).every((e) => typeof e === 'string');
}

function isFileRecord(value: unknown): value is [string, number, number] {
  return Array.isArray(value) && value.length === 3 && typeof value[0] === 'string' && typeof value[1] === 'number' && typeof value[2] === 'number';
}

function isDependencies(value: unknown): value is IndexDependencies {
  if (typeof value !== 'object' || value === null) return false;
  const { folders, files } = value as Partial<IndexDependencies>;
  return (
    Array.isArray(folders) &&
    Array.isArray(files) &&
    folders.every((f) => isFolderRecord(f) && !leavesRoot(f[0])) &&
    files.every((f) => isFileRecord(f) && !leavesRoot(f[0]))
  );
}

const STRING_FIELDS = ['id', 'path', 'format', 'group', 'scenarioId', 'language', 'languageLabel', 'outcome'] as const;
const NULLABLE_STRING_FIELDS = ['capability', 'failureFamily', 'failureReason', 'model', 'agent', 'setting'] as const;

function isRunSummary(value: unknown): value is RunSummary {
  if (typeof value !== 'object' || value === null) return false;
  const run = value as Record<string, unknown>;
  return (
    STRING_FIELDS.every((field) => typeof run[field] === 'string') &&
    NULLABLE_STRING_FIELDS.every((field) => run[field] === null || typeof run[field] === 'string') &&
    typeof run.runIndex === 'number' &&
    (run.score === null || typeof run.score === 'number')
  );
}

function isRunIndex(value: unknown): value is RunIndex {
  if (typeof value !== 'object' || value === null) return false;
  const { runs, diagnostics } = value as Partial<RunIndex>;
  return Array.isArray(runs) && runs.every(isRunSummary) && Array.isArray(diagnostics);
}

/**
 * The folder holds what it held: unchanged since it had settled, or listed again with the same entries. They are kept
 * only for the root (our own folder appears in it after it was listed) and for a folder that had not settled: a
 * settled one with another mtime has changed.
 */
function folderHolds(root: string, [path, state]: [string, FolderState]): boolean {
  const [mtime, , ...entries] = state;
  const abs = path === '' ? root : inRoot(root, path);
  const stat = statSync(abs, { throwIfNoEntry: false });
  if (stat?.isDirectory() !== true) return false;
  if (isSettled(state) && stat.mtimeMs === mtime) return true;
  if (isSettled(state) && path !== '') return false;
  const now: string[] = [];
  for (const entry of readdirSync(abs, { withFileTypes: true })) {
    if (path === '' && entry.name === OWN_FOLDER) continue;
    if (entry.isFile()) now.push(`f${entry.name}`);
    else if (entry.isDirectory()) now.push(`d${entry.name}`);
    // A link or special file: what it leads to is not told by listing.
    else return false;
  }
  const then = path === '' ? entries.filter((e) => e !== `d${OWN_FOLDER}`) : entries;
  return now.length === then.length && now.sort().join('/') === then.sort().join('/');
}

function fileHolds(root: string, [path, size, mtime]: [string, number, number]): boolean {
  const stat = statSync(inRoot(root, path), { throwIfNoEntry: false });
  return (stat?.size ?? -1) === size && (stat?.mtimeMs ?? -1) === mtime;
}

/** The kept index's lines, when it was kept by this build (see readKept). */
interface Kept {
  dependencies: IndexDependencies;
  bytes: Uint8Array;
  /** Where the index's line starts and ends. */
  indexStart: number;
  indexEnd: number;
}

const decoder = new TextDecoder('utf-8', { fatal: true });

/**
 * The kept index's lines when this build kept them (for `command`: only with that command's output, told from the
 * header), before anything they were made from is looked at: see stillHolds.
 */
async function readKeptUnverified(fs: NodeFileSource, command?: string): Promise<Kept | null> {
  let bytes: Uint8Array;
  try {
    bytes = await fs.read(KEPT_INDEX_PATH);
  } catch {
    return null;
  }
  const headerEnd = bytes.indexOf(0x0a);
  const dependenciesEnd = headerEnd < 0 ? -1 : bytes.indexOf(0x0a, headerEnd + 1);
  const indexEnd = dependenciesEnd < 0 ? -1 : bytes.indexOf(0x0a, dependenciesEnd + 1);
  if (indexEnd < 0) return null;
  try {
    const header: unknown = JSON.parse(decoder.decode(bytes.subarray(0, headerEnd)));
    const { format, tool, command: kept } = (typeof header === 'object' && header !== null ? header : {}) as Record<string, unknown>;
    if (format !== FORMAT_VERSION || tool !== toolId() || (kept !== null && typeof kept !== 'string')) return null;
    if (command !== undefined && kept !== command) return null;
    const dependencies: unknown = JSON.parse(decoder.decode(bytes.subarray(headerEnd + 1, dependenciesEnd)));
    if (!isDependencies(dependencies)) return null;
    return { dependencies, bytes, indexStart: dependenciesEnd + 1, indexEnd };
  } catch {
    return null;
  }
}

/**
 * Whether nothing the kept index was made from has changed since, by a stat call on each (a listing for some folders).
 * The event loop gets a turn every few milliseconds, so that work started on the kept runs goes on meanwhile.
 */
async function stillHolds(root: string, dependencies: IndexDependencies): Promise<boolean> {
  const turn = turnTaker();
  try {
    for (const folder of dependencies.folders) {
      const pause = turn();
      if (pause !== undefined) await pause;
      if (!folderHolds(root, folder)) return false;
    }
    for (const file of dependencies.files) {
      const pause = turn();
      if (pause !== undefined) await pause;
      if (!fileHolds(root, file)) return false;
    }
    return true;
  } catch {
    return false;
  }
}

/** readKeptUnverified's lines when nothing they were made from has changed since. */
async function readKept(fs: NodeFileSource, command?: string): Promise<Kept | null> {
  const kept = await readKeptUnverified(fs, command);
  return kept !== null && (await stillHolds(fs.root, kept.dependencies)) ? kept : null;
}

/**
 * What `command` printed last time for the run directory `fs` is rooted at (UTF-8, written as it is), when nothing it
 * was made from has changed since; null otherwise (no such output, another build or command, something changed or
 * cannot be told).
 */
export async function keptIndexOutput(fs: NodeFileSource, command: string): Promise<Uint8Array | null> {
  const kept = await readKept(fs, command);
  if (kept === null) return null;
  const output = kept.bytes.subarray(kept.indexEnd + 1);
  return isUtf8(output) && !holdsControl(output) ? output : null;
}

/** Whether any byte of `bytes` from `start` to `end` is a control character other than a line end. */
function controlBetween(bytes: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const byte = bytes[i] as number;
    if (byte < 0x20 && byte !== 0x0a) return true;
  }
  return false;
}

/**
 * Whether `bytes` hold a control character other than a line end: the live output never does (the table makes them
 * visible, JSON escapes them). Four bytes at a time, as the output is megabytes: a word none of whose bytes is below
 * 0x20 passes one test, and only the words with such a byte (a line end, mostly) are looked at byte by byte.
 */
export function holdsControl(bytes: Uint8Array): boolean {
  const head = (4 - (bytes.byteOffset % 4)) % 4;
  if (bytes.length < head + 4) return controlBetween(bytes, 0, bytes.length);
  const count = (bytes.length - head) >>> 2;
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset + head, count);
  for (let w = 0; w < count; w++) {
    const word = words[w] as number;
    // Nonzero exactly when a byte of the word is below 0x20 (a byte above one may be flagged with it).
    if (((word - 0x20202020) & ~word & 0x80808080) !== 0 && controlBetween(bytes, head + 4 * w, head + 4 * w + 4)) return true;
  }
  return controlBetween(bytes, 0, head) || controlBetween(bytes, head + 4 * count, bytes.length);
}

function keptIndexOf(kept: Kept): RunIndex | null {
  try {
    const index: unknown = JSON.parse(decoder.decode(kept.bytes.subarray(kept.indexStart, kept.indexEnd)));
    return isRunIndex(index) ? index : null;
  } catch {
    return null;
  }
}

/** The last index of the run directory `fs` is rooted at, with what it was made from, when none of that has changed. */
export async function keptRunIndex(fs: NodeFileSource): Promise<{ index: RunIndex; dependencies: IndexDependencies } | null> {
  const kept = await readKept(fs);
  const index = kept && keptIndexOf(kept);
  return kept && index && { index, dependencies: kept.dependencies };
}

/**
 * The last index of the run directory `fs` is rooted at, as kept by this build, before anything it was made from is
 * looked at (so that work on its runs can start meanwhile); `holds` tells whether it still holds, as keptRunIndex
 * would.
 */
export async function keptRunIndexToVerify(
  fs: NodeFileSource,
): Promise<{ index: RunIndex; dependencies: IndexDependencies; holds: () => Promise<boolean> } | null> {
  const kept = await readKeptUnverified(fs);
  const index = kept && keptIndexOf(kept);
  return kept && index && { index, dependencies: kept.dependencies, holds: () => stillHolds(fs.root, kept.dependencies) };
}

/**
 * Keeps the index with what it was made from and, for `index`, what `command` printed; a directory that cannot be
 * written keeps nothing.
 */
export async function keepIndex(
  fs: NodeFileSource,
  dependencies: IndexDependencies,
  index: RunIndex,
  output: { command: string; text: string } | null,
): Promise<void> {
  const header = JSON.stringify({ format: FORMAT_VERSION, tool: toolId(), command: output?.command ?? null });
  const folders = dependencies.folders.map(([path, state]): [string, FolderState] => [path, isSettled(state) && path !== '' ? [state[0], state[1]] : state]);
  const lines = `${header}\n${JSON.stringify({ folders, files: dependencies.files })}\n${JSON.stringify(index)}\n${output?.text ?? ''}`;
  await fs.writeAtomic(KEPT_INDEX_PATH, Buffer.from(lines, 'utf8')).catch(() => undefined);
}
