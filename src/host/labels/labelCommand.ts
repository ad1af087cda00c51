import * as vscode from 'vscode';
import type { RunStore } from '../runStore';
import { labelItem } from '../../core/triage/labelRecord';
import type { TreeNode } from '../tree/nodes';
import { settingDirectories, viewSetting } from '../tree/settingDirectories';
import { confirmWritingAllowed } from '../workspaceTrust';
import type { Labeller } from './labeller';
import { labelTarget, targetText, type LabelTarget } from './labelTarget';
import type { TreeSelection } from './treeSelection';

// "Label Failure…" on a tree item (or, with nothing selected, on a regression picked from a list).

export const LABEL_COMMAND = 'trajectoryLens.label';

interface TargetPick extends vscode.QuickPickItem {
  target: LabelTarget;
}

/** Without an element (command palette, nothing selected): pick one of the regressions, setting by setting. */
async function pickRegression(store: RunStore): Promise<LabelTarget | undefined> {
  const picks: TargetPick[] = store.directories.flatMap((whole) => {
    const views = settingDirectories(whole);
    return (views.length > 0 ? views.map((v) => v.dir) : [whole]).flatMap((dir) =>
      dir.regressions.map((r) => {
        const target: LabelTarget = { dir, item: labelItem(r.group, r.language, null, viewSetting(dir)) };
        return { label: targetText(target), description: r.group, target };
      }),
    );
  });
  if (picks.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('There are no regressions to label. Pick a language or a run in the Runs view.'));
    return undefined;
  }
  return (await vscode.window.showQuickPick(picks, { title: vscode.l10n.t('Label Failure: which regression?'), matchOnDescription: true }))?.target;
}

export function registerLabelCommand(labeller: Labeller, store: RunStore, selection: TreeSelection): vscode.Disposable {
  return vscode.commands.registerCommand(LABEL_COMMAND, async (node?: TreeNode) => {
    if (!(await confirmWritingAllowed())) return;
    const given = node ?? selection.node;
    const target = given ? labelTarget(given) : await pickRegression(store);
    if (target === undefined) {
      if (given) void vscode.window.showInformationMessage(vscode.l10n.t('Pick a language, a run or a regression to label.'));
      return;
    }
    await labeller.pickAndRecord(target);
  });
}
