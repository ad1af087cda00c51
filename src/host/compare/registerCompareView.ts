// Opens, restores and deep-links compare panels. The extension calls registerCompareView once at activation and
// openComparePanel from its commands.
import * as vscode from 'vscode';
import type { RunDirectory } from '../../core/index/runDirectory';
import type { RunIndex } from '../../core/index/runIndex';
import type { RunSummary } from '../../core/model';
import type { CompareLabelling } from '../labels/compareLabelling';
import type { LoadedRunDirectory } from '../loadedRunDirectory';
import type { ProblemsPublisher } from '../problems/problemsPublisher';
import type { RunStore } from '../runStore';
import { parseSavedCompareState } from '../../protocol/validateCompare';
import { COMPARE_VIEW_TYPE, ComparePanel } from './comparePanel';
import { registerPanelRestorer, webviewPanelOptions } from '../webview/webviewPanelHost';
import { CompareSession, type CompareDirectory } from './compareSession';
import { equivalentFormsEnabled, onEquivalentFormsChange } from './equivalentFormsSetting';
import { parseCompareLink } from './deepLink';
import { registerExportComparison } from './exportComparison';

export interface CompareViewDeps {
  /** The indexed run directories, read at each use; panels reload their runs when it indexes again. */
  store: Pick<RunStore, 'directories' | 'directory' | 'whenIndexed' | 'onDidIndex'>;
  /** Labels shown in the panels' headers and labelling from them. */
  labelling: CompareLabelling;
  /** The Problems panel, listing what a comparison found in the directory's files besides its runs. */
  problems: Pick<ProblemsPublisher, 'addComparisonDiagnostics'>;
}

/** The opened run directories once they are indexed (a restore or a deep link can arrive first). */
async function runDirectories(deps: CompareViewDeps): Promise<readonly LoadedRunDirectory[]> {
  await deps.store.whenIndexed();
  return deps.store.directories;
}

const panels = new Set<ComparePanel>();

export function registerCompareView(context: vscode.ExtensionContext, deps: CompareViewDeps): void {
  context.subscriptions.push(
    registerPanelRestorer(COMPARE_VIEW_TYPE, (panel, state) => restorePanel(context, deps, panel, state)),
    vscode.window.registerUriHandler({ handleUri: (uri) => openCompareLink(context, deps, uri) }),
    { dispose: () => [...panels].forEach((p) => p.dispose()) },
    registerExportComparison(() => [...panels].find((p) => p.panel.active), context.extensionUri),
  );
  context.subscriptions.push(deps.store.onDidIndex(() => void refreshPanels()));
  context.subscriptions.push(onEquivalentFormsChange(() => void refreshPanels()));
  context.subscriptions.push(deps.labelling.onDidChange(() => void pushLabels()));
}

/** Opens (or reveals) the comparison of two runs of one run directory, scrolled to an aligned row when given. */
export async function openComparePanel(
  context: vscode.ExtensionContext,
  deps: CompareViewDeps,
  baselineRun: RunSummary,
  targetRun: RunSummary,
  row?: number,
): Promise<void> {
  const dir = findDirectory(await runDirectories(deps), baselineRun, targetRun);
  if (!dir) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Trajectory Lens: these runs are not part of an opened run directory.'));
    return;
  }
  const existing = [...panels].find((p) => p.runDir === dir.uri.toString() && samePair(p.session, baselineRun, targetRun));
  if (existing) {
    existing.reveal(row ?? null);
    return;
  }
  const session = new CompareSession(compareDirectory(dir, deps), baselineRun, targetRun);
  const panel = vscode.window.createWebviewPanel(COMPARE_VIEW_TYPE, vscode.l10n.t('Compare runs'), vscode.ViewColumn.Active, {
    ...webviewPanelOptions(context.extensionUri),
    enableFindWidget: false,
  });
  const comparePanel = track(context, panel, session, dir, deps.labelling);
  try {
    await comparePanel.render(row ?? null);
  } catch (error) {
    comparePanel.dispose();
    void vscode.window.showErrorMessage(vscode.l10n.t('Trajectory Lens: cannot compare these runs: {0}', message(error)));
  }
}

async function restorePanel(
  context: vscode.ExtensionContext,
  deps: CompareViewDeps,
  panel: vscode.WebviewPanel,
  rawState: unknown,
): Promise<string | null> {
  const saved = parseSavedCompareState(rawState);
  const dirs = saved ? await runDirectories(deps) : [];
  const dir = dirs.find((d) => d.uri.toString() === saved?.runDir);
  const runs = dir ? new Map(dir.index.runs.map((r) => [r.id, r])) : new Map<string, RunSummary>();
  const baseline = saved && runs.get(saved.baselineRunId);
  const target = saved && runs.get(saved.targetRunId);
  if (!dir || !saved || !baseline || !target) return vscode.l10n.t('The runs of this comparison are no longer in the workspace.');
  const session = new CompareSession(compareDirectory(dir, deps), baseline, target);
  const comparePanel = track(context, panel, session, dir, deps.labelling);
  try {
    await comparePanel.render(saved.row);
  } catch (error) {
    comparePanel.dispose();
    void vscode.window.showErrorMessage(vscode.l10n.t('Trajectory Lens: cannot restore the comparison: {0}', message(error)));
  }
  return null;
}

async function openCompareLink(context: vscode.ExtensionContext, deps: CompareViewDeps, uri: vscode.Uri): Promise<void> {
  const link = parseCompareLink(uri.path, uri.query);
  if (!link) {
    void vscode.window.showWarningMessage(vscode.l10n.t('Trajectory Lens: this link does not name a comparison.'));
    return;
  }
  for (const dir of await runDirectories(deps)) {
    const runs = new Map(dir.index.runs.map((r) => [r.id, r]));
    const baseline = runs.get(link.baselineRunId);
    const target = runs.get(link.targetRunId);
    if (baseline && target) {
      await openComparePanel(context, deps, baseline, target, link.row ?? undefined);
      return;
    }
  }
  void vscode.window.showWarningMessage(vscode.l10n.t('Trajectory Lens: the runs of this link are not in the opened run directories.'));
}

function track(
  context: vscode.ExtensionContext,
  panel: vscode.WebviewPanel,
  session: CompareSession,
  dir: LoadedRunDirectory,
  labelling: CompareLabelling,
) {
  const comparePanel: ComparePanel = new ComparePanel(
    panel,
    session,
    { extensionUri: context.extensionUri, extensionId: context.extension.id, root: dir.uri, fs: dir.fs, labelling },
    () => panels.delete(comparePanel),
  );
  panels.add(comparePanel);
  return comparePanel;
}

async function refreshPanels(): Promise<void> {
  for (const panel of panels) {
    try {
      const state = await panel.session.refresh();
      if (state) panel.push(state);
    } catch (error) {
      void vscode.window.showWarningMessage(vscode.l10n.t('Trajectory Lens: cannot reload a comparison: {0}', message(error)));
    }
  }
}

/** A label changed: every open panel shows its labels again (its comparison stays as it is). */
async function pushLabels(): Promise<void> {
  for (const panel of panels) {
    try {
      await panel.pushLabels();
    } catch (error) {
      void vscode.window.showWarningMessage(vscode.l10n.t('Trajectory Lens: cannot show the labels of a comparison: {0}', message(error)));
    }
  }
}

const NOT_INDEXED: RunIndex = { runs: [], diagnostics: [] };

function compareDirectory(dir: LoadedRunDirectory, deps: CompareViewDeps): CompareDirectory {
  const runDir = dir.uri.toString();
  return {
    uri: runDir,
    // The panel keeps reading through the files it opened with, and sees the runs of the directory's latest index.
    current: (): RunDirectory => ({ fs: dir.fs, index: deps.store.directory(runDir)?.index ?? NOT_INDEXED }),
    labels: (target) => deps.labelling.labelsFor(runDir, target),
    reportProblems: (key, diagnostics) => {
      const indexed = deps.store.directory(runDir);
      if (indexed) deps.problems.addComparisonDiagnostics(runDir, key, { fs: indexed.fs, diagnostics });
    },
    equivalentForms: equivalentFormsEnabled,
  };
}

function findDirectory(
  dirs: readonly LoadedRunDirectory[],
  baseline: RunSummary,
  target: RunSummary,
): LoadedRunDirectory | undefined {
  const holds = (dir: LoadedRunDirectory, run: RunSummary) => dir.index.runs.some((r) => r === run);
  const holdsId = (dir: LoadedRunDirectory, run: RunSummary) => dir.index.runs.some((r) => r.id === run.id);
  return (
    dirs.find((d) => holds(d, baseline) && holds(d, target)) ?? dirs.find((d) => holdsId(d, baseline) && holdsId(d, target))
  );
}

function samePair(session: CompareSession, baseline: RunSummary, target: RunSummary): boolean {
  return session.runs.baseline.id === baseline.id && session.runs.target.id === target.id;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
