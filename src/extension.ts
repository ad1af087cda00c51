import * as vscode from 'vscode';
import { BaselineLanguage } from './host/baselineLanguage';
import { registerCompare } from './host/commands/registerCompare';
import { registerIndexingCommands } from './host/commands/indexingCommands';
import { registerOpenRun } from './host/commands/openRun';
import { registerOpenRunDirectory } from './host/commands/openRunDirectory';
import { registerSetBaselineLanguage } from './host/commands/setBaselineLanguage';
import { registerLabelCommand } from './host/labels/labelCommand';
import { LabelState } from './host/labels/labelState';
import { TreeSelection } from './host/labels/treeSelection';
import { ProblemsPublisher } from './host/problems/problemsPublisher';
import { registerRunDocuments } from './host/runDocument/runDocumentFileSystem';
import { runDirectories } from './host/runDirectories';
import { RunStore } from './host/runStore';
import { registerRunViews } from './host/runViews';
import { registerStatusBar } from './host/statusBar';
import { watchRunFiles } from './host/watchRunFiles';
import { reindexOnWorkspaceChanges } from './host/workspaceChanges';

export function activate(context: vscode.ExtensionContext): void {
  const baseline = new BaselineLanguage(context.workspaceState);
  const store = new RunStore(
    () => runDirectories(context.workspaceState),
    (declared) => baseline.get(declared),
  );
  const problems = new ProblemsPublisher(store);
  const labels = new LabelState(store);
  const selection = new TreeSelection();

  context.subscriptions.push(
    store,
    problems,
    labels,
    registerRunViews(store, labels, selection),
    registerLabelCommand(context.globalState, store, labels, selection),
    registerRunDocuments(store, problems),
    registerStatusBar(store),
    watchRunFiles(store),
    reindexOnWorkspaceChanges(store, baseline),
    registerIndexingCommands(store),
    registerOpenRun(),
    registerOpenRunDirectory(context.workspaceState, store),
    registerSetBaselineLanguage(store, baseline),
    ...registerCompare(context, store),
  );

  void store.refresh();
}
