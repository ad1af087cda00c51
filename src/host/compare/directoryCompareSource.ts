// What a compare panel reads from an opened run directory. No 'vscode' import, so it runs under Node in tests.
import { compareRunsInDirectory } from '../../core/analysis/literalCanonicalizer';
import { loadEntityAliases } from '../../core/entities/loadEntityAliases';
import { joinPath, type FileSource } from '../../core/fileSource';
import { loadTrajectory } from '../../core/index/loadTrajectory';
import type { Diagnostic, RunSummary, Trajectory } from '../../core/model';
import type { CompareLabels } from '../../protocol/compareLabels';
import type { CompareSource } from './compareSession';

export interface ComparedDirectory {
  fs: FileSource;
  /** Its runs as indexed now. */
  runs(): readonly RunSummary[];
  /** Folder of SEATau translated domain assets, when trajectory-lens.json names one. */
  tau2Domains?(): string | undefined;
}

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

export function directoryCompareSource(runDir: string, dir: ComparedDirectory, options: DirectoryCompareOptions): CompareSource {
  const report = <T extends { diagnostics: Diagnostic[] }>(key: string, loaded: T): T => {
    options.reportProblems?.(key, loaded.diagnostics);
    return loaded;
  };
  return {
    runDir,
    labels: (target: RunSummary) => options.labels(target),
    runs: () => dir.runs(),
    loadTrajectory: (run: RunSummary) => loadTrajectory(dir.fs, run),
    listFiles: (run: RunSummary) => listRunFiles(dir.fs, run),
    compareRuns: async (baseline: Trajectory, target: Trajectory) =>
      report(
        `values:${baseline.run.id}\n${target.run.id}`,
        await compareRunsInDirectory(dir.fs, baseline, target, {
          domainsRoot: dir.tau2Domains?.(),
          equivalentForms: options.equivalentForms?.() ?? true,
        }),
      ),
    entityAliases: async (baseline: RunSummary, target: RunSummary) =>
      report(`terms:${baseline.id}\n${target.id}`, await loadEntityAliases(dir.fs, [baseline, target], dir.tau2Domains?.())),
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
