// "Export Comparison as HTML…": the active compare panel's comparison written as one self-contained HTML file.
import { join } from 'node:path';
import * as vscode from 'vscode';
import { compareReportHtml } from '../../core/render/compareReport';
import { readWebviewAssets } from '../../core/render/webviewAssets';
import { createNonce } from '../webview/panelHtml';
import type { ComparePanel } from './comparePanel';

export const EXPORT_COMPARISON_COMMAND = 'trajectoryLens.exportComparison';

export function registerExportComparison(activePanel: () => ComparePanel | undefined, extensionUri: vscode.Uri): vscode.Disposable {
  return vscode.commands.registerCommand(EXPORT_COMPARISON_COMMAND, async () => {
    const panel = activePanel();
    if (!panel) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Trajectory Lens: open a comparison first, then export it.'));
      return;
    }
    const { baseline, target } = panel.session.runs;
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const name = `${target.scenarioId}-${baseline.language}-${target.language}-run${target.runIndex}.html`;
    const uri = await vscode.window.showSaveDialog({
      title: vscode.l10n.t('Export Comparison as HTML'),
      defaultUri: folder ? vscode.Uri.joinPath(folder, name) : undefined,
      filters: { HTML: ['html'] },
    });
    if (!uri) return;
    try {
      const [state, assets] = await Promise.all([
        panel.session.state(null),
        readWebviewAssets(join(extensionUri.fsPath, 'dist', 'webview'), 'compare'),
      ]);
      await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(compareReportHtml(assets, state, createNonce())));
      void vscode.window.showInformationMessage(vscode.l10n.t('Trajectory Lens: comparison exported to {0}.', vscode.workspace.asRelativePath(uri)));
    } catch (error) {
      void vscode.window.showErrorMessage(vscode.l10n.t('Trajectory Lens: could not export the comparison: {0}', error instanceof Error ? error.message : String(error)));
    }
  });
}
