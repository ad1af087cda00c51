import * as vscode from 'vscode';
import type { Diagnostic } from '../../core/model';
import type { VscodeFileSource } from '../vscodeFileSource';

// Reader diagnostics count lines and columns from 1 and may have no line; VS Code counts from 0.
// A diagnostic without a line points at the start of the file; without a column it covers its whole line.

export function diagnosticRange(diagnostic: Diagnostic): vscode.Range {
  if (diagnostic.line === null) return new vscode.Range(0, 0, 0, 0);
  const line = Math.max(0, diagnostic.line - 1);
  if (diagnostic.column) return new vscode.Range(line, diagnostic.column - 1, line, diagnostic.column);
  return new vscode.Range(line, 0, line, Number.MAX_SAFE_INTEGER);
}

export function diagnosticLocation(fs: VscodeFileSource, diagnostic: Diagnostic): { uri: vscode.Uri; range: vscode.Range } {
  let uri: vscode.Uri;
  try {
    uri = fs.uri(diagnostic.path);
  } catch {
    // A path that leaves the run directory is never opened; the diagnostic points at the directory instead.
    uri = fs.root;
  }
  return { uri, range: diagnosticRange(diagnostic) };
}
