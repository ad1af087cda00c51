import type * as vscode from 'vscode';
import { openComparePanel, registerCompareView } from '../compare/registerCompareView';
import { compareViewDeps } from '../compareDirectories';
import type { CompareLabelling } from '../labels/compareLabelling';
import type { ProblemsPublisher } from '../problems/problemsPublisher';
import type { RunStore } from '../runStore';
import { registerCompareRuns } from './compareRuns';
import { registerCompareWithBaseline, type OpenComparison } from './compareWithBaseline';

/** The compare view (panels, restore, deep links) and the two commands that open it. */
export function registerCompare(
  context: vscode.ExtensionContext,
  store: RunStore,
  labelling: CompareLabelling,
  problems: ProblemsPublisher,
): vscode.Disposable[] {
  const deps = compareViewDeps(store, labelling, problems);
  registerCompareView(context, deps);
  const open: OpenComparison = (baseline, target) => openComparePanel(context, deps, baseline, target);
  return [registerCompareWithBaseline(store, open), registerCompareRuns(store, open)];
}
