import type * as vscode from 'vscode';
import { openComparePanel, registerCompareView, type CompareViewDeps } from '../compare/registerCompareView';
import { registerOpenCauseComparison } from '../clusters/clusterCommands';
import type { TreeSelection } from '../labels/treeSelection';
import type { RunStore } from '../runStore';
import { registerCompareRuns } from './compareRuns';
import { registerCompareWithBaseline, type OpenComparison } from './compareWithBaseline';

/** The compare view (panels, restore, deep links) and the commands that open it. */
export function registerCompare(
  context: vscode.ExtensionContext,
  store: RunStore,
  deps: CompareViewDeps,
  selection: TreeSelection,
): vscode.Disposable[] {
  registerCompareView(context, deps);
  const open: OpenComparison = (baseline, target) => openComparePanel(context, deps, baseline, target);
  return [
    registerCompareWithBaseline(store, open),
    registerCompareRuns(store, open),
    registerOpenCauseComparison((baseline, target, row) => openComparePanel(context, deps, baseline, target, row), selection),
  ];
}
