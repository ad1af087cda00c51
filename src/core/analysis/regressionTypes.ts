import type { FailureFamily } from '../model';

// What a regression is: the shapes findRegressions produces and the CLI, the trees and triage show.

export interface PassCount {
  passes: number;
  /** Infrastructure-clean runs only (pass or fail). */
  runs: number;
}

export type Stratum = 'deterministic' | 'stochastic';
export type CellState = 'pass' | 'partial' | 'fail';

/** A (group, target language) whose pass rate is below the baseline's, over infrastructure-clean runs. */
export interface Regression {
  group: string;
  scenarioId: string;
  language: string;
  baseline: PassCount;
  target: PassCount;
  stratum: Stratum;
  /** e.g. `pass->fail`, `partial->fail`, `pass->partial`. */
  cell: `${CellState}->${CellState}`;
  /** Failure family of the target's first failing run. */
  failureFamily: FailureFamily | null;
}

/** A regression of one setting's runs against the baseline setting's; setting null when runs are not split by setting. */
export interface SettingRegression extends Regression {
  setting: string | null;
}
