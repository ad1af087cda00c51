import * as vscode from 'vscode';
import { runDocumentUri } from '../runDocument/runDocumentUri';
import { runToOpen } from '../tree/nodeRuns';
import type { TreeNode } from '../tree/nodes';
import { OPEN_RUN_COMMAND } from '../tree/treeItems';

/** Opens the run an element stands for as a read-only Markdown document (source view, not the preview). */
export function registerOpenRun(): vscode.Disposable {
  return vscode.commands.registerCommand(OPEN_RUN_COMMAND, async (node?: TreeNode) => {
    const target = node ? runToOpen(node) : undefined;
    if (target === undefined) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Pick a run, a language or a regression in the Trajectory Lens views to open it.'));
      return;
    }
    const document = await vscode.workspace.openTextDocument(runDocumentUri(target.dir.uri, target.run));
    if (document.languageId !== 'markdown') await vscode.languages.setTextDocumentLanguage(document, 'markdown');
    await vscode.window.showTextDocument(document, { preview: true });
  });
}
