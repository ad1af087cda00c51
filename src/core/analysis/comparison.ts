import type { RunSummary, Step, OracleEvent, VerifierCheck } from '../model';

// The result of comparing two runs: what the compare view renders and `trajectory-lens compare` prints.

export type RowKind = 'same' | 'changed' | 'baseline-only' | 'target-only';

/**
 * A piece of a text diff; `equal` parts are shared, `delete` only in the baseline, `insert` only in the target.
 * `equivalent` parts differ only by form (`16/10/2024` and `2024年10月16日`): `text` is the baseline's form,
 * `target` the target's, `normal` the normal form both read as. They are not a change.
 */
export type TextDiffPart =
  | { op: 'equal' | 'delete' | 'insert'; text: string }
  | { op: 'equivalent'; text: string; target: string; normal: string };

/** One argument whose value differs, addressed by a JSON path (`recipients[0]`, `event.title`). */
export interface ArgDiff {
  path: string;
  /** Undefined in JSON output is rendered as null: the argument is absent on that side. */
  baseline: unknown;
  target: unknown;
  /** Word/character diff of the two values' text, when both are strings (or scalars). */
  parts: TextDiffPart[] | null;
  /**
   * The values differ only by form (width, native digits, CJK numerals, date or amount format): not a change.
   * Absent when they differ in substance, or when equivalences are turned off.
   */
  equivalent?: true;
  /** With `equivalent`: the normal form both values read as (`2024-10-16`, `USD 1234.5`). */
  normal?: string;
}

/** One aligned row: a step of each run, or of one of them. Indices are into each side's `steps`. */
export interface AlignedRow {
  kind: RowKind;
  baseline: number | null;
  target: number | null;
  argDiff: ArgDiff[];
}

/** A write whose effect a later write undid (delete + recreate reaching the same end state). */
export interface SelfCorrection {
  side: 'baseline' | 'target';
  /** The write that was undone, and the step that undid it. */
  step: number;
  undoneBy: number;
  /** The end state is as if neither write happened (a recreate followed the delete): harmless. A create that was
   * only deleted again leaves the end state without what the create made. */
  harmless: boolean;
  explanation: string;
}

/** How one side's run fared on one oracle event. */
export interface OracleVerdict {
  matched: boolean | null;
  /** Index of the agent step that the oracle event was matched to (or compared against), null when none. */
  step: number | null;
  /** Deciding check: `eq_checker:end_location`, `email_checker`, `tool_count`… */
  check: string | null;
  /** The LLM judge's text for this event when the run has one, else the verifier's failure reason. */
  rationale: string | null;
  llm: boolean;
}

/**
 * Both runs' rationales for one oracle event compared: a word diff when they are written in one language, else the
 * two languages, for showing them side by side.
 */
export type RationaleDiff =
  | {
      mode: 'diff';
      /** ISO 639-3, `und` when undetermined. */
      language: string;
      /** `Japanese`; null when undetermined. Names come with the data: the webview has no language tables. */
      languageName: string | null;
      parts: TextDiffPart[];
    }
  | { mode: 'side-by-side'; baselineLanguage: string; targetLanguage: string; baselineLanguageName: string; targetLanguageName: string };

export interface OracleLaneRow {
  id: string;
  tool: string;
  args: Record<string, unknown>;
  baseline: OracleVerdict | null;
  target: OracleVerdict | null;
  /** Present when both runs have a rationale for this event. */
  rationaleDiff?: RationaleDiff;
}

export interface CompareSide {
  run: RunSummary;
  task: string | null;
  steps: Step[];
  finalAnswer: string | null;
  checks: VerifierCheck[];
  oracle: OracleEvent[];
}

export interface Comparison {
  baseline: CompareSide;
  target: CompareSide;
  rows: AlignedRow[];
  oracle: OracleLaneRow[];
  /** Diff of the final answers (null when neither side answered). */
  finalAnswerDiff: TextDiffPart[] | null;
  selfCorrections: SelfCorrection[];
}

/** What the first divergence and a cause signature read of a comparison (compareForDivergence computes only this). */
export type DivergenceInput = Pick<Comparison, 'baseline' | 'target' | 'rows' | 'oracle' | 'selfCorrections'>;
