// The shape of `trajectory-lens metrics --json` and of what the matrix view shows: one report per run directory.
// Fractions are in [0, 1]; k is a string key ("1", "2", …) so the JSON reads the same in every language.

/** A two-sided 95% interval. */
export interface Interval {
  low: number;
  high: number;
}

/** Exact McNemar test of a target cell against its baseline cell, over (scenario, run index) pairs with both runs clean. */
export interface McNemar {
  /** Pairs where the baseline passed and the target failed. */
  b: number;
  /** Pairs where the baseline failed and the target passed. */
  c: number;
  p: number;
  /** Holm-corrected across the languages of the cell's row (same agent, setting and capability). */
  pHolm: number;
}

/** One (agent, setting, capability, language) cell; `capability: null` for the totals over all capabilities. */
export interface MetricsCell {
  agent: string;
  setting: string | null;
  capability: string | null;
  language: string;
  /** Scenarios with at least one infrastructure-clean run. */
  scenarios: number;
  /** Infrastructure-clean runs. */
  runs: number;
  /** Infrastructure runs, left out of every denominator. */
  infra: number;
  /** Passing clean runs. */
  passes: number;
  /** infra / (runs + infra); null without runs. */
  infraRate: number | null;
  pass1: number | null;
  passHatK: Record<string, number>;
  passAtK: Record<string, number>;
  /** SEATauBench's ρ^k = passHatK[k] / pass1, for k with passHatK; empty when pass1 is 0 or null. */
  rhoK: Record<string, number>;
  /** PolyWorkBench Grade measures over the cell's graded clean runs; null when no run has a Grade. */
  grade: GradeMeasures | null;
  wilson: Interval | null;
  /** pass1 of this cell minus pass1 of the baseline cell; null for baseline cells or without a baseline cell. */
  deltaPass1: number | null;
  /** Scenario-clustered percentile bootstrap of the paired Δpass^1; null for baseline cells. */
  bootstrap: Interval | null;
  mcnemar: McNemar | null;
}

/** PolyWorkBench's measures of the Grade (0..1). */
export interface GradeMeasures {
  /** Graded clean runs. */
  runs: number;
  /** PolyWorkBench "Pass@1": the mean Grade of each run index over its scenarios, the best run index's mean. */
  bestRunMean: number;
  /** PolyWorkBench "Pass@3": the mean over scenarios of the scenario's best Grade over its runs. */
  bestOfRuns: number;
}

export interface VerifierShare {
  agent: string;
  setting: string | null;
  language: string;
  family: string;
  /** Failed runs of this family over clean runs. */
  rate: number;
  /** rate minus the baseline's rate for the same family; null for the baseline. */
  delta: number | null;
}

export interface BehaviourSignature {
  agent: string;
  setting: string | null;
  language: string;
  /** Matched (scenario, run index) pairs against the baseline. */
  pairs: number;
  toolCountDelta: number | null;
  /** Share of write actions among the target's tool calls over the matched pairs. */
  writeShare: number | null;
  /** The same share among the baseline's tool calls. */
  writeShareBaseline: number | null;
  jsdPooled: number | null;
  jsdPerScenario: number | null;
  toolCountDeltaRegressed: number | null;
  toolCountDeltaHeld: number | null;
}

export interface MetricsReport {
  /** The baseline language every other language is compared with. */
  baseline: string;
  /**
   * The setting whose baseline-language cells stand in for a setting without baseline-language runs (SEATau
   * `english` for l2_tools…); null when settings are not compared that way.
   */
  baselineSetting: string | null;
  cells: MetricsCell[];
  totals: MetricsCell[];
  verifier: VerifierShare[];
  signatures: BehaviourSignature[];
  /** Estimator name → one-line definition. */
  estimators: Record<string, string>;
}
