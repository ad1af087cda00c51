// Indexing on worker threads: a walk spends its time listing folders and reading verdicts, one system call at a time
// on one thread. The calling thread walks the top of the tree level by level until a level holds enough folders to
// share out, then worker threads walk those subtrees side by side, each through its own NodeFileSource (the same
// checks as here), and send back what they found; a subtree whose worker fails is walked here.
import type { DirEntry, FileSource } from '../fileSource';
import type { FormatReader, IndexedRun } from '../formats/reader';
import type { Diagnostic } from '../model';
import { bundledWorkers, WorkerPool, type WorkerThreads } from '../workers/workerPool';
import { DEFAULT_CONFIG } from './config';
import { IndexCache, type CacheRecords } from './indexCache';
import type { IndexWorkerData, IndexWorkerReplyText, IndexWorkerRequest } from './indexWorkerProtocol';
import { walkRunDirectory, type RunUnit, type WalkOptions, type WalkResult } from './walkRunDirectory';

/** A run unit as sent between threads: its reader by format. */
interface SentUnit {
  format: string;
  path: string;
  entries: DirEntry[] | null;
  runs: IndexedRun[];
  diagnostics: Diagnostic[];
}

/** What a worker found in the subtrees of a walk request (sent as JSON text). */
export interface SubtreesReply {
  units: SentUnit[];
  /** The walk's diagnostics that belong to no unit (unrecognised files, unlistable folders). */
  diagnostics: Diagnostic[];
  folders: Array<[string, string[]]>;
  cache: CacheRecords | null;
}

/** Folders per worker a level must hold before it is shared out: fewer leave a worker idle while another walks. */
const FOLDERS_PER_WORKER = 4;
/** Requests per worker: small enough to even out subtrees of different sizes, few enough to keep messages cheap. */
const REQUESTS_PER_WORKER = 8;

/**
 * The bundled index worker (dist/indexWorker.js) with `jobs` workers (one per core by default); null where there is
 * none, or for one job.
 */
export function bundledIndexWorkers(jobs?: number): WorkerThreads | null {
  return bundledWorkers('indexWorker', jobs);
}

/** Walks the subtrees at `starts` on this thread and puts what was found in a message (what a worker does). */
export async function walkSubtrees(fs: FileSource, starts: readonly string[], options: WalkOptions): Promise<SubtreesReply> {
  // The reply is made of the units.
  const walk = await walkRunDirectory(fs, { ...options, starts, keepUnits: true });
  const inUnits = new Set<Diagnostic>();
  const units: SentUnit[] = [];
  for (const unit of walk.units.values()) {
    for (const d of unit.diagnostics) inUnits.add(d);
    units.push({ format: unit.reader.format, path: unit.path, entries: unit.entries, runs: unit.runs, diagnostics: unit.diagnostics });
  }
  return {
    units,
    diagnostics: walk.diagnostics.filter((d) => !inUnits.has(d)),
    folders: [...walk.folders].map(([path, names]) => [path, [...names]]),
    cache: options.cache?.records() ?? null,
  };
}

function received(reply: SubtreesReply, readers: readonly FormatReader[], cache: IndexCache | undefined): WalkResult {
  const result: WalkResult = { runs: [], diagnostics: [...reply.diagnostics], units: new Map(), folders: new Map(), unvisited: [] };
  for (const sent of reply.units) {
    const reader = readers.find((r) => r.format === sent.format);
    if (reader === undefined) throw new Error(`an index worker used a reader this thread does not have: ${sent.format}`);
    const unit: RunUnit = { reader, path: sent.path, entries: sent.entries, runs: sent.runs, diagnostics: sent.diagnostics };
    result.units.set(unit.path, unit);
    result.runs.push(...unit.runs);
    result.diagnostics.push(...unit.diagnostics);
  }
  for (const [path, names] of reply.folders) result.folders.set(path, new Set(names));
  if (reply.cache !== null) cache?.absorb(reply.cache);
  return result;
}

function merged(parts: readonly WalkResult[]): WalkResult {
  const all: WalkResult = { runs: [], diagnostics: [], units: new Map(), folders: new Map(), unvisited: [] };
  for (const part of parts) {
    all.runs.push(...part.runs);
    all.diagnostics.push(...part.diagnostics);
    for (const [path, unit] of part.units) all.units.set(path, unit);
    for (const [path, names] of part.folders) all.folders.set(path, names);
  }
  return all;
}

/**
 * Walks the run directory as walkRunDirectory does, sharing its subtrees out to worker threads. Only for a local
 * directory (`threads.root`) read with the registered readers as `options.config` tunes them, and a cache (if any)
 * that holds nothing yet: the workers record what they read, and it is absorbed into `options.cache`.
 */
export async function walkOnWorkers(fs: FileSource, threads: WorkerThreads & { root: string }, options: WalkOptions): Promise<WalkResult> {
  const { onProgress } = options;
  const parts: WalkResult[] = [];
  let found = 0;
  let level: string[] = [''];
  while (level.length > 0) {
    if (level.length >= threads.count * FOLDERS_PER_WORKER) {
      parts.push(...(await walkLevelOnWorkers(fs, threads, level, options, (runs) => onProgress?.((found += runs)))));
      break;
    }
    const before = found;
    const part = await walkRunDirectory(fs, { ...options, starts: level, descend: false, onProgress: (runs) => onProgress?.((found = before + runs)) });
    parts.push(part);
    level = part.unvisited;
  }
  return merged(parts);
}

async function walkLevelOnWorkers(
  fs: FileSource,
  threads: WorkerThreads & { root: string },
  level: readonly string[],
  options: WalkOptions,
  found: (runs: number) => void,
): Promise<WalkResult[]> {
  const { signal, readers, cache } = options;
  const size = Math.ceil(level.length / (threads.count * REQUESTS_PER_WORKER));
  const requests: string[][] = [];
  for (let i = 0; i < level.length; i += size) requests.push(level.slice(i, i + size));
  const data: IndexWorkerData = { root: threads.root, config: options.config ?? DEFAULT_CONFIG, cache: cache !== undefined };
  const pool = new WorkerPool<IndexWorkerRequest, IndexWorkerReplyText>(threads, data);
  const stop = (): void => void pool.close();
  signal?.addEventListener('abort', stop, { once: true });
  try {
    return await Promise.all(
      requests.map(async (starts) => {
        const reply = await pool.run({ kind: 'walk', starts }).then((text) => JSON.parse(text) as SubtreesReply, () => {
          signal?.throwIfAborted();
          // A worker that failed (or stopped) leaves its subtrees to this thread, recorded for the cache alike.
          const here = cache === undefined ? undefined : IndexCache.empty(fs);
          return walkSubtrees(fs, starts, { ...options, cache: here, onProgress: undefined });
        });
        signal?.throwIfAborted();
        const part = received(reply, readers, cache);
        found(part.runs.length);
        return part;
      }),
    );
  } finally {
    signal?.removeEventListener('abort', stop);
    await pool.close();
  }
}
