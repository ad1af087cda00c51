// Search across the runs of a run directory: index-level terms pick the candidate runs, and only those are loaded
// to scan their steps. Matches stream out in run order while later runs are still loading.
import type { FileSource } from '../fileSource';
import type { FormatReader } from '../formats/reader';
import { configuredReaders } from '../index/configuredReaders';
import type { RunSummary } from '../model';
import { runMatches } from './matchRun';
import type { TrajectoryMatch } from './matchTrajectory';
import type { SearchQuery } from './parseQuery';
import { needlesOf } from './rawPrefilter';
import { inOrder, scanRun } from './scanRun';
import { WorkerPool, type WorkerThreads } from '../workers/workerPool';
import type { ChunkReply, ChunkRequest, SearchWorkerData } from './searchWorkerPool';

export interface SearchMatch extends TrajectoryMatch {
  run: RunSummary;
}

export interface SearchProgress {
  /** Runs the index-level terms left to look at. */
  candidates: number;
  /** Candidates looked at so far (loaded, when the query has step terms). */
  done: number;
  /** Runs whose files were read so far (every candidate, when the query has step terms). */
  scanned: number;
  /** Runs with at least one match so far. */
  matchedRuns: number;
}

export interface SearchOptions {
  signal?: AbortSignal;
  onProgress?(progress: SearchProgress): void;
  /** Trajectories loading at once; enough to hide file latency, few enough to bound memory. */
  concurrency?: number;
  /** The directory's readers (as configuredReaders gives them); read once from the directory when absent. */
  readers?: readonly FormatReader[];
  /**
   * Worker threads to scan the runs on, when the run directory is on the local disk at `root` (see
   * bundledSearchWorkers); the search runs on this thread without.
   */
  workers?: (WorkerThreads & { root: string }) | null;
}

const DEFAULT_CONCURRENCY = 16;
/** Runs a worker scans per request: enough to make a message's cost small, few enough to report progress often. */
const CHUNK_RUNS = 64;

/** The match a query of index-level terms alone gives for a run: the run itself. */
function runMatch(run: RunSummary): SearchMatch {
  const parts = [run.scenarioId, run.language, `run ${run.runIndex}`, run.outcome, run.failureFamily].filter(Boolean);
  return { run, step: null, field: 'run', snippet: parts.join(' · '), highlight: null };
}

/**
 * Yields every match of `query` in `runs`, run by run in the order given, steps in order within a run. Rejects with
 * the signal's reason once it aborts; matches yielded before stay valid.
 */
export async function* searchRuns(
  fs: FileSource,
  runs: readonly RunSummary[],
  query: SearchQuery,
  options: SearchOptions = {},
): AsyncGenerator<SearchMatch> {
  const { signal, onProgress } = options;
  signal?.throwIfAborted();
  const candidates = runs.filter((run) => runMatches(run, query.runTerms));
  const progress: SearchProgress = { candidates: candidates.length, done: 0, scanned: 0, matchedRuns: 0 };
  onProgress?.({ ...progress });
  if (query.stepTerms.length === 0) {
    for (const run of candidates) {
      signal?.throwIfAborted();
      progress.done++;
      progress.matchedRuns++;
      yield runMatch(run);
    }
    onProgress?.({ ...progress });
    return;
  }
  const report = (run: RunSummary, matches: TrajectoryMatch[]): SearchMatch[] => {
    progress.done++;
    if (matches.length > 0) progress.matchedRuns++;
    onProgress?.({ ...progress });
    return matches.map((match) => ({ run, ...match }));
  };
  if (options.workers && candidates.length > CHUNK_RUNS) {
    yield* searchOnWorkers(fs, candidates, query, options, options.workers, progress, report);
    return;
  }
  const readers = options.readers ?? (await configuredReaders(fs));
  const needles = needlesOf(query.stepTerms);
  const scan = async (run: RunSummary): Promise<TrajectoryMatch[]> => {
    if (signal?.aborted) return [];
    const matches = await scanRun(fs, run, query.stepTerms, needles, readers);
    progress.scanned++;
    return matches;
  };
  let index = 0;
  for await (const matches of inOrder(candidates, options.concurrency ?? DEFAULT_CONCURRENCY, scan)) {
    signal?.throwIfAborted();
    yield* report(candidates[index++] as RunSummary, matches);
  }
}

/** Chunks of the candidates scanned on worker threads, handed back in run order; a chunk a worker fails is scanned here. */
async function* searchOnWorkers(
  fs: FileSource,
  candidates: readonly RunSummary[],
  query: SearchQuery,
  options: SearchOptions,
  workers: WorkerThreads & { root: string },
  progress: SearchProgress,
  report: (run: RunSummary, matches: TrajectoryMatch[]) => SearchMatch[],
): AsyncGenerator<SearchMatch> {
  const { signal } = options;
  const chunks: RunSummary[][] = [];
  for (let i = 0; i < candidates.length; i += CHUNK_RUNS) chunks.push(candidates.slice(i, i + CHUNK_RUNS));
  const pool = new WorkerPool<ChunkRequest, ChunkReply>(workers, { root: workers.root, query } satisfies SearchWorkerData);
  let local: Promise<{ readers: readonly FormatReader[]; needles: ReturnType<typeof needlesOf> }> | undefined;
  const scanHere = async (chunk: RunSummary[]): Promise<TrajectoryMatch[][]> => {
    local ??= (async () => ({ readers: options.readers ?? (await configuredReaders(fs)), needles: needlesOf(query.stepTerms) }))();
    const { readers, needles } = await local;
    const results: TrajectoryMatch[][] = [];
    for await (const matches of inOrder(chunk, options.concurrency ?? DEFAULT_CONCURRENCY, (run) => scanRun(fs, run, query.stepTerms, needles, readers))) {
      results.push(matches);
    }
    return results;
  };
  let closed = false;
  const scan = async (chunk: RunSummary[]): Promise<TrajectoryMatch[][]> => {
    if (signal?.aborted) return [];
    // A chunk left in hand when the search ends (cancelled, or its reader stopped) is dropped, not scanned here.
    const results = await pool.run(chunk).catch(() => (closed || signal?.aborted ? [] : scanHere(chunk)));
    progress.scanned += chunk.length;
    return results;
  };
  try {
    let index = 0;
    // Two chunks per worker in flight: a worker never waits for this thread to hand it the next.
    for await (const results of inOrder(chunks, workers.count * 2, scan)) {
      for (const matches of results) {
        signal?.throwIfAborted();
        yield* report(candidates[index++] as RunSummary, matches);
      }
    }
  } finally {
    closed = true;
    await pool.close();
  }
}
