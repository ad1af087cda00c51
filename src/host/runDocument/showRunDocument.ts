import * as vscode from 'vscode';
import { RUN_DOCUMENT_SCHEME } from './runDocumentUri';

// A run document opens rendered, in VS Code's own Markdown preview (the `vscode.markdown.preview.editor` custom
// editor, with the preview's strict security: no scripts, no command links), or as its Markdown source. The preview
// is an editor of the document's own URI, so switching between the two reopens the same tab in place.

/** The Markdown extension's preview editor. */
export const MARKDOWN_PREVIEW_EDITOR = 'vscode.markdown.preview.editor';

export type RunViewMode = 'preview' | 'text';

/** `trajectoryLens.runView.openAs`. */
export function runViewMode(): RunViewMode {
  return vscode.workspace.getConfiguration('trajectoryLens').get<string>('runView.openAs', 'preview') === 'text' ? 'text' : 'preview';
}

/** Opens a run document as source, in the editor as Markdown. */
async function showRunDocumentText(uri: vscode.Uri): Promise<void> {
  let document = await vscode.workspace.openTextDocument(uri);
  if (document.languageId !== 'markdown') document = await vscode.languages.setTextDocumentLanguage(document, 'markdown');
  await vscode.window.showTextDocument(document, { preview: true });
}

/** Opens a run document the way `mode` says (by default the setting's). */
export async function showRunDocument(uri: vscode.Uri, mode: RunViewMode = runViewMode()): Promise<void> {
  if (mode === 'text') {
    await showRunDocumentText(uri);
    return;
  }
  await vscode.commands.executeCommand('vscode.openWith', uri, MARKDOWN_PREVIEW_EDITOR, { preview: true });
}

/** The URI of the active editor tab when it shows a run document (as text or rendered). */
export function activeRunDocument(): vscode.Uri | undefined {
  const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
  const uri = input instanceof vscode.TabInputText || input instanceof vscode.TabInputCustom ? input.uri : undefined;
  return uri?.scheme === RUN_DOCUMENT_SCHEME ? uri : undefined;
}

/**
 * Shows `uri` (default: the active run document) the other way: the active tab is reopened in place, so the
 * rendered and source views of a run share one tab; a run document not in the active tab opens in a tab of its own.
 */
export async function switchRunDocument(mode: RunViewMode, uri: vscode.Uri | undefined): Promise<void> {
  const active = activeRunDocument();
  const target = uri?.scheme === RUN_DOCUMENT_SCHEME ? uri : active;
  if (target === undefined) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Open a run from the Trajectory Lens views first.'));
    return;
  }
  if (active !== undefined && active.toString() === target.toString()) {
    await vscode.commands.executeCommand('reopenActiveEditorWith', mode === 'text' ? 'default' : MARKDOWN_PREVIEW_EDITOR);
    return;
  }
  await showRunDocument(target, mode);
}
