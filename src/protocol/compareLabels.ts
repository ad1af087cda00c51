// The triage labels a compare panel shows: of the (group, target language) pair and of the target run. The host
// renders the texts (code titles, evidence), so the webview needs no taxonomy.

/** What a label from the compare view is about: the target language's pair, or the target run alone. */
export type LabelScope = 'pair' | 'run';

export function isLabelScope(value: unknown): value is LabelScope {
  return value === 'pair' || value === 'run';
}

/** The current decision about an item (the latest record in the labels file). */
export interface ShownLabel {
  /** A label, or a reviewer's verdict on one. */
  kind: 'label' | 'review';
  code: string;
  /** The code's title in the taxonomy, e.g. `missing required action`. */
  title: string;
  confidence: string | null;
  annotator: string;
  note: string;
  /** ISO 8601 time of the decision. */
  at: string;
}

/** The automatic prior: a suggestion with its evidence, never applied by itself. */
export interface ShownSuggestion {
  code: string;
  title: string;
  evidence: string[];
}

export interface ItemLabel {
  scope: LabelScope;
  /** `jpn` or `jpn · run 2`. */
  text: string;
  label: ShownLabel | null;
  /** Only when there is no label; null too when the runs could not be read. */
  suggestion: ShownSuggestion | null;
}

export interface CompareLabels {
  pair: ItemLabel;
  run: ItemLabel;
  /** Why labelling is not possible here (Restricted Mode), or null when it is. */
  readOnly: string | null;
}
