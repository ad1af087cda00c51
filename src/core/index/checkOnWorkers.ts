// Checking runs on worker threads: reading every file of 20,000 runs is mostly JSON parsing and decoding on one
// thread, so the runs (in path order) are cut into contiguous shares that workers check side by side, each through
// its own NodeFileSource (the same checks as here); a share whose worker fails is checked here.
import type { FileSource } from '../fileSource';
import type { FormatReader } from '../formats/reader';
import type { Diagnostic, RunSummary } from '../model';
import { WorkerPool, type WorkerThreads } from '../workers/workerPool';
import { checkRunFiles } from './checkRunFiles';
import { mapConcurrent } from './concurrency';
import type { IndexWorkerData, IndexWorkerReplyText, IndexWorkerRequest } from './indexWorkerProtocol';

/** Index workers that check runs: started ahead (see startCheckWorkers), closed by whoever started them. */
export type CheckWorkers = WorkerPool<IndexWorkerRequest, IndexWorkerReplyText>;

/**
 * Starts index workers for checking the runs of the local run directory at `threads.root` with the registered readers
 * as its trajectory-lens.json tunes them (which each worker reads itself). Starting them before the directory is
 * indexed lets them load meanwhile.
 */
export function startCheckWorkers(threads: WorkerThreads & { root: string }): CheckWorkers {
  return new WorkerPool(threads, { root: threads.root, config: null, cache: false } satisfies IndexWorkerData);
}

/** Shares per worker: enough that a worker slowed down (by larger runs, or by another process) leaves its share to the others. */
const SHARES_PER_WORKER = 16;
/** Shares in hand per worker: a worker never waits for this thread to send it the next. */
const IN_HAND_PER_WORKER = 2;

export interface CheckOnWorkersOptions {
  /** The readers the workers use, for the shares checked here. */
  readers: readonly FormatReader[];
  /** Aborting stops the workers (closes them). */
  signal?: AbortSignal;
  /** Called as shares are checked, with the number of runs checked so far. */
  onProgress?: (runsChecked: number) => void;
}

/** What checkRunFiles returns for `runs`, checked on worker threads in contiguous shares and put back in order. */
export async function checkOnWorkers(
  fs: FileSource,
  workers: CheckWorkers,
  runs: readonly RunSummary[],
  options: CheckOnWorkersOptions,
): Promise<Diagnostic[]> {
  const { readers, signal, onProgress } = options;
  // A signal that already aborted would never call `stop` below.
  signal?.throwIfAborted();
  const size = Math.max(1, Math.ceil(runs.length / (workers.size * SHARES_PER_WORKER)));
  const shares: RunSummary[][] = [];
  for (let i = 0; i < runs.length; i += size) shares.push(runs.slice(i, i + size));
  const stop = (): void => void workers.close();
  signal?.addEventListener('abort', stop, { once: true });
  let checked = 0;
  try {
    const parts = await mapConcurrent(
      shares,
      workers.size * IN_HAND_PER_WORKER,
      async (share) => {
        const diagnostics = await workers.run({ kind: 'check', runs: JSON.stringify(share) }).then(
          (text) => JSON.parse(text) as Diagnostic[],
          () => {
            signal?.throwIfAborted();
            // A worker that failed (or stopped) leaves its share to this thread.
            return checkRunFiles(fs, share, readers, { signal });
          },
        );
        signal?.throwIfAborted();
        onProgress?.((checked += share.length));
        return diagnostics;
      },
      signal,
    );
    return parts.flat();
  } finally {
    signal?.removeEventListener('abort', stop);
  }
}
