// Checking runs on worker threads: reading every file of 20,000 runs is mostly JSON parsing and decoding on one
// thread, so the runs (in path order) are cut into contiguous shares that workers and this thread check side by side,
// each worker through its own NodeFileSource (the same checks as here); a share whose worker fails is checked here.
// This thread checks a share whenever it has none in hand: on two cores, one worker beside it took 7% less time and
// CPU than two workers beside an idle thread (one worker fewer to start, and its runs to hand over).
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
 * as its trajectory-lens.json tunes them (which each worker reads itself): one fewer than `threads.count`, as this
 * thread checks shares too. Starting them before the directory is indexed lets them load meanwhile.
 */
export function startCheckWorkers(threads: WorkerThreads & { root: string }): CheckWorkers {
  return new WorkerPool({ ...threads, count: threads.count - 1 }, { root: threads.root, config: null, cache: false } satisfies IndexWorkerData);
}

/** Shares per checking thread: enough that one slowed down (by larger runs, or by another process) leaves its share to the others. */
const SHARES_PER_THREAD = 16;
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

/** What checkRunFiles returns for `runs`, checked on this thread and worker threads in contiguous shares, put back in order. */
export async function checkOnWorkers(
  fs: FileSource,
  workers: CheckWorkers,
  runs: readonly RunSummary[],
  options: CheckOnWorkersOptions,
): Promise<Diagnostic[]> {
  const { readers, signal, onProgress } = options;
  // A signal that already aborted would never call `stop` below.
  signal?.throwIfAborted();
  // This thread is one of the checkers.
  const size = Math.max(1, Math.ceil(runs.length / ((workers.size + 1) * SHARES_PER_THREAD)));
  const shares: RunSummary[][] = [];
  for (let i = 0; i < runs.length; i += size) shares.push(runs.slice(i, i + size));
  const stop = (): void => void workers.close();
  signal?.addEventListener('abort', stop, { once: true });
  let checked = 0;
  const checkHere = (share: RunSummary[]): Promise<Diagnostic[]> => checkRunFiles(fs, share, readers, { signal });
  let checkingHere = false;
  const onThisThread = async (share: RunSummary[]): Promise<Diagnostic[]> => {
    checkingHere = true;
    try {
      return await checkHere(share);
    } finally {
      checkingHere = false;
    }
  };
  const onAWorker = (share: RunSummary[]): Promise<Diagnostic[]> =>
    workers.run({ kind: 'check', runs: JSON.stringify(share) }).then(
      (text) => JSON.parse(text) as Diagnostic[],
      () => {
        signal?.throwIfAborted();
        // A worker that failed (or stopped) leaves its share to this thread.
        return checkHere(share);
      },
    );
  try {
    const parts = await mapConcurrent(
      shares,
      workers.size * IN_HAND_PER_WORKER + 1,
      async (share) => {
        // The next share is this thread's whenever it has none in hand, else the workers'.
        const diagnostics = await (checkingHere ? onAWorker(share) : onThisThread(share));
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
