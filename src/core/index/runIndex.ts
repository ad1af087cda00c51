import type { Diagnostic, FailureFamily, RunSummary } from '../model';

// Shapes the index and the worklist expose to the CLI and the host.

export interface RunIndex {
  runs: RunSummary[];
  diagnostics: Diagnostic[];
  /** Baseline language named by the run directory's trajectory-lens.json; absent when it names none. */
  baseline?: string;
  /** Folder of SEATau translated domain assets named by trajectory-lens.json; absent when it names none. */
  tau2Domains?: string;
  /** trajectory-lens.json `settings`; absent when it has none. */
  settings?: SettingOptions;
}

/** How benchmark settings (SEATau english / l2_interaction / l2_tools / l2_domain) are compared. */
export interface SettingOptions {
  /** The setting whose runs are the baseline of every other setting (SEATau `english`). */
  baseline: string;
  /** Show the setting as the first level of the Runs view (setting → scenario → language). */
  level: boolean;
}

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
