import * as vscode from 'vscode';
import { BaselineLanguage } from './host/baselineLanguage';
import { registerCompare } from './host/commands/registerCompare';
import type { CompareViewDeps } from './host/compare/registerCompareView';
import { registerIndexingCommands } from './host/commands/indexingCommands';
import { registerOpenRun } from './host/commands/openRun';
import { registerOpenRunDirectory } from './host/commands/openRunDirectory';
import { registerSetBaselineLanguage } from './host/commands/setBaselineLanguage';
import { CauseClusterState } from './host/clusters/causeClusterState';
import { registerLabelCluster } from './host/clusters/clusterCommands';
import { RegressionGrouping } from './host/clusters/regressionGrouping';
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
import { registerMatrix } from './host/matrix/showMatrix';
import { RegressionFilter } from './host/tree/regressionFilter';
import { registerRunDocuments } from './host/runDocument/runDocumentFileSystem';
import { runDirectories } from './host/runDirectories';
import { indexCacheStorage } from './host/indexCacheStorage';
import { RunStore } from './host/runStore';
import { REGRESSIONS_VIEW_ID, registerRunViews } from './host/runViews';
import { registerSearch } from './host/search/registerSearch';
import { registerStatusBar } from './host/statusBar';
import { CauseTree } from './host/tree/causeTree';
import { watchRunFiles } from './host/watchRunFiles';
import { registerWalkthrough } from './host/walkthrough';
import { registerExportWorklist } from './host/worklist/exportWorklistCommand';
import { reindexOnWorkspaceChanges } from './host/workspaceChanges';
import { registerManageTrust } from './host/workspaceTrust';

export function activate(context: vscode.ExtensionContext): void {
  const baseline = new BaselineLanguage(context.workspaceState);
  const store = new RunStore(
    () => runDirectories(context.workspaceState),
    (declared) => baseline.get(declared),
    indexCacheStorage(context.storageUri ?? context.globalStorageUri),
  );
  const problems = new ProblemsPublisher(store);
  const labels = new LabelState(store);
  const translationLint = new TranslationLintState(store);
  const labeller = new Labeller(context.globalState, store, labels, (dir) => translationLint.problemsOf(dir));
  const compareLabelling = new CompareLabelling(store, labeller);
  const selection = new TreeSelection();
  const compareDeps: CompareViewDeps = { store, labelling: compareLabelling, problems };
  const regressionFilter = new RegressionFilter();
  const grouping = new RegressionGrouping(context.workspaceState);
  const causeClusters = new CauseClusterState(store, (dir) => translationLint.problemsOf(dir), REGRESSIONS_VIEW_ID);

  context.subscriptions.push(
    store,
    problems,
    labels,
    translationLint,
    ...registerTranslationQuickFix(store, translationLint, labeller),
    ...registerTranslationSideBySide(context, store, translationLint),
    compareLabelling,
    regressionFilter,
    grouping,
    causeClusters,
    registerRunViews(store, labels, selection, regressionFilter, new CauseTree(store, causeClusters, grouping)),
    registerLabelCommand(labeller, store, selection),
    registerLabelCluster(labeller, selection),
    registerRunDocuments(store, problems),
    registerStatusBar(store),
    watchRunFiles(store),
    reindexOnWorkspaceChanges(store, baseline),
    registerIndexingCommands(store),
    registerOpenRun(),
    registerOpenRunDirectory(context.workspaceState, store),
    registerSetBaselineLanguage(store, baseline),
    ...registerCompare(context, store, compareDeps, selection),
    ...registerStartReview(context, store, labels),
    ...registerSearch(context, store, compareDeps),
    ...registerMatrix(context, store, regressionFilter),
    registerWalkthrough(context),
    registerExportWorklist(store, (dir) => translationLint.problemsOf(dir), context.extensionUri),
    registerManageTrust(),
  );

  void store.refresh();
}
