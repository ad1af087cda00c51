// The translation side-by-side panel of one translated file: its rows embedded for the first paint, read again after
// every re-index (the run-file watcher re-indexes when a JSON file changes), and "open at this row" answered only for
// a row the panel sent.
import * as vscode from 'vscode';
import { translationSpansOfFile } from '../../core/translation/translationSpansOfFile';
import {
  parseTranslationRequest,
  type TranslationEvent,
  type TranslationRequest,
  type TranslationRequests,
  type TranslationState,
} from '../../protocol/translation';
import type { LoadedRunDirectory } from '../loadedRunDirectory';
import { WebviewPanelHost } from '../webview/webviewPanelHost';
import type { TranslationLintState } from './translationLintState';

export const TRANSLATION_VIEW_TYPE = 'trajectoryLens.translation';

/**
 * The panel's rows of `file`, selecting `focusRow` when it is one of them, or null when the directory does not pair
 * the file with a source as a translation.
 */
export async function translationState(
  lint: TranslationLintState,
  dir: LoadedRunDirectory,
  file: string,
  focusRow: number | null,
): Promise<TranslationState | null> {
  const spans = await translationSpansOfFile(dir.fs, file, await lint.findingsIn(dir));
  if (spans === null) return null;
  return {
    runDir: dir.uri.toString(),
    file,
    sourceFile: spans.pair.source,
    language: spans.pair.language,
    rows: spans.rows.map((row) => ({ ...row, findings: row.findings.map(({ code, message }) => ({ code, message })) })),
    problems: spans.problems.map((p) => `${p.path}: ${p.message}`),
    focusRow: focusRow !== null && focusRow < spans.rows.length ? focusRow : null,
  };
}

export function translationTitle(state: TranslationState): string {
  return vscode.l10n.t('Translation: {0} ({1})', state.file.split('/').slice(-2).join('/'), state.language);
}

export class TranslationPanel implements vscode.Disposable {
  private readonly host: WebviewPanelHost<TranslationRequest, TranslationEvent>;

  constructor(
    readonly panel: vscode.WebviewPanel,
    private readonly lint: TranslationLintState,
    private readonly dir: () => LoadedRunDirectory | undefined,
    private state: TranslationState,
    extensionUri: vscode.Uri,
    onDispose: () => void,
  ) {
    this.host = new WebviewPanelHost(panel, extensionUri, { parse: parseTranslationRequest, answer: (r) => this.answer(r) }, onDispose);
    this.host.render('translation', translationTitle(state), state);
  }

  /** The rows shown now, to find a finding's row in. */
  get rows(): TranslationState['rows'] {
    return this.state.rows;
  }

  /** Brings the panel forward, scrolled to row `row` and selecting it. */
  focusRow(row: number): void {
    this.panel.reveal();
    this.host.emit({ type: 'focusRow', row });
  }

  /** Reads the files again and shows what they hold now. */
  async refresh(): Promise<void> {
    const dir = this.dir();
    // The webview keeps its own selection: a refreshed state moves nothing.
    const state = dir === undefined ? null : await translationState(this.lint, dir, this.state.file, null);
    if (state === null || this.host.disposed) return;
    this.state = state;
    this.host.emit({ type: 'state', state });
  }

  dispose(): void {
    this.host.dispose();
  }

  private async answer(request: TranslationRequest): Promise<TranslationRequests[TranslationRequest['method']]['result']> {
    switch (request.method) {
      case 'ready':
        return this.state;
      case 'openRow':
        await this.openRow(request.params.row);
        return null;
    }
  }

  private async openRow(index: number): Promise<void> {
    const row = this.state.rows[index];
    const dir = this.dir();
    if (row === undefined || dir === undefined) throw new Error(`Row ${index} is not part of this translation.`);
    const position = new vscode.Position(row.line - 1, row.column - 1);
    await vscode.window.showTextDocument(dir.fs.uri(this.state.file), {
      viewColumn: vscode.ViewColumn.One,
      selection: new vscode.Range(position, position),
    });
  }
}
