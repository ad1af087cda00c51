import type { FileSource } from '../../fileSource';

// What was read from a results file, kept per file source while the file is unchanged (same size and mtime), so that
// indexing a run and then opening its simulations, or opening several simulations of one file, reads the file once.
// The entries are summaries (a results file's simulations are never held), so a few files' worth is small.

/** Files kept per file source: a comparison opens two runs, a check walks several languages' files. */
const MAX_CACHED_FILES = 8;

interface CachedRead<T> {
  stamp: string;
  result: Promise<T>;
}

const caches = new WeakMap<FileSource, Map<string, CachedRead<unknown>>>();

/**
 * `read()` of the file at `path`, shared with earlier and concurrent reads of the same unchanged file under the same
 * `variant` (how it was read). The value is shared: callers must not modify it.
 */
export async function readCached<T>(fs: FileSource, path: string, variant: string, read: () => Promise<T>): Promise<T> {
  const stat = await fs.stat(path);
  if (stat === null) return read();
  const owner = fs.origin ?? fs;
  let cache = caches.get(owner);
  if (cache === undefined) {
    cache = new Map();
    caches.set(owner, cache);
  }
  const stamp = `${stat.size}:${stat.mtime}:${variant}`;
  const key = `${variant}:${path}`;
  const cached = cache.get(key) as CachedRead<T> | undefined;
  cache.delete(key);
  const entry = cached !== undefined && cached.stamp === stamp ? cached : { stamp, result: read() };
  cache.set(key, entry);
  // A map iterates in insertion order, and every read re-inserts its entry: the first entry is the least recently used.
  for (const oldest of cache.keys()) {
    if (cache.size <= MAX_CACHED_FILES) break;
    cache.delete(oldest);
  }
  return entry.result;
}
