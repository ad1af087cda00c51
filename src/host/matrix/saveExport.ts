import * as vscode from 'vscode';
import type { ExportRequest } from '../../protocol/matrix';

const FILTERS: Record<ExportRequest['format'], Record<string, string[]>> = {
  svg: { 'SVG image': ['svg'] },
  png: { 'PNG image': ['png'] },
  csv: { 'CSV (comma-separated values)': ['csv'] },
};

/** Asks where to save an export of the matrix and writes it; the path written, or null when the user cancelled. */
export async function saveExport(request: ExportRequest, directory: vscode.Uri, name: string): Promise<string | null> {
  const uri = await vscode.window.showSaveDialog({
    title: `Export the matrix as ${request.format.toUpperCase()}`,
    defaultUri: vscode.Uri.joinPath(directory, `${name}-matrix.${request.format}`),
    filters: FILTERS[request.format],
    saveLabel: 'Export',
  });
  if (uri === undefined) return null;
  const bytes = request.format === 'png' ? Buffer.from(request.content, 'base64') : new TextEncoder().encode(request.content);
  await vscode.workspace.fs.writeFile(uri, bytes);
  return uri.scheme === 'file' ? uri.fsPath : uri.toString();
}
