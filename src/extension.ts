import * as vscode from 'vscode';
import { BaselineLanguage } from './host/baselineLanguage';
import { registerCompare } from './host/commands/registerCompare';
import { registerIndexingCommands } from './host/commands/indexingCommands';
import { registerOpenRun } from './host/commands/openRun';
import { registerOpenRunDirectory } from './host/commands/openRunDirectory';
import { registerSetBaselineLanguage } from './host/commands/setBaselineLanguage';
import { CompareLabelling } from './host/labels/compareLabelling';
import { registerLabelCommand } from './host/labels/labelCommand';
import { Labeller } from './host/labels/labeller';
import { LabelState } from './host/labels/labelState';
import { TreeSelection } from './host/labels/treeSelection';
import { ProblemsPublisher } from './host/problems/problemsPublisher';
import { TranslationLintState } from './host/translation/translationLintState';
import { registerTranslationQuickFix } from './host/translation/translationQuickFix';
import { registerTranslationSideBySide } from './host/translation/showTranslationSideBySide';
import { registerStartReview } from './host/review/startReview';
import { registerRunDocuments } from './host/runDocument/runDocumentFileSystem';
import { runDirectories } from './host/runDirectories';
import { RunStore } from './host/runStore';
import { registerRunViews } from './host/runViews';
import { registerStatusBar } from './host/statusBar';
import { watchRunFiles } from './host/watchRunFiles';
import { registerWalkthrough } from './host/walkthrough';
import { reindexOnWorkspaceChanges } from './host/workspaceChanges';
import { registerManageTrust } from './host/workspaceTrust';

export function activate(context: vscode.ExtensionContext): void {
  const baseline = new BaselineLanguage(context.workspaceState);
  const store = new RunStore(
    () => runDirectories(context.workspaceState),
    (declared) => baseline.get(declared),
  );
  const problems = new ProblemsPublisher(store);
  const labels = new LabelState(store);
  const translationLint = new TranslationLintState(store);
  const labeller = new Labeller(context.globalState, store, labels, (dir) => translationLint.problemsOf(dir));
  const compareLabelling = new CompareLabelling(store, labeller);
  const selection = new TreeSelection();

  context.subscriptions.push(
    store,
    problems,
    labels,
    translationLint,
    ...registerTranslationQuickFix(store, translationLint, labeller),
    ...registerTranslationSideBySide(context, store, translationLint),
    compareLabelling,
    registerRunViews(store, labels, selection),
    registerLabelCommand(labeller, store, selection),
    registerRunDocuments(store, problems),
    registerStatusBar(store),
    watchRunFiles(store),
    reindexOnWorkspaceChanges(store, baseline),
    registerIndexingCommands(store),
    registerOpenRun(),
    registerOpenRunDirectory(context.workspaceState, store),
    registerSetBaselineLanguage(store, baseline),
    ...registerCompare(context, store, compareLabelling, problems),
    ...registerStartReview(context, store, labels),
    registerWalkthrough(context),
    registerManageTrust(),
  );

  void store.refresh();
}
