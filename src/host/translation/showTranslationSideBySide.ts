// "Show Translation Side by Side": the source and translated text of a translated task or scenario file in a panel,
// from the command palette (when a paired translated file is the active editor), the editor title's context menu, and
// a code action on the translation lint's problems.
import * as vscode from 'vscode';
import { findTranslationPairs } from '../../core/translation/pairFiles';
import type { LoadedRunDirectory } from '../loadedRunDirectory';
import type { RunStore } from '../runStore';
import { webviewPanelOptions } from '../webviewPanelHost';
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

class ShowSourceAction implements vscode.CodeActionProvider {
  static readonly kinds = [vscode.CodeActionKind.QuickFix];

  provideCodeActions(document: vscode.TextDocument, _range: vscode.Range, context: vscode.CodeActionContext): vscode.CodeAction[] {
    const linted = context.diagnostics.filter((d) => d.source === TRANSLATION_DIAGNOSTIC_SOURCE);
    if (linted.length === 0) return [];
    const action = new vscode.CodeAction('Show source side by side', vscode.CodeActionKind.QuickFix);
    action.command = { command: SHOW_TRANSLATION_SIDE_BY_SIDE_COMMAND, title: action.title, arguments: [document.uri] };
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

  const show = async (arg?: unknown): Promise<void> => {
    const uri = arg instanceof vscode.Uri ? arg : vscode.window.activeTextEditor?.document.uri;
    const located = uri === undefined ? undefined : locate(store, uri);
    if (located === undefined) {
      void vscode.window.showInformationMessage('Open a translated task or scenario file of an opened run directory to see it beside its source.');
      return;
    }
    const key = located.dir.fs.uri(located.file).toString();
    const open = panels.get(key);
    if (open !== undefined) {
      open.panel.reveal();
      return;
    }
    const state = await translationState(lint, located.dir, located.file);
    if (state === null) {
      void vscode.window.showInformationMessage(`${located.file} is not a translation paired with a source file.`);
      return;
    }
    const dirUri = located.dir.uri.toString();
    const panel = vscode.window.createWebviewPanel(TRANSLATION_VIEW_TYPE, translationTitle(state), vscode.ViewColumn.Beside, webviewPanelOptions(context.extensionUri));
    panels.set(key, new TranslationPanel(panel, lint, () => store.directory(dirUri), state, context.extensionUri, () => panels.delete(key)));
  };

  return [
    vscode.commands.registerCommand(SHOW_TRANSLATION_SIDE_BY_SIDE_COMMAND, show),
    vscode.languages.registerCodeActionsProvider({ pattern: '**/*.json' }, new ShowSourceAction(), { providedCodeActionKinds: ShowSourceAction.kinds }),
    store.onDidIndex(() => void reindexed()),
    vscode.window.onDidChangeActiveTextEditor(updateContext),
    { dispose: () => [...panels.values()].forEach((panel) => panel.dispose()) },
  ];
}
