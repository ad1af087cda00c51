// Opens, restores and deep-links compare panels. The extension calls registerCompareView once at activation and
// openComparePanel from its commands.
import * as vscode from 'vscode';
import type { Diagnostic, RunSummary } from '../../core/model';
import type { CompareLabelling } from '../labels/compareLabelling';
import { parseSavedCompareState } from '../../protocol/validateCompare';
import { COMPARE_VIEW_TYPE, ComparePanel } from './comparePanel';
import { registerPanelRestorer, webviewPanelOptions } from '../webview/webviewPanelHost';
import { CompareSession, type CompareSource } from './compareSession';
import { directoryCompareSource, type ComparedDirectory } from './directoryCompareSource';
import { equivalentFormsEnabled, onEquivalentFormsChange } from './equivalentFormsSetting';
import { parseCompareLink } from './deepLink';
import { registerExportComparison } from './exportComparison';

/** An opened run directory, as the host's index knows it. */
export interface RunDirectory extends ComparedDirectory {
  uri: vscode.Uri;
}

export interface CompareViewDeps {
  /** The opened run directories; resolves once they are indexed (a restore or a deep link can arrive first). */
  runDirectories(): Promise<readonly RunDirectory[]>;
  /** Fires after a run directory was indexed again, so open panels reload their runs. */
  onDidIndex?: vscode.Event<void>;
  /** Labels shown in the panels' headers and labelling from them. */
  labelling: CompareLabelling;
  /** Publishes in the Problems panel what a comparison found in the directory's files besides its runs. */
  reportProblems?(dirUri: string, key: string, diagnostics: readonly Diagnostic[]): void;
}

const panels = new Set<ComparePanel>();

export function registerCompareView(context: vscode.ExtensionContext, deps: CompareViewDeps): void {
  context.subscriptions.push(
    registerPanelRestorer(COMPARE_VIEW_TYPE, (panel, state) => restorePanel(context, deps, panel, state)),
    vscode.window.registerUriHandler({ handleUri: (uri) => openCompareLink(context, deps, uri) }),
    { dispose: () => [...panels].forEach((p) => p.dispose()) },
    registerExportComparison(() => [...panels].find((p) => p.panel.active), context.extensionUri),
  );
  if (deps.onDidIndex) context.subscriptions.push(deps.onDidIndex(() => void refreshPanels()));
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
  const dir = findDirectory(await deps.runDirectories(), baselineRun, targetRun);
  if (!dir) {
    void vscode.window.showErrorMessage('Trajectory Lens: these runs are not part of an opened run directory.');
    return;
  }
  const existing = [...panels].find((p) => p.runDir === dir.uri.toString() && samePair(p.session, baselineRun, targetRun));
  if (existing) {
    existing.reveal(row ?? null);
    return;
  }
  const session = new CompareSession(compareSource(dir, deps), baselineRun, targetRun);
  const panel = vscode.window.createWebviewPanel(COMPARE_VIEW_TYPE, 'Compare runs', vscode.ViewColumn.Active, {
    ...webviewPanelOptions(context.extensionUri),
    enableFindWidget: false,
  });
  const comparePanel = track(context, panel, session, dir, deps.labelling);
  try {
    await comparePanel.render(row ?? null);
  } catch (error) {
    comparePanel.dispose();
    void vscode.window.showErrorMessage(`Trajectory Lens: cannot compare these runs: ${message(error)}`);
  }
}

async function restorePanel(
  context: vscode.ExtensionContext,
  deps: CompareViewDeps,
  panel: vscode.WebviewPanel,
  rawState: unknown,
): Promise<string | null> {
  const saved = parseSavedCompareState(rawState);
  const dirs = saved ? await deps.runDirectories() : [];
  const dir = dirs.find((d) => d.uri.toString() === saved?.runDir);
  const runs = dir ? new Map(dir.runs().map((r) => [r.id, r])) : new Map<string, RunSummary>();
  const baseline = saved && runs.get(saved.baselineRunId);
  const target = saved && runs.get(saved.targetRunId);
  if (!dir || !saved || !baseline || !target) return 'The runs of this comparison are no longer in the workspace.';
  const session = new CompareSession(compareSource(dir, deps), baseline, target);
  const comparePanel = track(context, panel, session, dir, deps.labelling);
  try {
    await comparePanel.render(saved.row);
  } catch (error) {
    comparePanel.dispose();
    void vscode.window.showErrorMessage(`Trajectory Lens: cannot restore the comparison: ${message(error)}`);
  }
  return null;
}

async function openCompareLink(context: vscode.ExtensionContext, deps: CompareViewDeps, uri: vscode.Uri): Promise<void> {
  const link = parseCompareLink(uri.path, uri.query);
  if (!link) {
    void vscode.window.showWarningMessage('Trajectory Lens: this link does not name a comparison.');
    return;
  }
  for (const dir of await deps.runDirectories()) {
    const runs = new Map(dir.runs().map((r) => [r.id, r]));
    const baseline = runs.get(link.baselineRunId);
    const target = runs.get(link.targetRunId);
    if (baseline && target) {
      await openComparePanel(context, deps, baseline, target, link.row ?? undefined);
      return;
    }
  }
  void vscode.window.showWarningMessage('Trajectory Lens: the runs of this link are not in the opened run directories.');
}

function track(
  context: vscode.ExtensionContext,
  panel: vscode.WebviewPanel,
  session: CompareSession,
  dir: RunDirectory,
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
      void vscode.window.showWarningMessage(`Trajectory Lens: cannot reload a comparison: ${message(error)}`);
    }
  }
}

/** A label changed: every open panel shows its labels again (its comparison stays as it is). */
async function pushLabels(): Promise<void> {
  for (const panel of panels) {
    try {
      await panel.pushLabels();
    } catch (error) {
      void vscode.window.showWarningMessage(`Trajectory Lens: cannot show the labels of a comparison: ${message(error)}`);
    }
  }
}

function compareSource(dir: RunDirectory, deps: CompareViewDeps): CompareSource {
  const runDir = dir.uri.toString();
  return directoryCompareSource(runDir, dir, {
    labels: (target) => deps.labelling.labelsFor(runDir, target),
    reportProblems: (key, diagnostics) => deps.reportProblems?.(runDir, key, diagnostics),
    equivalentForms: equivalentFormsEnabled,
  });
}

function findDirectory(dirs: readonly RunDirectory[], baseline: RunSummary, target: RunSummary): RunDirectory | undefined {
  const holds = (dir: RunDirectory, run: RunSummary) => dir.runs().some((r) => r === run);
  const holdsId = (dir: RunDirectory, run: RunSummary) => dir.runs().some((r) => r.id === run.id);
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
