// `index` of a run directory that has not changed prints what it printed last time. The output is kept in
// .trajectory-lens/ with everything it was made from (every folder the walk listed, every file a reader read or
// listed, the configuration), and reopening checks those with stat calls alone instead of reading the index cache,
// pairing and formatting every run again. Anything changed, or anything that cannot be told by a stat call, and the
// directory is indexed as usual (through the index cache).
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { version } from '../../package.json';
import { SETTLED_MS, type FolderState, type IndexDependencies } from '../core/index/indexCache';
import type { NodeFileSource } from '../core/nodeFileSource';

export const INDEX_OUTPUT_PATH = '.trajectory-lens/index-output.txt';
const FORMAT_VERSION = 1;
/** Our own folder: created in the root after the root was listed, and never part of an answer. */
const OWN_FOLDER = INDEX_OUTPUT_PATH.slice(0, INDEX_OUTPUT_PATH.indexOf('/'));
/** Whether `text` holds a control character other than a line end: the live output never does (the table makes them visible, JSON escapes them). */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 && code !== 0x0a) return true;
  }
  return false;
}
const OUTSIDE = /(?:^|\/)\.\.(?:\/|$)|^\//;

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
    folders.every((f) => isFolderRecord(f) && !OUTSIDE.test(f[0])) &&
    files.every((f) => isFileRecord(f) && !OUTSIDE.test(f[0]))
  );
}

/** The folder holds what it held: unchanged since it had settled, or listed again with the same entries. */
function folderHolds(root: string, [path, [mtime, listedAt, ...entries]]: [string, FolderState]): boolean {
  const abs = path === '' ? root : join(root, path);
  const stat = statSync(abs, { throwIfNoEntry: false });
  if (stat?.isDirectory() !== true) return false;
  if (stat.mtimeMs === mtime && mtime <= listedAt - SETTLED_MS) return true;
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
  const stat = statSync(join(root, path), { throwIfNoEntry: false });
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
    return hasControlCharacter(text) ? null : text;
  } catch {
    return null;
  }
}

/** Keeps what `command` printed with what it was made from; a directory that cannot be written keeps nothing. */
export async function saveIndexOutput(fs: NodeFileSource, command: string, dependencies: IndexDependencies, text: string): Promise<void> {
  const header = JSON.stringify({ format: FORMAT_VERSION, tool: toolId(), command });
  const data = Buffer.from(`${header}\n${JSON.stringify(dependencies)}\n${text}`, 'utf8');
  await fs.writeAtomic(INDEX_OUTPUT_PATH, data).catch(() => undefined);
}
