import type { RunSummary, Step, OracleEvent, VerifierCheck } from '../model';

// The result of comparing two runs: what the compare view renders and `trajectory-lens compare` prints.

export type RowKind = 'same' | 'changed' | 'baseline-only' | 'target-only';

/** A piece of a text diff; `equal` parts are shared, `delete` only in the baseline, `insert` only in the target. */
export interface TextDiffPart {
  op: 'equal' | 'delete' | 'insert';
  text: string;
}

/** One argument whose value differs, addressed by a JSON path (`recipients[0]`, `event.title`). */
export interface ArgDiff {
  path: string;
  /** Undefined in JSON output is rendered as null: the argument is absent on that side. */
  baseline: unknown;
  target: unknown;
  /** Word/character diff of the two values' text, when both are strings (or scalars). */
  parts: TextDiffPart[] | null;
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

export interface OracleLaneRow {
  id: string;
  tool: string;
  args: Record<string, unknown>;
  baseline: OracleVerdict | null;
  target: OracleVerdict | null;
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
