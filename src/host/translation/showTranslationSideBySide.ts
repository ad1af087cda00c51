// "Show Translation Side by Side": the source and translated text of a translated task or scenario file in a panel,
// from the command palette (when a paired translated file is the active editor), the editor title's context menu, and
// a code action on the translation lint's problems.
import * as vscode from 'vscode';
import { findTranslationPairs } from '../../core/translation/pairFiles';
import type { LoadedRunDirectory } from '../loadedRunDirectory';
import type { RunStore } from '../runStore';
import { isRecord } from '../../protocol/rpc';
import { parseSavedTranslationState, type TranslationState } from '../../protocol/translation';
import { registerPanelRestorer, webviewPanelOptions } from '../webview/webviewPanelHost';
import { rowAtPosition } from './rowAtPosition';
import { TRANSLATION_DIAGNOSTIC_SOURCE, type TranslationLintState } from './translationLintState';
import { TRANSLATION_VIEW_TYPE, TranslationPanel, translationState, translationTitle } from './translationPanel';

export const SHOW_TRANSLATION_SIDE_BY_SIDE_COMMAND = 'trajectoryLens.showTranslationSideBySide';
/** True while the active editor shows a translated file the lint pairs with a source. */
const TRANSLATION_EDITOR_CONTEXT = 'trajectoryLens.translationEditor';

/** The run directory holding `uri`, and the file's path relative to it. */
function locate(store: RunStore, uri: vscode.Uri): { dir: LoadedRunDirectory; file: string } | undefined {
  for (const dir of store.directories) {
    const root = dir.uri.path.replace(/\/$/, '');
    if (uri.scheme === dir.uri.scheme && uri.authority === dir.uri.authority && uri.path.startsWith(`${root}/`)) {
      return { dir, file: uri.path.slice(root.length + 1) };
    }
  }
  return undefined;
}

/** A 1-based place in the translated file: where the lint finding the panel opens at starts. */
interface FindingPlace {
  line: number;
  column: number;
}

/** The place a code action passed, or undefined (the command palette and the editor title pass none). */
function findingPlace(arg: unknown): FindingPlace | undefined {
  if (!isRecord(arg)) return undefined;
  const { line, column } = arg;
  return Number.isInteger(line) && Number.isInteger(column) ? { line: line as number, column: column as number } : undefined;
}

class ShowSourceAction implements vscode.CodeActionProvider {
  static readonly kinds = [vscode.CodeActionKind.QuickFix];

  provideCodeActions(document: vscode.TextDocument, range: vscode.Range, context: vscode.CodeActionContext): vscode.CodeAction[] {
    const linted = context.diagnostics.filter((d) => d.source === TRANSLATION_DIAGNOSTIC_SOURCE);
    if (linted.length === 0) return [];
    const action = new vscode.CodeAction(vscode.l10n.t('Show source side by side'), vscode.CodeActionKind.QuickFix);
    const { start } = linted[0]?.range ?? range;
    const place: FindingPlace = { line: start.line + 1, column: start.character + 1 };
    action.command = { command: SHOW_TRANSLATION_SIDE_BY_SIDE_COMMAND, title: action.title, arguments: [document.uri, place] };
    action.diagnostics = linted;
    return [action];
  }
}

export function registerTranslationSideBySide(context: vscode.ExtensionContext, store: RunStore, lint: TranslationLintState): vscode.Disposable[] {
  const panels = new Map<string, TranslationPanel>();
  let translated = new Set<string>();

  const updateContext = (): void => {
    const uri = vscode.window.activeTextEditor?.document.uri;
    void vscode.commands.executeCommand('setContext', TRANSLATION_EDITOR_CONTEXT, uri !== undefined && translated.has(uri.toString()));
  };

  const reindexed = async (): Promise<void> => {
    const found = new Set<string>();
    for (const dir of store.directories) {
      const { pairs } = await findTranslationPairs(dir.fs).catch(() => ({ pairs: [] }));
      for (const pair of pairs) if (pair.source !== null) found.add(dir.fs.uri(pair.translation).toString());
    }
    translated = found;
    updateContext();
    await Promise.all([...panels.values()].map((panel) => panel.refresh()));
  };

  const track = (panel: vscode.WebviewPanel, dirUri: string, state: TranslationState): void => {
    const key = `${dirUri}\n${state.file}`;
    panels.get(key)?.dispose();
    const tracked: TranslationPanel = new TranslationPanel(panel, lint, () => store.directory(dirUri), state, context.extensionUri, () => {
      if (panels.get(key) === tracked) panels.delete(key);
    });
    panels.set(key, tracked);
  };

  const restore = async (panel: vscode.WebviewPanel, raw: unknown): Promise<string | null> => {
    const saved = parseSavedTranslationState(raw);
    if (saved === null) return vscode.l10n.t('This translation view cannot be restored: run "Show Translation Side by Side" again.');
    await store.whenIndexed();
    const dir = store.directory(saved.runDir);
    const state = dir === undefined ? null : await translationState(lint, dir, saved.file, saved.row);
    if (state === null) return vscode.l10n.t('{0} is no longer a translation in an opened run directory.', saved.file);
    panel.webview.options = webviewPanelOptions(context.extensionUri);
    track(panel, saved.runDir, state);
    return null;
  };

  const show = async (arg?: unknown, at?: unknown): Promise<void> => {
    const uri = arg instanceof vscode.Uri ? arg : vscode.window.activeTextEditor?.document.uri;
    const located = uri === undefined ? undefined : locate(store, uri);
    if (located === undefined) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Open a translated task or scenario file of an opened run directory to see it beside its source.'));
      return;
    }
    const place = findingPlace(at);
    const rowOf = (rows: TranslationState['rows']) => (place === undefined ? null : rowAtPosition(rows, place.line, place.column));
    const dirUri = located.dir.uri.toString();
    const open = panels.get(`${dirUri}\n${located.file}`);
    if (open !== undefined) {
      const row = rowOf(open.rows);
      if (row === null) open.panel.reveal();
      else open.focusRow(row);
      return;
    }
    const found = await translationState(lint, located.dir, located.file, null);
    if (found === null) {
      void vscode.window.showInformationMessage(vscode.l10n.t('{0} is not a translation paired with a source file.', located.file));
      return;
    }
    const state = { ...found, focusRow: rowOf(found.rows) };
    const panel = vscode.window.createWebviewPanel(TRANSLATION_VIEW_TYPE, translationTitle(state), vscode.ViewColumn.Beside, webviewPanelOptions(context.extensionUri));
    track(panel, dirUri, state);
  };

  return [
    vscode.commands.registerCommand(SHOW_TRANSLATION_SIDE_BY_SIDE_COMMAND, show),
    registerPanelRestorer(TRANSLATION_VIEW_TYPE, restore),
    vscode.languages.registerCodeActionsProvider({ pattern: '**/*.json' }, new ShowSourceAction(), { providedCodeActionKinds: ShowSourceAction.kinds }),
    store.onDidIndex(() => void reindexed()),
    vscode.window.onDidChangeActiveTextEditor(updateContext),
    { dispose: () => [...panels.values()].forEach((panel) => panel.dispose()) },
  ];
}
