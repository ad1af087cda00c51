// "Start Review": samples the labelled items of a run directory into a queue and opens the review panel on its first
// unreviewed item. Decisions are appended to the directory's labels file like labels are.
import * as vscode from 'vscode';
import { readers } from '../../core/formats/registry';
import { loadConfig } from '../../core/index/config';
import { appendRecord, readLabels } from '../../core/triage/labelStore';
import { triageItems } from '../../core/triage/triageItems';
import { resolveAnnotator } from '../labels/annotator';
import type { LabelState } from '../labels/labelState';
import { labelSink, LABELLING_TOOL, writeRefusal } from '../labels/labelWriter';
import type { LoadedRunDirectory } from '../loadedRunDirectory';
import type { RunStore } from '../runStore';
import { REVIEW_VIEW_TYPE, ReviewPanel } from './reviewPanel';
import { reviewEvidence } from './reviewEvidence';
import { askSamplingPlan } from './reviewSampling';
import { ReviewSession, type ReviewSource } from './reviewSession';
import { registerPanelRestorer, webviewPanelOptions } from '../webview/webviewPanelHost';
import { parseSavedReviewState, type ReviewState } from '../../protocol/review';
import { pickRunDirectory } from '../pickRunDirectory';

export const START_REVIEW_COMMAND = 'trajectoryLens.startReview';

function reviewSource(store: RunStore, labels: LabelState, globalState: vscode.Memento, dir: LoadedRunDirectory): ReviewSource {
  // The directory as indexed now: a re-index replaces the store's object.
  const current = (): LoadedRunDirectory => store.directory(dir.uri.toString()) ?? dir;
  return {
    directory: dir.name,
    runDir: dir.uri.toString(),
    worklist: () => triageItems(current().index.runs, store.baseline),
    readRecords: async () => (await readLabels(dir.fs)).records,
    append: async (record) => {
      await appendRecord(labelSink(dir), record);
      // The trees show the current decision per item.
      await labels.reload(current());
    },
    evidence: (item) => reviewEvidence(dir.fs, current().index.runs, item, store.baseline),
    readOnly: () => writeRefusal(dir, vscode.l10n.t('Review decisions')),
    annotator: () => resolveAnnotator(globalState),
    tool: LABELLING_TOOL,
  };
}

export function registerStartReview(
  context: vscode.ExtensionContext,
  store: RunStore,
  labels: LabelState,
): vscode.Disposable[] {
  const panels = new Set<ReviewPanel>();
  const refreshAll = (): void => {
    for (const panel of panels) {
      panel.session.refresh().then(
        (state) => panel.push(state),
        (error: unknown) => void vscode.window.showWarningMessage(vscode.l10n.t('Trajectory Lens: cannot reload the review queue: {0}', String(error))),
      );
    }
  };

  const nothingToReview = (dir: LoadedRunDirectory): string =>
    vscode.l10n.t('Nothing to review in {0}: no regression is labelled yet. Label some with "Label Failure…" or `trajectory-lens label`.', dir.name);

  const track = (webviewPanel: vscode.WebviewPanel, session: ReviewSession, dir: LoadedRunDirectory, state: ReviewState): void => {
    const panel: ReviewPanel = new ReviewPanel(webviewPanel, session, dir.uri.toString(), context.extensionUri, () => panels.delete(panel));
    panels.add(panel);
    panel.render(state);
  };

  /** The same queue as before the window reloaded (the labels file rebuilds it from the plan), on the same item. */
  const restore = async (webviewPanel: vscode.WebviewPanel, raw: unknown): Promise<string | null> => {
    const saved = parseSavedReviewState(raw);
    if (saved === null) return vscode.l10n.t('This review cannot be restored: run "Start Review" again.');
    await store.whenIndexed();
    const dir = store.directory(saved.runDir);
    if (dir === undefined) return vscode.l10n.t('The run directory of this review is no longer open.');
    const session = new ReviewSession(reviewSource(store, labels, context.globalState, dir), {
      seed: saved.seed,
      perStratum: saved.perStratum,
      sizes: saved.sizes,
    });
    const state = await session.open(saved.position);
    if (state.entries.length === 0) return nothingToReview(dir);
    webviewPanel.webview.options = webviewPanelOptions(context.extensionUri);
    track(webviewPanel, session, dir, state);
    return null;
  };

  const start = async (): Promise<void> => {
    const dir = await pickRunDirectory(store, vscode.l10n.t('Start Review: which run directory?'), { withRuns: false });
    if (dir === undefined) {
      if (store.directories.length === 0) void vscode.window.showInformationMessage(vscode.l10n.t('There are no run directories to review.'));
      return;
    }
    // Read now rather than from the index, so an edit to the file applies to the next review at once.
    const { config } = await loadConfig(dir.fs, readers.map((r) => r.format));
    const plan = await askSamplingPlan(config.review);
    if (plan === undefined) return;
    const session = new ReviewSession(reviewSource(store, labels, context.globalState, dir), plan);
    const state = await session.open();
    if (state.entries.length === 0) {
      void vscode.window.showInformationMessage(nothingToReview(dir));
      return;
    }
    // One queue per directory: starting again (another seed, other sizes) replaces the open one.
    for (const open of [...panels].filter((p) => p.runDir === dir.uri.toString())) open.dispose();
    const webviewPanel = vscode.window.createWebviewPanel(
      REVIEW_VIEW_TYPE,
      vscode.l10n.t('Review: {0}', dir.name),
      vscode.ViewColumn.Active,
      webviewPanelOptions(context.extensionUri),
    );
    track(webviewPanel, session, dir, state);
  };

  return [
    vscode.commands.registerCommand(START_REVIEW_COMMAND, () =>
      start().catch((error: unknown) =>
        vscode.window.showErrorMessage(vscode.l10n.t('Trajectory Lens: cannot start the review: {0}', error instanceof Error ? error.message : String(error))),
      ),
    ),
    registerPanelRestorer(REVIEW_VIEW_TYPE, restore),
    // Another window or the CLI labelled or reviewed: the queue's marks follow the file.
    labels.onDidChange(refreshAll),
    vscode.workspace.onDidGrantWorkspaceTrust(refreshAll),
    { dispose: () => [...panels].forEach((p) => p.dispose()) },
  ];
}
