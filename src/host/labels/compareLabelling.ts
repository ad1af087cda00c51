import * as vscode from 'vscode';
import type { RunSummary } from '../../core/model';
import type { CompareLabels, LabelScope } from '../../protocol/compareLabels';
import type { RunStore } from '../runStore';
import { isWorkspaceTrusted, readOnlyMessage } from '../workspaceTrust';
import { compareLabelItem, compareLabels } from './compareLabelView';
import type { Labeller } from './labeller';

// Labels for the compare panels: what their headers show, the same quick picks as the tree's "Label Failure…",
// and a change event when the labels file changes (this window, another one, the CLI) or trust is granted.

export class CompareLabelling implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  /** Open panels show the labels again. */
  readonly onDidChange = this.changed.event;
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly store: RunStore,
    private readonly labeller: Labeller,
  ) {
    this.subscriptions = [
      labeller.labels.onDidChange(() => this.changed.fire()),
      vscode.workspace.onDidGrantWorkspaceTrust(() => this.changed.fire()),
    ];
  }

  /** The labels of the target run's pair and of the run, in the run directory with this URI. */
  labelsFor(runDir: string, target: RunSummary): Promise<CompareLabels> {
    const dir = this.store.directory(runDir);
    return compareLabels(target, {
      labelOf: (item) => (dir ? this.labeller.labels.labelOf(dir, item) : undefined),
      prior: (item) => (dir ? this.labeller.prior({ dir, item }) : Promise.resolve(null)),
      readOnly: isWorkspaceTrusted() ? null : readOnlyMessage(),
    });
  }

  /**
   * Opens the quick picks for the target's pair or run and returns at once: the person may take their time, and the
   * panel learns the new label from the change event. Throws in Restricted Mode, with the read-only message.
   */
  label(runDir: string, target: RunSummary, scope: LabelScope): void {
    if (!isWorkspaceTrusted()) throw new Error(readOnlyMessage());
    const dir = this.store.directory(runDir);
    if (dir === undefined) throw new Error(vscode.l10n.t('The run directory of this comparison is no longer open.'));
    this.labeller.pickAndRecord({ dir, item: compareLabelItem(target, scope) }).catch((error: unknown) => {
      void vscode.window.showErrorMessage(vscode.l10n.t('Trajectory Lens: labelling failed: {0}', error instanceof Error ? error.message : String(error)));
    });
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.changed.dispose();
  }
}
