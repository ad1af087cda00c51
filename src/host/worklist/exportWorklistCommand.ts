// "Export Worklist as HTML…" (the Regressions view's title bar): the matrix and the regressions by cause with their
// labels as one static HTML page, and a comparison report per regression in a folder beside it, as
// `trajectory-lens export --worklist` writes them.
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { TranslationProblem } from '../../core/triage/translationSuspicion';
import { readWebviewAssets } from '../../core/render/webviewAssets';
import { exportWorklist, reportsFolderFor } from '../../core/render/worklistExport';
import type { LoadedRunDirectory } from '../loadedRunDirectory';
import type { RunStore } from '../runStore';
import { createNonce } from '../webview/panelHtml';
import { pickRunDirectory } from '../pickRunDirectory';

export const EXPORT_WORKLIST_COMMAND = 'trajectoryLens.exportWorklist';

export function registerExportWorklist(
  store: RunStore,
  translationProblems: (dir: LoadedRunDirectory) => Promise<TranslationProblem[]>,
  extensionUri: vscode.Uri,
): vscode.Disposable {
  return vscode.commands.registerCommand(EXPORT_WORKLIST_COMMAND, async () => {
    const dir = await pickRunDirectory(store, vscode.l10n.t('Export Worklist: which run directory?'), { withRuns: true });
    if (dir === undefined) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Trajectory Lens: open a run directory first, then export its worklist.'));
      return;
    }
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const uri = await vscode.window.showSaveDialog({
      title: vscode.l10n.t('Export Worklist as HTML'),
      defaultUri: folder ? vscode.Uri.joinPath(folder, 'worklist.html') : undefined,
      filters: { HTML: ['html'] },
    });
    if (!uri) return;
    const parent = vscode.Uri.joinPath(uri, '..');
    const name = uri.path.slice(uri.path.lastIndexOf('/') + 1);
    const encoder = new TextEncoder();
    try {
      const exported = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Exporting the worklist') },
        async (progress) => {
          const [assets, problems] = await Promise.all([
            readWebviewAssets(join(extensionUri.fsPath, 'dist', 'webview'), 'compare'),
            translationProblems(dir),
          ]);
          return exportWorklist({
            fs: dir.fs,
            index: dir.index,
            baseline: dir.baseline,
            runDirectory: dir.name,
            runDirUri: dir.uri.toString(),
            format: 'html',
            reportsFolder: reportsFolderFor(name),
            assets,
            nonce: createNonce,
            translationProblems: problems,
            writeReport: (path, html) => Promise.resolve(vscode.workspace.fs.writeFile(vscode.Uri.joinPath(parent, path), encoder.encode(html))),
            onProgress: (message) => progress.report({ message }),
          });
        },
      );
      await vscode.workspace.fs.writeFile(uri, encoder.encode(exported.text));
      void vscode.window.showInformationMessage(
        vscode.l10n.t(
          'Trajectory Lens: worklist exported to {0}, with {1} comparison reports in {2}.',
          vscode.workspace.asRelativePath(uri),
          exported.reports.length,
          reportsFolderFor(name),
        ),
      );
    } catch (error) {
      void vscode.window.showErrorMessage(
        vscode.l10n.t('Trajectory Lens: could not export the worklist: {0}', error instanceof Error ? error.message : String(error)),
      );
    }
  });
}
