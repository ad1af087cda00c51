import * as vscode from 'vscode';
import type { RunSummary } from '../../core/model';

// A run document's URI names the run directory and the run id, so an open document reopens after a reload.
// The path is only the tab title; it ends in .md so the editor shows the document as Markdown.

export const RUN_DOCUMENT_SCHEME = 'trajectory-lens';

export interface RunDocumentRef {
  /** URI of the run directory, as a string. */
  dir: string;
  runId: string;
}

function titleOf(run: RunSummary): string {
  return `${run.scenarioId} · ${run.language} · run ${run.runIndex}`.replace(/[\\/]/g, '_');
}

export function runDocumentUri(dir: vscode.Uri, run: RunSummary): vscode.Uri {
  const query = new URLSearchParams({ dir: dir.toString(), run: run.id }).toString();
  return vscode.Uri.from({ scheme: RUN_DOCUMENT_SCHEME, path: `/${titleOf(run)}.md`, query });
}

export function parseRunDocumentUri(uri: vscode.Uri): RunDocumentRef | undefined {
  if (uri.scheme !== RUN_DOCUMENT_SCHEME) return undefined;
  const params = new URLSearchParams(uri.query);
  const dir = params.get('dir');
  const runId = params.get('run');
  return dir && runId ? { dir, runId } : undefined;
}
