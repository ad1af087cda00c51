import * as vscode from 'vscode';
import type { Diagnostic } from '../../core/model';
import type { RunStore } from '../runStore';
import type { VscodeFileSource } from '../vscodeFileSource';
import { diagnosticLocation } from './diagnosticLocation';

// The Problems panel shows what the index found, plus what opening a run found in files the index does not read.

interface Source {
  fs: VscodeFileSource;
  diagnostics: readonly Diagnostic[];
}

export function toVscodeDiagnostic(diagnostic: Diagnostic, range: vscode.Range): vscode.Diagnostic {
  const severity = diagnostic.severity === 'error' ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning;
  const result = new vscode.Diagnostic(range, diagnostic.message, severity);
  result.source = 'Trajectory Lens';
  return result;
}

export class ProblemsPublisher implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection('trajectoryLens');
  /** What opening runs and comparisons found, by directory URI and what was opened. Cleared when the directory is re-indexed. */
  private readonly opened = new Map<string, Map<string, Source>>();
  private readonly subscription: vscode.Disposable;

  constructor(private readonly store: RunStore) {
    this.subscription = store.onDidChange(() => {
      this.opened.clear();
      this.publish();
    });
  }

  /** Adds the diagnostics found while opening one run. */
  addRunDiagnostics(dirUri: string, runId: string, source: Source): void {
    this.addOpened(dirUri, `run:${runId}`, source);
  }

  /** Adds the diagnostics a comparison found in the directory's files besides its runs (value sets, term tables). */
  addComparisonDiagnostics(dirUri: string, key: string, source: Source): void {
    this.addOpened(dirUri, `compare:${key}`, source);
  }

  private addOpened(dirUri: string, key: string, source: Source): void {
    const byKey = this.opened.get(dirUri) ?? new Map<string, Source>();
    byKey.set(key, source);
    this.opened.set(dirUri, byKey);
    this.publish();
  }

  private publish(): void {
    const sources: Source[] = this.store.directories.map((dir) => ({ fs: dir.fs, diagnostics: dir.index.diagnostics }));
    for (const byKey of this.opened.values()) sources.push(...byKey.values());

    const byFile = new Map<string, { uri: vscode.Uri; diagnostics: vscode.Diagnostic[]; seen: Set<string> }>();
    for (const { fs, diagnostics } of sources) {
      for (const diagnostic of diagnostics) {
        const { uri, range } = diagnosticLocation(fs, diagnostic);
        const file = byFile.get(uri.toString()) ?? { uri, diagnostics: [], seen: new Set<string>() };
        byFile.set(uri.toString(), file);
        // Opening a run reports again what the index already found; show each problem once.
        const key = `${diagnostic.line}:${diagnostic.column ?? ''}:${diagnostic.message}`;
        if (file.seen.has(key)) continue;
        file.seen.add(key);
        file.diagnostics.push(toVscodeDiagnostic(diagnostic, range));
      }
    }
    this.collection.clear();
    this.collection.set([...byFile.values()].map(({ uri, diagnostics }) => [uri, diagnostics]));
  }

  dispose(): void {
    this.subscription.dispose();
    this.collection.dispose();
  }
}
