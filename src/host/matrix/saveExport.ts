import * as vscode from 'vscode';
import type { ExportFormat } from '../../protocol/matrix';

function filters(format: ExportFormat): Record<string, string[]> {
  const names: Record<ExportFormat, string> = {
    svg: vscode.l10n.t('SVG image'),
    png: vscode.l10n.t('PNG image'),
    csv: vscode.l10n.t('CSV (comma-separated values)'),
  };
  return { [names[format]]: [format] };
}

/**
 * Asks where to save an export of the matrix and writes it; the path written, or null when the user cancelled. The
 * dialog offers the run directory's parent: a file inside the run directory would be listed as not part of any run.
 */
export async function saveExport(format: ExportFormat, bytes: Uint8Array, directory: vscode.Uri, name: string): Promise<string | null> {
  const uri = await vscode.window.showSaveDialog({
    title: vscode.l10n.t('Export the matrix as {0}', format.toUpperCase()),
    defaultUri: vscode.Uri.joinPath(directory, '..', `${name}-matrix.${format}`),
    filters: filters(format),
    saveLabel: vscode.l10n.t('Export'),
  });
  if (uri === undefined) return null;
  await vscode.workspace.fs.writeFile(uri, bytes);
  return uri.scheme === 'file' ? uri.fsPath : uri.toString();
}
