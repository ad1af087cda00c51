import type * as vscode from 'vscode';
import { openComparePanel, registerCompareView, type CompareViewDeps } from '../compare/registerCompareView';
import type { RunStore } from '../runStore';
import { registerCompareRuns } from './compareRuns';
import { registerCompareWithBaseline, type OpenComparison } from './compareWithBaseline';

/** The compare view (panels, restore, deep links) and the two commands that open it. */
export function registerCompare(
  context: vscode.ExtensionContext,
  store: RunStore,
  deps: CompareViewDeps,
): vscode.Disposable[] {
  registerCompareView(context, deps);
  const open: OpenComparison = (baseline, target) => openComparePanel(context, deps, baseline, target);
  return [registerCompareWithBaseline(store, open), registerCompareRuns(store, open)];
}
