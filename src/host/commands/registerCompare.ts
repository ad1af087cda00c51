import type * as vscode from 'vscode';
import { openComparePanel, registerCompareView } from '../compare/registerCompareView';
import { compareViewDeps } from '../compareDirectories';
import { registerOpenCauseComparison } from '../clusters/clusterCommands';
import type { CompareLabelling } from '../labels/compareLabelling';
import type { TreeSelection } from '../labels/treeSelection';
import type { RunStore } from '../runStore';
import { registerCompareRuns } from './compareRuns';
import { registerCompareWithBaseline, type OpenComparison } from './compareWithBaseline';

/** The compare view (panels, restore, deep links) and the commands that open it. */
export function registerCompare(
  context: vscode.ExtensionContext,
  store: RunStore,
  labelling: CompareLabelling,
  selection: TreeSelection,
): vscode.Disposable[] {
  const deps = compareViewDeps(store, labelling);
  registerCompareView(context, deps);
  const open: OpenComparison = (baseline, target) => openComparePanel(context, deps, baseline, target);
  return [
    registerCompareWithBaseline(store, open),
    registerCompareRuns(store, open),
    registerOpenCauseComparison((baseline, target, row) => openComparePanel(context, deps, baseline, target, row), selection),
  ];
}
