import type { CompareViewDeps, RunDirectory } from './compare/registerCompareView';
import type { CompareLabelling } from './labels/compareLabelling';
import type { ProblemsPublisher } from './problems/problemsPublisher';
import type { RunStore } from './runStore';

/** The indexed run directories as the compare view sees them; runs are read at call time, so a re-index shows. */
export function compareViewDeps(store: RunStore, labelling: CompareLabelling, problems: ProblemsPublisher): CompareViewDeps {
  return {
    async runDirectories(): Promise<readonly RunDirectory[]> {
      await store.whenIndexed();
      return store.directories.map(({ uri, fs }) => ({
        uri,
        fs,
        runs: () => store.directory(uri.toString())?.index.runs ?? [],
        tau2Domains: () => store.directory(uri.toString())?.index.tau2Domains,
      }));
    },
    onDidIndex: store.onDidIndex,
    labelling,
    reportProblems(dirUri, key, diagnostics) {
      const dir = store.directory(dirUri);
      if (dir) problems.addComparisonDiagnostics(dirUri, key, { fs: dir.fs, diagnostics });
    },
  };
}
