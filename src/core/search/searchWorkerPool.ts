// Search worker threads: the runs are cut into chunks that the workers scan side by side; the caller puts the
// chunks back in run order. Only where the runs are on the local disk (see workerPool for the rest).
import { bundledWorkers, type WorkerThreads } from '../workers/workerPool';
import type { RunSummary } from '../model';
import type { TrajectoryMatch } from './matchTrajectory';
import type { SearchQuery } from './parseQuery';

/** What a worker is started with. */
export interface SearchWorkerData {
  /** The run directory on the local disk. */
  root: string;
  query: SearchQuery;
}

/** A chunk of runs to scan; the reply holds each run's matches, in the chunk's order. */
export type ChunkRequest = RunSummary[];
export type ChunkReply = TrajectoryMatch[][];

/** The bundled search worker (dist/searchWorker.js) with one worker per core; null where there is none. */
export function bundledSearchWorkers(): WorkerThreads | null {
  return bundledWorkers('searchWorker');
}

