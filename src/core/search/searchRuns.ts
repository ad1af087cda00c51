// Search across the runs of a run directory: index-level terms pick the candidate runs, and only those are loaded
// to scan their steps. Matches stream out in run order while later runs are still loading.
import type { FileSource } from '../fileSource';
import type { FormatReader } from '../formats/reader';
import { configuredReaders } from '../index/configuredReaders';
import { loadTrajectory } from '../index/loadTrajectory';
import type { RunSummary } from '../model';
import { runMatches } from './matchRun';
import { matchTrajectory, type TrajectoryMatch } from './matchTrajectory';
import type { SearchQuery } from './parseQuery';
import { needlesOf, prefilterRun } from './rawPrefilter';
import { withRunFiles } from '../runFiles';

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
}

const DEFAULT_CONCURRENCY = 16;

/** The match a query of index-level terms alone gives for a run: the run itself. */
function runMatch(run: RunSummary): SearchMatch {
  const parts = [run.scenarioId, run.language, `run ${run.runIndex}`, run.outcome, run.failureFamily].filter(Boolean);
  return { run, step: null, field: 'run', snippet: parts.join(' · '), highlight: null };
}

/**
 * Loads `items` with at most `limit` loads in flight and hands back the results in the items' order, each as soon as
 * it and all before it are done. `load` must not reject.
 */
async function* inOrder<T, R>(items: readonly T[], limit: number, load: (item: T) => Promise<R>): AsyncGenerator<R> {
  const pending: Promise<R>[] = [];
  let next = 0;
  while (next < items.length && pending.length < limit) pending.push(load(items[next++] as T));
  while (pending.length > 0) {
    const result = await (pending.shift() as Promise<R>);
    if (next < items.length) pending.push(load(items[next++] as T));
    yield result;
  }
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
  const readers = options.readers ?? (await configuredReaders(fs));
  const needles = needlesOf(query.stepTerms);
  // Only the matches are kept, never the trajectories: memory stays bounded by the loads in flight.
  const scan = async (run: RunSummary): Promise<TrajectoryMatch[]> => {
    if (signal?.aborted) return [];
    const { possible, files } = await prefilterRun(fs, run, needles);
    const runFs = files ? withRunFiles(fs, files) : fs;
    const matches = possible ? matchTrajectory(await loadTrajectory(runFs, run, {}, readers), query.stepTerms) : [];
    progress.scanned++;
    return matches;
  };
  let index = 0;
  for await (const matches of inOrder(candidates, options.concurrency ?? DEFAULT_CONCURRENCY, scan)) {
    signal?.throwIfAborted();
    const run = candidates[index++] as RunSummary;
    progress.done++;
    if (matches.length > 0) progress.matchedRuns++;
    onProgress?.({ ...progress });
    for (const match of matches) yield { run, ...match };
  }
}
