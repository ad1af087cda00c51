// The step-level search of one run: its raw files first, then, when they may match, the run loaded and its steps
// matched. Shared by the search on the calling thread and by the search workers.
import type { FileSource } from '../fileSource';
import type { FormatReader } from '../formats/reader';
import { loadTrajectory } from '../index/loadTrajectory';
import type { RunSummary } from '../model';
import { withRunFiles } from '../runFiles';
import { matchTrajectory, type TrajectoryMatch } from './matchTrajectory';
import type { StepTerm } from './parseQuery';
import { prefilterRun, type Needles } from './rawPrefilter';

/** Only the matches are kept, never the trajectory: memory stays bounded by the runs in flight. Never rejects. */
export async function scanRun(
  fs: FileSource,
  run: RunSummary,
  terms: readonly StepTerm[],
  needles: Needles,
  readers: readonly FormatReader[],
): Promise<TrajectoryMatch[]> {
  const { possible, files } = await prefilterRun(fs, run, needles);
  if (!possible) return [];
  const runFs = files ? withRunFiles(fs, files) : fs;
  return matchTrajectory(await loadTrajectory(runFs, run, {}, readers), terms);
}

/**
 * Loads `items` with at most `limit` loads in flight and hands back the results in the items' order, each as soon as
 * it and all before it are done. `load` must not reject.
 */
export async function* inOrder<T, R>(items: readonly T[], limit: number, load: (item: T) => Promise<R>): AsyncGenerator<R> {
  const pending: Promise<R>[] = [];
  let next = 0;
  while (next < items.length && pending.length < limit) pending.push(load(items[next++] as T));
  while (pending.length > 0) {
    const result = await (pending.shift() as Promise<R>);
    if (next < items.length) pending.push(load(items[next++] as T));
    yield result;
  }
}
