import * as vscode from 'vscode';
import { regressionsText } from './countTexts';
import type { RunStore } from './runStore';
import { REGRESSIONS_VIEW_ID } from './runViews';

export const CANCEL_INDEXING_COMMAND = 'trajectoryLens.cancelIndexing';

/** `$(pulse) 12 regressions` (focuses the Regressions view); while indexing, the progress (click to cancel). */
export function registerStatusBar(store: RunStore): vscode.Disposable {
  const item = vscode.window.createStatusBarItem('trajectoryLens.status', vscode.StatusBarAlignment.Left, 10);
  item.name = 'Trajectory Lens';

  const update = (): void => {
    const state = store.state;
    if (state.kind === 'indexing') {
      item.text = `$(sync~spin) ${vscode.l10n.t('Indexing runs… {0}', state.indexed)}`;
      item.tooltip = vscode.l10n.t('Trajectory Lens is indexing the run directory. Click to cancel.');
      item.command = CANCEL_INDEXING_COMMAND;
      item.show();
      return;
    }
    if (store.directories.length === 0) {
      item.hide();
      return;
    }
    const count = store.directories.reduce((sum, dir) => sum + dir.regressions.length, 0);
    item.text = `$(pulse) ${regressionsText(count)}`;
    item.tooltip = vscode.l10n.t('Cross-lingual regressions against {0}. Click to show them.', store.baseline);
    item.command = `${REGRESSIONS_VIEW_ID}.focus`;
    item.show();
  };
  update();

  return vscode.Disposable.from(item, store.onDidChange(update), store.onDidChangeIndexingState(update));
}
