import type { Diagnostic, FailureFamily, RunSummary } from '../model';

// Shapes the index and the worklist expose to the CLI and the host.

export interface RunIndex {
  runs: RunSummary[];
  diagnostics: Diagnostic[];
  /** Baseline language named by the run directory's trajectory-lens.json; absent when it names none. */
  baseline?: string;
  /** Folder of SEATau translated domain assets named by trajectory-lens.json; absent when it names none. */
  tau2Domains?: string;
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
