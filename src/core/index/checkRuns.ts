import type { FileSource } from '../fileSource';
import type { FormatReader } from '../formats/reader';
import type { Diagnostic, RunSummary } from '../model';
import { mapConcurrent } from './concurrency';
import { configuredReaders } from './configuredReaders';
import { loadTrajectory } from './loadTrajectory';

/** Runs loaded at once: each reads several files, so fewer than the walk's folder listings. */
const CHECK_CONCURRENCY = 8;

/**
 * Reads every file of every run with the readers' checks on, and returns every problem found: what a user would
 * see on opening each run.
 */
export async function checkRuns(
  fs: FileSource,
  runs: readonly RunSummary[],
  options: { signal?: AbortSignal; readers?: readonly FormatReader[] } = {},
): Promise<Diagnostic[]> {
  const readers = options.readers ?? (await configuredReaders(fs));
  // In path order, as the tree lies on disk: run order jumps between folders, and reading 20,000 run folders that
  // way was measured several times slower.
  const byPath = [...runs].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const perRun = await mapConcurrent(
    byPath,
    CHECK_CONCURRENCY,
    async (run) => (await loadTrajectory(fs, run, { check: true }, readers)).diagnostics,
    options.signal,
  );
  const shared = await Promise.all(
    readers.map((reader) => reader.checkSharedFiles?.(fs, runs.filter((run) => run.format === reader.format)) ?? Promise.resolve([])),
  );
  return [...perRun.flat(), ...shared.flat()];
}
