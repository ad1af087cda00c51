// What a compare panel reads from an opened run directory. No 'vscode' import, so it runs under Node in tests.
import { compareRunsInDirectory } from '../../core/analysis/literalCanonicalizer';
import { loadEntityAliases } from '../../core/entities/loadEntityAliases';
import { joinPath, type FileSource } from '../../core/fileSource';
import { loadTrajectory } from '../../core/index/loadTrajectory';
import type { RunDirectory } from '../../core/index/runDirectory';
import type { Diagnostic, RunSummary, Trajectory } from '../../core/model';
import type { CompareLabels } from '../../protocol/compareLabels';
import type { CompareSource } from './compareSession';

export interface DirectoryCompareOptions {
  labels(target: RunSummary): Promise<CompareLabels>;
  /**
   * Called with the problems of the directory's files a comparison read besides its runs (value sets, term tables),
   * keyed by what was read for which pair, so the Problems panel can list them.
   */
  reportProblems?(key: string, diagnostics: readonly Diagnostic[]): void;
  /** Whether values that differ only by form count as equivalent (the setting, read at each comparison). */
  equivalentForms?(): boolean;
}

/**
 * @param current the run directory as indexed now, asked at each use so a re-index (new runs, another
 *   `tau2Domains`) shows in an open panel
 */
export function directoryCompareSource(
  runDir: string,
  current: () => RunDirectory,
  options: DirectoryCompareOptions,
): CompareSource {
  const report = <T extends { diagnostics: Diagnostic[] }>(key: string, loaded: T): T => {
    options.reportProblems?.(key, loaded.diagnostics);
    return loaded;
  };
  return {
    runDir,
    labels: (target: RunSummary) => options.labels(target),
    runs: () => current().index.runs,
    loadTrajectory: (run: RunSummary) => loadTrajectory(current().fs, run),
    listFiles: (run: RunSummary) => listRunFiles(current().fs, run),
    compareRuns: async (baseline: Trajectory, target: Trajectory) =>
      report(
        `values:${baseline.run.id}\n${target.run.id}`,
        await compareRunsInDirectory(current().fs, baseline, target, {
          domainsRoot: current().index.tau2Domains,
          equivalentForms: options.equivalentForms?.() ?? true,
        }),
      ),
    entityAliases: async (baseline: RunSummary, target: RunSummary) => {
      const { fs, index } = current();
      return report(`terms:${baseline.id}\n${target.id}`, await loadEntityAliases(fs, [baseline, target], index.tau2Domains));
    },
  };
}

/** The files directly in a run's directory (or the one file holding the run); none when it cannot be listed. */
async function listRunFiles(fs: FileSource, run: RunSummary): Promise<string[]> {
  try {
    const stat = await fs.stat(run.path);
    if (stat?.type === 'file') return [run.path];
    if (stat?.type !== 'directory') return [];
    const entries = await fs.list(run.path);
    return entries
      .filter((e) => e.type === 'file')
      .map((e) => joinPath(run.path, e.name))
      .sort();
  } catch {
    return [];
  }
}
