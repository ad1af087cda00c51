import * as vscode from 'vscode';
import type { ExportFormat } from '../../protocol/matrix';

const FILTERS: Record<ExportFormat, Record<string, string[]>> = {
  svg: { 'SVG image': ['svg'] },
  png: { 'PNG image': ['png'] },
  csv: { 'CSV (comma-separated values)': ['csv'] },
};

/**
 * Asks where to save an export of the matrix and writes it; the path written, or null when the user cancelled. The
 * dialog offers the run directory's parent: a file inside the run directory would be listed as not part of any run.
 */
export async function saveExport(format: ExportFormat, bytes: Uint8Array, directory: vscode.Uri, name: string): Promise<string | null> {
  const uri = await vscode.window.showSaveDialog({
    title: `Export the matrix as ${format.toUpperCase()}`,
    defaultUri: vscode.Uri.joinPath(directory, '..', `${name}-matrix.${format}`),
    filters: FILTERS[format],
    saveLabel: 'Export',
  });
  if (uri === undefined) return null;
  await vscode.workspace.fs.writeFile(uri, bytes);
  return uri.scheme === 'file' ? uri.fsPath : uri.toString();
}
