import type { FileSource } from '../fileSource';
import type { FormatReader } from '../formats/reader';
import type { Diagnostic, RunSummary } from '../model';
import { mapConcurrent } from './concurrency';
import { checkTrajectory } from './loadTrajectory';

/** Runs loaded at once by default: each reads several files, so fewer than the walk's folder listings. */
const CHECK_CONCURRENCY = 8;

/**
 * Reads every file of each run with the readers' checks on, on this thread, and returns the problems found, run by
 * run in the order given (what checkRuns does with each share of the runs, here or on a worker).
 */
export async function checkRunFiles(
  fs: FileSource,
  runs: readonly RunSummary[],
  readers: readonly FormatReader[],
  options: { signal?: AbortSignal; onChecked?: () => void; concurrency?: number } = {},
): Promise<Diagnostic[]> {
  const { signal, onChecked } = options;
  const perRun = await mapConcurrent(
    runs,
    options.concurrency ?? CHECK_CONCURRENCY,
    async (run) => {
      const diagnostics = await checkTrajectory(fs, run, readers);
      onChecked?.();
      return diagnostics;
    },
    signal,
  );
  return perRun.flat();
}
