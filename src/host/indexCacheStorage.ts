import { createHash } from 'node:crypto';
import * as vscode from 'vscode';
import { VscodeFileSource } from './vscodeFileSource';

// A run directory that cannot be written (a read-only mount, a shared results folder) keeps its index cache in the
// extension's storage instead, one folder per run directory.

/** Where the index cache of the run directory `dir` goes when the directory itself cannot be written. */
export function indexCacheStorage(storageRoot: vscode.Uri): (dir: vscode.Uri) => VscodeFileSource {
  return (dir) => {
    const name = createHash('sha256').update(dir.toString()).digest('hex').slice(0, 32);
    return new VscodeFileSource(vscode.Uri.joinPath(storageRoot, 'index-cache', name));
  };
}
