// Search worker threads: a search over thousands of runs spends its time reading and checking files, which one
// thread does one file at a time. The runs are cut into chunks that the workers scan side by side; the caller puts
// the chunks back in run order. Only where the runs are on the local disk and the worker script was built beside this
// code (dist/searchWorker.js); elsewhere (a virtual workspace, tests running the sources) the search stays on the
// calling thread.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { RunSummary } from '../model';
import type { TrajectoryMatch } from './matchTrajectory';
import type { SearchQuery } from './parseQuery';

/** What a worker is started with. */
export interface SearchWorkerData {
  /** The run directory on the local disk. */
  root: string;
  query: SearchQuery;
}

export interface ChunkRequest {
  id: number;
  runs: RunSummary[];
}

export interface ChunkReply {
  id: number;
  /** Each run's matches, in the chunk's order. */
  matches: TrajectoryMatch[][];
  error?: string;
}

/** Where the search can run on worker threads: the worker script and how many workers. */
export interface SearchWorkers {
  script: string;
  count: number;
}

/** The bundled worker beside this code with one worker per core; null where there is no such script or one core. */
export function bundledSearchWorkers(): SearchWorkers | null {
  const script = join(__dirname, 'searchWorker.js');
  const count = availableParallelism();
  return count > 1 && existsSync(script) ? { script, count } : null;
}

interface Pending {
  resolve(matches: TrajectoryMatch[][]): void;
  reject(error: Error): void;
}

/** Workers for one search: chunks go to the worker with the fewest in hand. */
export class SearchWorkerPool {
  private readonly workers: { worker: Worker; pending: Map<number, Pending> }[];
  private nextId = 0;

  constructor(workers: SearchWorkers, data: SearchWorkerData) {
    this.workers = Array.from({ length: workers.count }, () => {
      const entry = { worker: new Worker(workers.script, { workerData: data }), pending: new Map<number, Pending>() };
      entry.worker.on('message', (reply: ChunkReply) => {
        const pending = entry.pending.get(reply.id);
        entry.pending.delete(reply.id);
        if (reply.error !== undefined) pending?.reject(new Error(reply.error));
        else pending?.resolve(reply.matches);
      });
      const fail = (error: Error): void => {
        for (const pending of entry.pending.values()) pending.reject(error);
        entry.pending.clear();
      };
      entry.worker.on('error', fail);
      entry.worker.on('exit', () => fail(new Error('search worker stopped')));
      return entry;
    });
  }

  /** Each run's matches; rejects when the worker fails (the caller then scans the chunk itself). */
  scan(runs: RunSummary[]): Promise<TrajectoryMatch[][]> {
    const entry = this.workers.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      entry.pending.set(id, { resolve, reject });
      entry.worker.postMessage({ id, runs } satisfies ChunkRequest);
    });
  }

  /** Stops every worker: a search that ended or was cancelled leaves none behind. */
  async close(): Promise<void> {
    await Promise.all(this.workers.map(({ worker }) => worker.terminate()));
  }
}
