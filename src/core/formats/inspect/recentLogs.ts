import type { FileSource } from '../../fileSource';
import type { LogOpen } from './evalLog';

// Opening one sample of a log means reading the log's directory (a .eval) or parsing the whole log (a .json). The
// last few opened logs are kept per file source, keyed by size and modification time, so that opening two samples
// of one log for a comparison, or checking every sample, reads the log once. They are kept per origin (see FileSource),
// so that the log indexing opened through the index cache's recorder is the one opening a sample finds.

const MAX_LOGS = 3;

interface Entry {
  stamp: string;
  value: Promise<LogOpen>;
}

const caches = new WeakMap<FileSource, Map<string, Entry>>();

/** `open(path)` once per unchanged file among the recently used ones; `cacheable` false opens without keeping. */
export async function recentLog(
  fs: FileSource,
  path: string,
  cacheable: (size: number) => boolean,
  open: () => Promise<LogOpen>,
): Promise<LogOpen> {
  const stat = await fs.stat(path);
  if (stat === null || !cacheable(stat.size)) return open();
  const owner = fs.origin ?? fs;
  let cache = caches.get(owner);
  if (cache === undefined) {
    cache = new Map();
    caches.set(owner, cache);
  }
  const stamp = `${stat.size}:${stat.mtime}`;
  const cached = cache.get(path);
  // Re-inserting moves the entry to the end of the map's order, which makes the first entry the least recently used.
  cache.delete(path);
  if (cached !== undefined && cached.stamp === stamp) {
    cache.set(path, cached);
    return cached.value;
  }
  const value = open();
  cache.set(path, { stamp, value });
  for (const oldest of cache.keys()) {
    if (cache.size <= MAX_LOGS) break;
    cache.delete(oldest);
  }
  return value;
}
