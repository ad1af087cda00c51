import type { Diagnostic, RunSummary } from '../model';

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

export const DEFAULT_SETTINGS: SettingOptions = { baseline: 'english', level: true };
