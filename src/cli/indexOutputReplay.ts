// `index` of a run directory that has not changed prints what it printed last time. The output is kept in
// .trajectory-lens/ with everything it was made from (every folder the walk listed, every file a reader read or
// listed, the configuration), and reopening checks those with stat calls alone instead of reading the index cache,
// pairing and formatting every run again. Anything changed, or anything that cannot be told by a stat call, and the
// directory is indexed as usual (through the index cache).
import { readdirSync, statSync } from 'node:fs';
import { sep } from 'node:path';
import { version } from '../../package.json';
import { SETTLED_MS, type FolderState, type IndexDependencies } from '../core/index/indexCache';
import type { NodeFileSource } from '../core/nodeFileSource';

export const INDEX_OUTPUT_PATH = '.trajectory-lens/index-output.txt';
const FORMAT_VERSION = 1;
/** Our own folder: created in the root after the root was listed, and never part of an answer. */
const OWN_FOLDER = INDEX_OUTPUT_PATH.slice(0, INDEX_OUTPUT_PATH.indexOf('/'));
/** A control character other than a line end: the live output never holds one (the table makes them visible, JSON escapes them). */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL = /[\u0000-\u0009\u000b-\u001f]/;
const UP_SEGMENT = /(?:^|\/)\.\.(?:\/|$)/;

function leavesRoot(path: string): boolean {
  return path.startsWith('/') || (path.includes('..') && UP_SEGMENT.test(path));
}

/** `path` (relative, without `..`: see isDependencies) below `root`, joined without normalising 40,000 paths. */
function inRoot(root: string, path: string): string {
  return root.endsWith(sep) ? root + path : root + sep + path;
}

/** This build of the CLI: another one may print other output. */
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

/** A folder unchanged for a while before it was listed: its mtime tells whether its entries changed since. */
function settled([mtime, listedAt]: FolderState): boolean {
  return mtime <= listedAt - SETTLED_MS;
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
  if (settled(state) && stat.mtimeMs === mtime) return true;
  if (settled(state) && path !== '') return false;
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

/**
 * The output `command` printed last time for the run directory `fs` is rooted at, when nothing it was made from has
 * changed since; null otherwise (no such output, another build or command, something changed or cannot be told).
 */
export async function replayIndexOutput(fs: NodeFileSource, command: string): Promise<string | null> {
  let bytes: Uint8Array;
  try {
    bytes = await fs.read(INDEX_OUTPUT_PATH);
  } catch {
    return null;
  }
  const headerEnd = bytes.indexOf(0x0a);
  const dependenciesEnd = headerEnd < 0 ? -1 : bytes.indexOf(0x0a, headerEnd + 1);
  if (dependenciesEnd < 0) return null;
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    const header: unknown = JSON.parse(decoder.decode(bytes.subarray(0, headerEnd)));
    const { format, tool, command: made } = (typeof header === 'object' && header !== null ? header : {}) as Record<string, unknown>;
    if (format !== FORMAT_VERSION || made !== command || tool !== toolId()) return null;
    const dependencies: unknown = JSON.parse(decoder.decode(bytes.subarray(headerEnd + 1, dependenciesEnd)));
    if (!isDependencies(dependencies)) return null;
    if (!dependencies.folders.every((folder) => folderHolds(fs.root, folder))) return null;
    if (!dependencies.files.every((file) => fileHolds(fs.root, file))) return null;
    const text = decoder.decode(bytes.subarray(dependenciesEnd + 1));
    return CONTROL.test(text) ? null : text;
  } catch {
    return null;
  }
}

/** Keeps what `command` printed with what it was made from; a directory that cannot be written keeps nothing. */
export async function saveIndexOutput(fs: NodeFileSource, command: string, dependencies: IndexDependencies, text: string): Promise<void> {
  const header = JSON.stringify({ format: FORMAT_VERSION, tool: toolId(), command });
  const folders = dependencies.folders.map(([path, state]): [string, FolderState] => [path, settled(state) && path !== '' ? [state[0], state[1]] : state]);
  const data = Buffer.from(`${header}\n${JSON.stringify({ folders, files: dependencies.files })}\n${text}`, 'utf8');
  await fs.writeAtomic(INDEX_OUTPUT_PATH, data).catch(() => undefined);
}
