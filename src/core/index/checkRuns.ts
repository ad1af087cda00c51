import type { FileSource } from '../fileSource';
import type { FormatReader } from '../formats/reader';
import { readers as registeredReaders } from '../formats/registry';
import type { Diagnostic, RunSummary } from '../model';
import type { WorkerThreads } from '../workers/workerPool';
import { checkOnWorkers } from './checkOnWorkers';
import { checkRunFiles } from './checkRunFiles';
import { DEFAULT_CONFIG, loadConfig } from './config';
import { readersFor } from './configuredReaders';

export interface CheckRunsOptions {
  signal?: AbortSignal;
  /** Formats to check with; by default the registered readers as the run directory's trajectory-lens.json tunes them. */
  readers?: readonly FormatReader[];
  /** Called as runs are checked, with the number checked so far. */
  onProgress?: (runsChecked: number) => void;
  /**
   * Worker threads to check the runs of a local run directory (at `root`) on, when the registered readers are used
   * (see bundledIndexWorkers); the runs are checked on this thread without.
   */
  workers?: (WorkerThreads & { root: string }) | null;
}

/**
 * Reads every file of every run with the readers' checks on, and returns every problem found: what a user would
 * see on opening each run.
 */
export async function checkRuns(fs: FileSource, runs: readonly RunSummary[], options: CheckRunsOptions = {}): Promise<Diagnostic[]> {
  const { signal, onProgress, workers } = options;
  // Workers tune their own readers by the configuration, so they check only with the registered readers.
  const config = options.readers === undefined ? (await loadConfig(fs, registeredReaders.map((r) => r.format))).config : null;
  const readers = options.readers ?? readersFor(config ?? DEFAULT_CONFIG);
  // In path order, as the tree lies on disk: run order jumps between folders, and reading 20,000 run folders that
  // way was measured several times slower.
  const byPath = [...runs].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  let checked = 0;
  const perRun =
    workers && config !== null && byPath.length > 0
      ? await checkOnWorkers(fs, workers, byPath, { config, readers, signal, onProgress })
      : await checkRunFiles(fs, byPath, readers, { signal, onChecked: () => onProgress?.(++checked) });
  const shared = await Promise.all(
    readers.map((reader) => reader.checkSharedFiles?.(fs, runs.filter((run) => run.format === reader.format)) ?? Promise.resolve([])),
  );
  return [...perRun, ...shared.flat()];
}
