// What a compare panel shows about labels: the current label of the target's (group, language) pair and of the target
// run, or the automatic prior when an item has none. No 'vscode' import, so it runs under Node in tests.
import type { RunSummary } from '../../core/model';
import { labelItem, type LabelItem, type LabelRecord } from '../../core/triage/labelRecord';
import type { Suggestion } from '../../core/triage/suggestion';
import { codeTitle } from '../../core/triage/taxonomy';
import type { CompareLabels, ItemLabel, LabelScope, ShownLabel } from '../../protocol/compareLabels';

/** The items a compare panel labels: the target language's pair in the target's setting, or the target run alone. */
export function compareLabelItem(target: RunSummary, scope: LabelScope): LabelItem {
  return labelItem(target.group, target.language, scope === 'run' ? target.runIndex : null, target.setting);
}

export function shownLabel(record: LabelRecord): ShownLabel {
  const { kind, code, confidence, annotator, note, at } = record;
  return { kind, code, title: codeTitle(code), confidence, annotator, note, at };
}

export interface LabelSources {
  /** The current record of an item, if any. */
  labelOf(item: LabelItem): LabelRecord | undefined;
  /** The automatic prior; only asked for items without a label. */
  prior(item: LabelItem): Promise<Suggestion | null>;
  /** Why labelling is refused here, or null. */
  readOnly: string | null;
}

export async function compareLabels(target: RunSummary, sources: LabelSources): Promise<CompareLabels> {
  const itemLabel = async (scope: LabelScope): Promise<ItemLabel> => {
    const item = compareLabelItem(target, scope);
    const language = target.setting === null ? target.language : `${target.language} · ${target.setting}`;
    const text = scope === 'run' ? `${language} · run ${target.runIndex}` : language;
    const record = sources.labelOf(item);
    if (record !== undefined) return { scope, text, label: shownLabel(record), suggestion: null };
    const prior = await sources.prior(item);
    const suggestion = prior && { code: prior.code, title: codeTitle(prior.code), evidence: prior.evidence };
    return { scope, text, label: null, suggestion };
  };
  const [pair, run] = await Promise.all([itemLabel('pair'), itemLabel('run')]);
  return { pair, run, readOnly: sources.readOnly };
}
