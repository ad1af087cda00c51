// "Show Matrix": a run directory's benchmark at a glance — agents × languages by capability with paired statistics —
// in a webview panel, restored after a window reload and redrawn when the runs are re-indexed or the baseline changes.
// A cell filters the Regressions view or opens the comparison of its worst scenario.
import * as vscode from 'vscode';
import { configuredReaders } from '../../core/index/configuredReaders';
import { loadTrajectory } from '../../core/index/loadTrajectory';
import { computeMetrics, type MetricsOptions } from '../../core/metrics/computeMetrics';
import { computeSignatures } from '../../core/metrics/computeSignatures';
import { metricsCsv } from '../../core/metrics/metricsCsv';
import type { BehaviourSignature } from '../../core/metrics/types';
import { parseSavedMatrixState, type MatrixCellKey, type MatrixState } from '../../protocol/matrix';
import { packMatrixReport } from '../../protocol/matrixReport';
import { COMPARE_WITH_BASELINE_COMMAND } from '../commands/compareWithBaseline';
import type { LoadedRunDirectory } from '../loadedRunDirectory';
import { REGRESSIONS_VIEW_ID } from '../runViews';
import type { RunStore } from '../runStore';
import type { RegressionNode } from '../tree/nodes';
import type { RegressionFilter } from '../tree/regressionFilter';
import { registerPanelRestorer, webviewPanelOptions } from '../webview/webviewPanelHost';
import { regressionsInCell, worstRegression } from './cellRegressions';
import { MATRIX_VIEW_TYPE, MatrixPanel, type MatrixActions } from './matrixPanel';
import { saveExport } from './saveExport';
import { pickRunDirectory } from '../pickRunDirectory';

export const SHOW_MATRIX_COMMAND = 'trajectoryLens.showMatrix';
export const CLEAR_REGRESSION_FILTER_COMMAND = 'trajectoryLens.clearRegressionFilter';

export function registerMatrix(context: vscode.ExtensionContext, store: RunStore, filter: RegressionFilter): vscode.Disposable[] {
  const panels = new Set<MatrixPanel>();
  let revision = 0;
  // Signatures read every matched run's trajectory: computed once per indexed directory and baseline, after the
  // matrix has painted, and pushed to the panel when done.
  const signatures = new WeakMap<LoadedRunDirectory, Promise<BehaviourSignature[]>>();
  const computedSignatures = new WeakMap<LoadedRunDirectory, BehaviourSignature[]>();

  const optionsOf = (dir: LoadedRunDirectory): MetricsOptions => ({ baseline: dir.baseline, baselineSetting: dir.index.settings?.baseline });

  const signaturesOf = (dir: LoadedRunDirectory): Promise<BehaviourSignature[]> => {
    let known = signatures.get(dir);
    if (known === undefined) {
      known = configuredReaders(dir.fs)
        .then((readers) =>
          computeSignatures(dir.index.runs, { ...optionsOf(dir), load: async (run) => (await loadTrajectory(dir.fs, run, {}, readers)).steps }),
        )
        .then((computed) => {
          computedSignatures.set(dir, computed);
          return computed;
        });
      signatures.set(dir, known);
    }
    return known;
  };

  const stateOf = (dir: LoadedRunDirectory): MatrixState => {
    const runDir = dir.uri.toString();
    const report = packMatrixReport({ ...computeMetrics(dir.index.runs, optionsOf(dir)), signatures: computedSignatures.get(dir) ?? [] });
    return { revision: ++revision, directory: dir.name, runDir, baseline: dir.baseline, report, filter: filter.directory === runDir ? filter.cell : null };
  };

  /** Pushes the state again with the signatures once they are computed, if the panel still shows that directory's index. */
  const addSignatures = (panel: MatrixPanel, dir: LoadedRunDirectory): void => {
    if (computedSignatures.has(dir)) return;
    signaturesOf(dir).then(
      (computed) => {
        if (computed.length > 0 && store.directory(panel.runDir) === dir) panel.push(stateOf(dir));
      },
      (error: unknown) => void vscode.window.showWarningMessage(vscode.l10n.t('Trajectory Lens: cannot compute behavioural signatures: {0}', String(error))),
    );
  };

  const actionsFor = (runDir: string): MatrixActions => {
    const current = (): LoadedRunDirectory => {
      const dir = store.directory(runDir);
      if (dir === undefined) throw new Error(vscode.l10n.t('This run directory is no longer open.'));
      return dir;
    };
    return {
      state: () => stateOf(current()),
      filterRegressions: async (cell: MatrixCellKey) => {
        const dir = current();
        filter.set(cell, runDir);
        await vscode.commands.executeCommand(`${REGRESSIONS_VIEW_ID}.focus`);
        return { regressions: regressionsInCell(dir, cell).length };
      },
      compareWorst: async (cell: MatrixCellKey) => {
        const worst = worstRegression(regressionsInCell(current(), cell));
        if (worst === undefined) return { group: null };
        const node: RegressionNode = { kind: 'regression', dir: worst.dir, regression: worst.regression, label: worst.regression.scenarioId };
        await vscode.commands.executeCommand(COMPARE_WITH_BASELINE_COMMAND, node);
        return { group: worst.regression.group };
      },
      saveImage: async ({ format, content }) => {
        const dir = current();
        const bytes = format === 'png' ? Buffer.from(content, 'base64') : new TextEncoder().encode(content);
        return { path: await saveExport(format, bytes, dir.uri, dir.name) };
      },
      exportCsv: async () => {
        const dir = current();
        const csv = metricsCsv(computeMetrics(dir.index.runs, optionsOf(dir)));
        return { path: await saveExport('csv', new TextEncoder().encode(csv), dir.uri, dir.name) };
      },
    };
  };

  const track = (webviewPanel: vscode.WebviewPanel, dir: LoadedRunDirectory): void => {
    const runDir = dir.uri.toString();
    const panel: MatrixPanel = new MatrixPanel(webviewPanel, runDir, actionsFor(runDir), context.extensionUri, () => panels.delete(panel));
    panels.add(panel);
    panel.render(stateOf(dir));
    addSignatures(panel, dir);
  };

  const refreshAll = (): void => {
    for (const panel of panels) {
      const dir = store.directory(panel.runDir);
      if (dir === undefined) continue;
      panel.push(stateOf(dir));
      addSignatures(panel, dir);
    }
  };

  const restore = async (webviewPanel: vscode.WebviewPanel, raw: unknown): Promise<string | null> => {
    const saved = parseSavedMatrixState(raw);
    if (saved === null) return vscode.l10n.t('This matrix cannot be restored: run "Show Matrix" again.');
    await store.whenIndexed();
    const dir = store.directory(saved.runDir);
    if (dir === undefined) return vscode.l10n.t('The run directory of this matrix is no longer open.');
    webviewPanel.webview.options = webviewPanelOptions(context.extensionUri);
    track(webviewPanel, dir);
    return null;
  };

  const show = async (): Promise<void> => {
    const dir = await pickRunDirectory(store, vscode.l10n.t('Show Matrix: which run directory?'), { withRuns: true });
    if (dir === undefined) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Trajectory Lens: there are no runs to show in a matrix.'));
      return;
    }
    const open = [...panels].find((p) => p.runDir === dir.uri.toString());
    if (open) {
      open.panel.reveal();
      return;
    }
    const webviewPanel = vscode.window.createWebviewPanel(MATRIX_VIEW_TYPE, vscode.l10n.t('Matrix: {0}', dir.name), vscode.ViewColumn.Active, {
      ...webviewPanelOptions(context.extensionUri),
      retainContextWhenHidden: false,
    });
    track(webviewPanel, dir);
  };

  return [
    vscode.commands.registerCommand(SHOW_MATRIX_COMMAND, () =>
      show().catch((error: unknown) =>
        vscode.window.showErrorMessage(vscode.l10n.t('Trajectory Lens: cannot show the matrix: {0}', error instanceof Error ? error.message : String(error))),
      ),
    ),
    vscode.commands.registerCommand(CLEAR_REGRESSION_FILTER_COMMAND, () => filter.clear()),
    registerPanelRestorer(MATRIX_VIEW_TYPE, restore),
    store.onDidChange(refreshAll),
    filter.onDidChange(refreshAll),
    { dispose: () => [...panels].forEach((p) => p.dispose()) },
  ];
}
