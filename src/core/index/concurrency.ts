// Bounded concurrency for file work: enough calls in flight to hide latency (remote file systems), few enough not
// to exhaust file handles or flood the extension host. Local reads are synchronous and finish at once, so a walk
// also gives the event loop a turn every few milliseconds: the extension host stays responsive, and an abort or a
// progress report gets through, while 20,000 runs are indexed.

import { SLICE_MS } from '../eventLoopTurns';

/**
 * Visits every item of a work list that grows as it is processed (a directory walk), with at most `limit` visits
 * in flight. A visit that finishes at once (a local folder) returns its new items rather than a promise of them: the
 * list is then worked through in a loop, a slice at a time. Rejects with the first error a visit throws, or when
 * the signal aborts.
 */
export function drainWorkList<T>(
  initial: readonly T[],
  limit: number,
  visit: (item: T) => readonly T[] | Promise<readonly T[]>,
  signal?: AbortSignal,
): Promise<void> {
  const pending = [...initial];
  let inFlight = 0;
  let settled = false;
  let sliceStart = performance.now();
  let resumeScheduled = false;
  return new Promise<void>((resolve, reject) => {
    const fail = (error: unknown): void => {
      if (!settled) {
        settled = true;
        reject(error);
      }
    };
    const resumeLater = (): void => {
      if (resumeScheduled) return;
      resumeScheduled = true;
      setImmediate(() => {
        resumeScheduled = false;
        sliceStart = performance.now();
        pump();
      });
    };
    const pump = (): void => {
      if (settled) return;
      if (signal?.aborted) return fail(signal.reason);
      while (inFlight < limit && pending.length > 0) {
        if (performance.now() - sliceStart > SLICE_MS) return resumeLater();
        const item = pending.pop() as T;
        let more: readonly T[] | Promise<readonly T[]>;
        try {
          more = visit(item);
        } catch (error) {
          return fail(error);
        }
        if (Array.isArray(more)) {
          for (const next of more as readonly T[]) pending.push(next);
          continue;
        }
        inFlight++;
        (more as Promise<readonly T[]>).then((found) => {
          inFlight--;
          for (const next of found) pending.push(next);
          if (pending.length === 0 && inFlight === 0) {
            settled = true;
            resolve();
          } else {
            pump();
          }
        }, fail);
      }
      if (pending.length === 0 && inFlight === 0 && !settled) {
        settled = true;
        resolve();
      }
    };
    pump();
  });
}

/** Maps items with at most `limit` calls in flight; results keep the items' order. */
export async function mapConcurrent<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
  signal?: AbortSignal,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      signal?.throwIfAborted();
      const index = next++;
      results[index] = await fn(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
