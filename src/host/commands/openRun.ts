import * as vscode from 'vscode';
import { runDocumentUri } from '../runDocument/runDocumentUri';
import { showRunDocument, switchRunDocument, type RunViewMode } from '../runDocument/showRunDocument';
import { runToOpen } from '../tree/nodeRuns';
import type { TreeNode } from '../tree/nodes';
import { OPEN_RUN_COMMAND } from '../tree/treeItems';

export const OPEN_RUN_AS_TEXT_COMMAND = 'trajectoryLens.openRunAsText';
export const OPEN_RUN_RENDERED_COMMAND = 'trajectoryLens.openRunRendered';

/** A tree element's run document; a URI when the command comes from an editor's title bar; undefined from the palette. */
type OpenRunArgument = TreeNode | vscode.Uri | undefined;

function isTreeNode(arg: OpenRunArgument): arg is TreeNode {
  return arg !== undefined && !(arg instanceof vscode.Uri);
}

async function openFromTree(node: TreeNode | undefined, mode?: RunViewMode): Promise<void> {
  const target = node ? runToOpen(node) : undefined;
  if (target === undefined) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Pick a run, a language or a regression in the Trajectory Lens views to open it.'));
    return;
  }
  await showRunDocument(runDocumentUri(target.dir.uri, target.run), mode);
}

/**
 * Opens the run an element stands for as a read-only document: rendered (Markdown preview) or as its Markdown source,
 * after `trajectoryLens.runView.openAs`; "Open as Text" and "Open Rendered" switch an open run document between the two.
 */
export function registerOpenRun(): vscode.Disposable {
  const switchTo = (mode: RunViewMode) => (arg?: OpenRunArgument) =>
    isTreeNode(arg) ? openFromTree(arg, mode) : switchRunDocument(mode, arg);
  return vscode.Disposable.from(
    vscode.commands.registerCommand(OPEN_RUN_COMMAND, (node?: TreeNode) => openFromTree(node)),
    vscode.commands.registerCommand(OPEN_RUN_AS_TEXT_COMMAND, switchTo('text')),
    vscode.commands.registerCommand(OPEN_RUN_RENDERED_COMMAND, switchTo('preview')),
  );
}
