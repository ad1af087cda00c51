import * as vscode from 'vscode';
import { regressionsText } from './countTexts';
import type { LabelLookup } from './labels/labelState';
import type { TreeSelection } from './labels/treeSelection';
import { RUNS_VIEW_ID, type RunStore } from './runStore';
import type { CauseTree } from './tree/causeTree';
import type { RegressionsViewNode, RunsNode } from './tree/nodes';
import { cellText } from './tree/regressionCell';
import type { RegressionFilter } from './tree/regressionFilter';
import { RegressionsTreeProvider } from './tree/regressionsTreeProvider';
import { RunsTreeProvider } from './tree/runsTreeProvider';
import { isWorkspaceTrusted, restrictedViewMessage } from './workspaceTrust';

export const REGRESSIONS_VIEW_ID = 'trajectoryLens.regressions';

/** True once a run directory with runs is indexed: the palette lists the commands that need runs only then. */
const HAS_RUNS_CONTEXT_KEY = 'trajectoryLens.hasRuns';

function regressionCount(store: RunStore): number {
  return store.directories.reduce((sum, dir) => sum + dir.regressions.length, 0);
}

/** `examples · baseline eng`: which directory is open and what it is compared against. */
function viewDescription(store: RunStore): string | undefined {
  const dirs = store.directories;
  if (dirs.length === 0) return undefined;
  const where = dirs.length === 1 && dirs[0] ? dirs[0].name : vscode.l10n.t('{0} run directories', dirs.length);
  return vscode.l10n.t('{0} · baseline {1}', where, store.baseline);
}

/** The view's own message, after the Restricted Mode note when the folder is not trusted. */
function withTrustNote(message: string | undefined): string | undefined {
  if (isWorkspaceTrusted()) return message;
  return message === undefined ? restrictedViewMessage() : `${restrictedViewMessage()} ${message}`;
}

function runsMessage(store: RunStore): string | undefined {
  if (store.state.kind === 'cancelled') return vscode.l10n.t('Indexing was cancelled. Refresh to index the runs again.');
  return undefined;
}

function regressionsMessage(store: RunStore, causes: CauseTree | undefined): string | undefined {
  if (store.state.kind === 'indexing' || store.directories.length === 0) return undefined;
  if (causes?.grouped && causes.message() !== undefined) return causes.message();
  return regressionCount(store) === 0 ? vscode.l10n.t('No regressions against {0}.', store.baseline) : undefined;
}

/**
 * The Runs and Regressions views, with the directory, baseline and regression count in their titles; the Regressions
 * view says when it is filtered to a matrix cell, and can group its regressions by cause.
 */
export function registerRunViews(
  store: RunStore,
  labels: LabelLookup,
  selection: TreeSelection,
  filter: RegressionFilter,
  causes?: CauseTree,
): vscode.Disposable {
  const runsProvider = new RunsTreeProvider(store, labels);
  const regressionsProvider = new RegressionsTreeProvider(store, labels, filter, causes);
  const runsView = vscode.window.createTreeView<RunsNode>(RUNS_VIEW_ID, { treeDataProvider: runsProvider, showCollapseAll: true });
  const regressionsView = vscode.window.createTreeView<RegressionsViewNode>(REGRESSIONS_VIEW_ID, {
    treeDataProvider: regressionsProvider,
  });

  const update = (): void => {
    const description = viewDescription(store);
    runsView.description = description;
    regressionsView.description = filter.cell === null ? description : vscode.l10n.t('filtered: {0}', cellText(filter.cell));
    runsView.message = withTrustNote(runsMessage(store));
    regressionsView.message = withTrustNote(
      filter.cell !== null && regressionsProvider.getChildren().length === 0
        ? vscode.l10n.t('No regressions in {0}.', cellText(filter.cell))
        : regressionsMessage(store, causes),
    );
    const hasRuns = store.directories.some((dir) => dir.index.runs.length > 0);
    void vscode.commands.executeCommand('setContext', HAS_RUNS_CONTEXT_KEY, hasRuns);
    const count = regressionCount(store);
    regressionsView.badge = count > 0 ? { value: count, tooltip: regressionsText(count) } : undefined;
  };
  update();

  return vscode.Disposable.from(
    runsProvider,
    regressionsProvider,
    runsView,
    regressionsView,
    selection.track(runsView),
    selection.track(regressionsView),
    store.onDidChange(update),
    filter.onDidChange(update),
    ...(causes ? [causes.onDidChange(update)] : []),
    vscode.workspace.onDidGrantWorkspaceTrust(update),
    store.onDidChangeIndexingState((state) => {
      if (state.kind !== 'indexing' || state.indexed === 0) update();
    }),
  );
}
