import * as vscode from 'vscode';
import type { RunIndex } from '../../core/index/runIndex';
import { itemKey, newLabelRecord, type Confidence } from '../../core/triage/labelRecord';
import { appendRecord } from '../../core/triage/labelStore';
import type { Suggestion } from '../../core/triage/suggestion';
import type { TriageCode } from '../../core/triage/taxonomy';
import type { TranslationProblem } from '../../core/triage/translationSuspicion';
import { suggestForItem } from '../../core/triage/triageItems';
import type { LoadedRunDirectory } from '../loadedRunDirectory';
import type { RunStore } from '../runStore';
import { confirmWritingAllowed } from '../workspaceTrust';
import { resolveAnnotator } from './annotator';
import { localizedCodeText } from './codeTitles';
import { codePicks, confidencePicks, type CodePick } from './labelPicks';
import type { LabelState } from './labelState';
import { targetText, type LabelTarget } from './labelTarget';
import { labelSink, LABELLING_TOOL, notOnDiskReason } from './labelWriter';

// Labelling one item, wherever it is asked for (a tree item, the compare view, a quick fix): the quick picks of
// "Label Failure…" — code (the automatic prior offered first, never applied by itself), confidence, note — and the one
// record appended to the run directory's labels file.

/** What the person decided about an item. */
export interface ChosenLabel {
  code: TriageCode;
  confidence: Confidence;
  note: string;
}

export class Labeller {
  /** The prior per item and baseline, computed once per index (a re-index makes a new RunIndex). */
  private readonly priors = new WeakMap<RunIndex, Map<string, Promise<Suggestion | null>>>();

  constructor(
    private readonly globalState: vscode.Memento,
    private readonly store: RunStore,
    readonly labels: LabelState,
    /** The translation problems of a directory's scenarios (its translation lint), which the prior weighs. */
    private readonly translationProblemsOf: (dir: LoadedRunDirectory) => Promise<readonly TranslationProblem[]> = async () => [],
  ) {}

  /** The automatic prior for the item; null when its runs cannot be read (the choice is then left to the person). */
  prior(target: LabelTarget): Promise<Suggestion | null> {
    const { dir, item } = target;
    const baseline = this.store.baseline;
    const cache = this.priors.get(dir.index) ?? new Map<string, Promise<Suggestion | null>>();
    this.priors.set(dir.index, cache);
    const key = `${baseline}\u0000${itemKey(item)}`;
    let prior = cache.get(key);
    if (prior === undefined) {
      prior = this.translationProblemsOf(dir)
        .then((translationProblems) =>
          suggestForItem(dir.fs, dir.index.runs, item, { baseline, baselineSetting: dir.index.settings?.baseline, translationProblems }),
        )
        .catch(() => {
          cache.delete(key); // a run that could not be read now may be readable on the next ask
          return null;
        });
      cache.set(key, prior);
    }
    return prior;
  }

  /**
   * Appends one record for the target and shows it. Returns false when nothing was saved; the person was told why
   * (Restricted Mode, a directory not on disk, no annotator name, a failed write).
   */
  recordLabel(target: LabelTarget, choice: ChosenLabel): Promise<boolean> {
    return this.recordLabels([target], choice, vscode.l10n.t('Labelled {0} as {1}', targetText(target), localizedCodeText(choice.code)));
  }

  /**
   * Appends one record per target (all of one run directory), each a single append, then shows them; false when not
   * every record was saved (the person was told why).
   */
  async recordLabels(targets: readonly LabelTarget[], choice: ChosenLabel, done: string): Promise<boolean> {
    const first = targets[0];
    if (first === undefined || !(await confirmWritingAllowed()) || !this.writable(first)) return false;
    const annotator = await resolveAnnotator(this.globalState);
    if (annotator === undefined) return false;
    const sink = labelSink(first.dir);
    let saved = 0;
    try {
      for (const target of targets) {
        await appendRecord(sink, newLabelRecord({ item: target.item, ...choice, note: choice.note.trim(), annotator, tool: LABELLING_TOOL }));
        saved++;
      }
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      void vscode.window.showErrorMessage(
        targets.length === 1
          ? vscode.l10n.t('The label was not saved to {0}: {1}', sink.describe(), reason)
          : vscode.l10n.t('{0} of {1} labels were not saved to {2}: {3}', targets.length - saved, targets.length, sink.describe(), reason),
      );
    }
    if (saved > 0) await this.labels.reload(first.dir);
    if (saved === targets.length) vscode.window.setStatusBarMessage(done, 5_000);
    return saved === targets.length;
  }

  /** Asks for the code, confidence and note in quick picks, then records the label; nothing is saved on Escape. */
  async pickAndRecord(target: LabelTarget): Promise<void> {
    if (!this.writable(target)) return;
    const current = this.labels.labelOf(target.dir, target.item);
    const choice = await this.pickLabel(vscode.l10n.t('Label {0}', targetText(target)), this.prior(target), current);
    if (choice !== undefined) await this.recordLabel(target, choice);
  }

  /**
   * One decision for many items (a cluster of regressions with the same cause): the quick picks once, with the prior
   * of `typical`, then one record per target.
   */
  async pickAndRecordAll(targets: readonly LabelTarget[], typical: LabelTarget, title: string): Promise<void> {
    if (targets.length === 0 || !this.writable(typical)) return;
    const choice = await this.pickLabel(title, this.prior(typical), undefined);
    if (choice === undefined) return;
    await this.recordLabels(targets, choice, vscode.l10n.t('Labelled {0} regressions as {1}', targets.length, localizedCodeText(choice.code)));
  }

  private async pickLabel(
    title: string,
    prior: Promise<Suggestion | null>,
    current: Parameters<typeof codePicks>[1],
  ): Promise<ChosenLabel | undefined> {
    // The quick pick opens at once (busy) and fills in once the prior has read the runs.
    const picks: Promise<CodePick[]> = prior.then((p) => codePicks(p, current));
    const picked = await vscode.window.showQuickPick<CodePick>(picks, {
      title,
      placeHolder: vscode.l10n.t('Root cause (taxonomy, checked top-down)'),
      matchOnDescription: true,
      ignoreFocusOut: true,
    });
    const code = picked?.code;
    if (code === undefined) return undefined;
    const confidence = await vscode.window.showQuickPick(confidencePicks(), {
      title: `${title}: ${code}`,
      placeHolder: vscode.l10n.t('How sure are you?'),
      ignoreFocusOut: true,
    });
    if (confidence === undefined) return undefined;
    const note = await vscode.window.showInputBox({
      title: `${title}: ${code}, ${vscode.l10n.t('{0} confidence', confidence.confidence)}`,
      prompt: vscode.l10n.t('Note (optional): what you saw. Enter to save, Escape to cancel.'),
      ignoreFocusOut: true,
    });
    if (note === undefined) return undefined;
    return { code, confidence: confidence.confidence, note };
  }

  /** Appending safely needs the local file system; says so otherwise. */
  private writable({ dir }: LabelTarget): boolean {
    const notOnDisk = notOnDiskReason(dir, vscode.l10n.t('Labels'));
    if (notOnDisk === null) return true;
    void vscode.window.showErrorMessage(
      vscode.l10n.t('{0}: appending safely needs the local file system. Use `trajectory-lens label` where the runs are.', notOnDisk),
    );
    return false;
  }
}
