import type { FileSource } from '../../fileSource';
import { readJsonFile, type JsonFileResult } from '../jsonLines';

// A results.json in the "json" format holds every simulation of a run, so opening one simulation means parsing the
// whole file. Recently parsed files are kept (per file source, keyed by size and mtime) so that opening the
// simulations of a few files one after another, or checking them all, parses each file once rather than once per
// simulation. The budget is in file bytes: a parsed file takes a few times its size in memory.

/** Parsed files kept per file source: a comparison opens two runs, a check walks several languages' files. */
const MAX_CACHED_FILES = 8;
/** Total size of the files kept per file source. */
const MAX_CACHED_TOTAL_BYTES = 256 * 1024 * 1024;
/** Files above this size are parsed on every read rather than held in memory between reads. */
const MAX_CACHED_BYTES = 128 * 1024 * 1024;

interface CachedFile {
  stamp: string;
  size: number;
  result: Promise<JsonFileResult>;
}

const caches = new WeakMap<FileSource, Map<string, CachedFile>>();

function evict(cache: Map<string, CachedFile>): void {
  let total = 0;
  for (const entry of cache.values()) total += entry.size;
  // A map iterates in insertion order, and every read re-inserts its entry: the first entry is the least recently used.
  for (const [path, entry] of cache) {
    if (cache.size <= MAX_CACHED_FILES && total <= MAX_CACHED_TOTAL_BYTES) break;
    cache.delete(path);
    total -= entry.size;
  }
}

/**
 * Reads and parses a JSON file of at most `maxBytes`, sharing the parse with earlier and concurrent reads of the
 * same unchanged file. The value is shared: callers must not modify it.
 */
export async function readCachedJson(fs: FileSource, path: string, maxBytes: number): Promise<JsonFileResult> {
  const stat = await fs.stat(path);
  if (stat === null || stat.size > MAX_CACHED_BYTES) return readJsonFile(fs, path, maxBytes);
  let cache = caches.get(fs);
  if (cache === undefined) {
    cache = new Map();
    caches.set(fs, cache);
  }
  const stamp = `${stat.size}:${stat.mtime}:${maxBytes}`;
  const cached = cache.get(path);
  cache.delete(path);
  const entry = cached !== undefined && cached.stamp === stamp ? cached : { stamp, size: stat.size, result: readJsonFile(fs, path, maxBytes) };
  cache.set(path, entry);
  evict(cache);
  return entry.result;
}
