// What the calling thread and an index worker (dist/indexWorker.js) send each other. One worker script serves both the
// walk of subtrees (walkOnWorkers) and the check of runs (checkOnWorkers): both read a run directory through the same
// readers and file rules.
import type { TrajectoryLensConfig } from './config';

/** What an index worker is started with. */
export interface IndexWorkerData {
  /** The run directory on the local disk. */
  root: string;
  /**
   * The configuration to tune the readers by; null: the run directory's trajectory-lens.json, read by the worker as
   * it starts (a check's workers start before the calling thread has read it).
   */
  config: TrajectoryLensConfig | null;
  /** Whether to record what is read for the index cache. */
  cache: boolean;
}

/** Walk the subtrees at these folders; the reply is a SubtreesReply. */
export interface SubtreesRequest {
  kind: 'walk';
  starts: string[];
}

/** Check these runs (RunSummary[] as JSON text), in this order; the reply is their Diagnostic[]. */
export interface CheckRequest {
  kind: 'check';
  runs: string;
}

export type IndexWorkerRequest = SubtreesRequest | CheckRequest;

/**
 * Every reply as JSON text, as are the runs of a check request: thousands of small objects cost several times more to
 * structured-clone than to stringify on one side and parse on the other.
 */
export type IndexWorkerReplyText = string;
