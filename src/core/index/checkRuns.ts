import type { FileSource } from '../fileSource';
import type { FormatReader } from '../formats/reader';
import type { Diagnostic, RunSummary } from '../model';
import { checkOnWorkers, type CheckWorkers } from './checkOnWorkers';
import { checkRunFiles } from './checkRunFiles';
import { configuredReaders } from './configuredReaders';

export interface CheckRunsOptions {
  signal?: AbortSignal;
  /** Formats to check with; by default the registered readers as the run directory's trajectory-lens.json tunes them. */
  readers?: readonly FormatReader[];
  /** Called as runs are checked, with the number checked so far. */
  onProgress?: (runsChecked: number) => void;
  /**
   * Workers to check the runs on (see startCheckWorkers), when the registered readers are used; the runs are checked on
   * this thread without. The caller closes them after.
   */
  workers?: CheckWorkers | null;
}

/**
 * Reads every file of every run with the readers' checks on, and returns every problem found: what a user would
 * see on opening each run.
 */
export async function checkRuns(fs: FileSource, runs: readonly RunSummary[], options: CheckRunsOptions = {}): Promise<Diagnostic[]> {
  const { signal, onProgress, workers } = options;
  const readers = options.readers ?? (await configuredReaders(fs));
  // In path order, as the tree lies on disk: run order jumps between folders, and reading 20,000 run folders that
  // way was measured several times slower.
  const byPath = [...runs].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  let checked = 0;
  // Workers tune their own readers by the run directory's configuration: they check only with the registered readers.
  const perRun =
    workers && options.readers === undefined && byPath.length > 0
      ? await checkOnWorkers(fs, workers, byPath, { readers, signal, onProgress })
      : await checkRunFiles(fs, byPath, readers, { signal, onChecked: () => onProgress?.(++checked) });
  const shared = await Promise.all(
    readers.map((reader) => reader.checkSharedFiles?.(fs, runs.filter((run) => run.format === reader.format)) ?? Promise.resolve([])),
  );
  return [...perRun, ...shared.flat()];
}
