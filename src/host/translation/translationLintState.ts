import * as vscode from 'vscode';
import type { TranslationFinding } from '../../core/translation/finding';
import { lintTranslations } from '../../core/translation/lintTranslations';
import { problemsOfFindings, type LintedProblem } from '../../core/triage/lintTranslationProblems';
import type { TranslationProblem } from '../../core/triage/translationSuspicion';
import type { LoadedRunDirectory } from '../loadedRunDirectory';
import type { RunStore } from '../runStore';

// The translation lint of every run directory, in the Problems panel at the span of the translated file, and as
// translation problems for the automatic prior. Linted again after every re-index: the run-file watcher re-indexes
// when a JSON file (a task file, a translation) changes.

export const TRANSLATION_DIAGNOSTIC_SOURCE = 'Trajectory Lens';

/** One lint finding with the directory it was found in and the problem the prior reads from it. */
export interface LintedFinding extends LintedProblem {
  dir: LoadedRunDirectory;
}

function diagnosticOf(finding: TranslationFinding): vscode.Diagnostic {
  const line = finding.line - 1;
  const range = new vscode.Range(line, finding.column - 1, line, finding.endColumn - 1);
  const diagnostic = new vscode.Diagnostic(range, finding.message, vscode.DiagnosticSeverity.Warning);
  diagnostic.source = TRANSLATION_DIAGNOSTIC_SOURCE;
  diagnostic.code = finding.code;
  return diagnostic;
}

export class TranslationLintState implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection('trajectoryLens.translation');
  /** The lint of each directory, by directory URI; replaced on every re-index. */
  private linted = new Map<string, Promise<LintedFinding[]>>();
  private readonly subscription: vscode.Disposable;

  constructor(private readonly store: RunStore) {
    this.subscription = store.onDidIndex(() => this.lintAll());
  }

  /** The translation problems of a directory's scenarios, for the prior. */
  async problemsOf(dir: LoadedRunDirectory): Promise<TranslationProblem[]> {
    return (await this.findingsOf(dir)).flatMap((f) => f.problem ?? []);
  }

  /** The finding a diagnostic of this collection shows: same file, start and check. */
  async findingAt(uri: vscode.Uri, diagnostic: vscode.Diagnostic): Promise<LintedFinding | undefined> {
    const { start } = diagnostic.range;
    for (const dir of this.store.directories) {
      const found = (await this.findingsOf(dir)).find(
        ({ finding }) =>
          finding.code === diagnostic.code &&
          finding.line - 1 === start.line &&
          finding.column - 1 === start.character &&
          dir.fs.uri(finding.file).toString() === uri.toString(),
      );
      if (found) return found;
    }
    return undefined;
  }

  /** The lint's findings in a directory, as last published (the side-by-side view marks its rows with them). */
  async findingsIn(dir: LoadedRunDirectory): Promise<TranslationFinding[]> {
    return (await this.findingsOf(dir)).map(({ finding }) => finding);
  }

  private findingsOf(dir: LoadedRunDirectory): Promise<LintedFinding[]> {
    return this.linted.get(dir.uri.toString()) ?? Promise.resolve([]);
  }

  private lintAll(): void {
    const linted = new Map<string, Promise<LintedFinding[]>>();
    for (const dir of this.store.directories) linted.set(dir.uri.toString(), this.lint(dir));
    this.linted = linted;
    void Promise.all(linted.values()).then((all) => {
      // A slower lint of an earlier index must not replace what a later one published.
      if (this.linted === linted) this.publish(all.flat());
    });
  }

  private async lint(dir: LoadedRunDirectory): Promise<LintedFinding[]> {
    try {
      const { findings } = await lintTranslations(dir.fs);
      return (await problemsOfFindings(dir.fs, findings)).map((linted) => ({ ...linted, dir }));
    } catch {
      // Files the lint cannot read are the index's to report; the Problems panel keeps what it can show.
      return [];
    }
  }

  private publish(findings: readonly LintedFinding[]): void {
    const byFile = new Map<string, { uri: vscode.Uri; diagnostics: vscode.Diagnostic[] }>();
    for (const { dir, finding } of findings) {
      const uri = dir.fs.uri(finding.file);
      const file = byFile.get(uri.toString()) ?? { uri, diagnostics: [] };
      byFile.set(uri.toString(), file);
      file.diagnostics.push(diagnosticOf(finding));
    }
    this.collection.clear();
    this.collection.set([...byFile.values()].map(({ uri, diagnostics }) => [uri, diagnostics]));
  }

  dispose(): void {
    this.subscription.dispose();
    this.collection.dispose();
  }
}
