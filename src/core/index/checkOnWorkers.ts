// Checking runs on worker threads: reading every file of 20,000 runs is mostly JSON parsing and decoding on one
// thread, so the runs (in path order) are cut into contiguous shares that workers check side by side, each through
// its own NodeFileSource (the same checks as here); a share whose worker fails is checked here.
import type { FileSource } from '../fileSource';
import type { FormatReader } from '../formats/reader';
import type { Diagnostic, RunSummary } from '../model';
import { WorkerPool, type WorkerThreads } from '../workers/workerPool';
import { checkRunFiles } from './checkRunFiles';
import { mapConcurrent } from './concurrency';
import type { TrajectoryLensConfig } from './config';
import type { IndexWorkerData, IndexWorkerReplyText, IndexWorkerRequest } from './indexWorkerProtocol';

/** Shares per worker: enough that a worker slowed down (by larger runs, or by another process) leaves its share to the others. */
const SHARES_PER_WORKER = 8;
/** Shares in hand per worker: a worker never waits for this thread to send it the next. */
const IN_HAND_PER_WORKER = 2;

export interface CheckOnWorkersOptions {
  /** The configuration the readers were tuned by: each worker tunes its own readers alike. */
  config: TrajectoryLensConfig;
  /** The same readers, for the shares checked here. */
  readers: readonly FormatReader[];
  signal?: AbortSignal;
  /** Called as shares are checked, with the number of runs checked so far. */
  onProgress?: (runsChecked: number) => void;
}

/** What checkRunFiles returns for `runs`, checked on worker threads in contiguous shares and put back in order. */
export async function checkOnWorkers(
  fs: FileSource,
  threads: WorkerThreads & { root: string },
  runs: readonly RunSummary[],
  options: CheckOnWorkersOptions,
): Promise<Diagnostic[]> {
  const { config, readers, signal, onProgress } = options;
  const size = Math.max(1, Math.ceil(runs.length / (threads.count * SHARES_PER_WORKER)));
  const shares: RunSummary[][] = [];
  for (let i = 0; i < runs.length; i += size) shares.push(runs.slice(i, i + size));
  const data: IndexWorkerData = { root: threads.root, config, cache: false };
  const pool = new WorkerPool<IndexWorkerRequest, IndexWorkerReplyText>(threads, data);
  const stop = (): void => void pool.close();
  signal?.addEventListener('abort', stop, { once: true });
  let checked = 0;
  try {
    const parts = await mapConcurrent(
      shares,
      threads.count * IN_HAND_PER_WORKER,
      async (share) => {
        const diagnostics = await pool.run({ kind: 'check', runs: JSON.stringify(share) }).then(
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
    await pool.close();
  }
}
