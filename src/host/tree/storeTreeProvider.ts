import * as vscode from 'vscode';
import type { LabelLookup } from '../labels/labelState';
import type { RunStore } from '../runStore';

/** What both trees share: they redraw when the runs are re-indexed, a label changes, or on `redraw` (a filter). */
export abstract class StoreTreeProvider<T> implements vscode.TreeDataProvider<T>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(
    protected readonly store: RunStore,
    protected readonly labels: LabelLookup,
    redraw?: vscode.Event<unknown>,
  ) {
    this.subscription = vscode.Disposable.from(
      store.onDidChange(() => this.changed.fire()),
      labels.onDidChange(() => this.changed.fire()),
      ...(redraw ? [redraw(() => this.changed.fire())] : []),
    );
  }

  /** Redraws the tree for a change the store does not know of. */
  protected refresh(): void {
    this.changed.fire();
  }

  abstract getTreeItem(node: T): vscode.TreeItem;
  abstract getChildren(node?: T): T[];

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
