import * as vscode from 'vscode';
import type { BaselineLanguage } from './baselineLanguage';
import type { RunStore } from './runStore';

/** Re-indexes when the workspace folders or the run directory setting change; follows a changed baseline setting. */
export function reindexOnWorkspaceChanges(store: RunStore, baseline: BaselineLanguage): vscode.Disposable {
  return vscode.Disposable.from(
    vscode.workspace.onDidChangeWorkspaceFolders(() => void store.refresh()),
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      if (event.affectsConfiguration('trajectoryLens.runDirectories')) void store.refresh();
      if (event.affectsConfiguration('trajectoryLens.baselineLanguage')) {
        await baseline.forgetPick();
        store.setBaseline(baseline.get(store.directories.find((d) => d.index.baseline)?.index.baseline));
      }
    }),
  );
}
