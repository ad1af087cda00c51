import type * as vscode from 'vscode';
import type { TreeNode } from '../tree/nodes';

// The element last selected in the Runs or Regressions view: what a command run by its keybinding or from the
// command palette acts on.

export class TreeSelection {
  private selected: TreeNode | undefined;

  track<T extends TreeNode>(view: vscode.TreeView<T>): vscode.Disposable {
    return view.onDidChangeSelection((event) => {
      this.selected = event.selection[0] ?? this.selected;
    });
  }

  get node(): TreeNode | undefined {
    return this.selected;
  }
}
