import type { Outcome, RunSummary } from '../../../src/core/model';
import { run } from '../analysis/steps';

// Hand-built SEATau runs for the setting tests: task 14 of one airline simulation, a language in one setting per call.

export const SEATAU_GROUP = 'sims#14';

/** Trials of task 14 in `language` and `setting` with these outcomes, ids like `vie_l2_tools#1`; a failure is a db_mismatch. */
export function settingRuns(language: string, setting: string | null, outcomes: Outcome[]): RunSummary[] {
  return outcomes.map((outcome, k) =>
    run({
      id: `${language}_${setting}#${k + 1}`,
      path: `${language}_${setting}`,
      format: 'tau2',
      group: SEATAU_GROUP,
      scenarioId: '14',
      language,
      languageLabel: language,
      runIndex: k + 1,
      outcome,
      failureFamily: outcome === 'fail' ? 'db_mismatch' : null,
      setting,
    }),
  );
}
