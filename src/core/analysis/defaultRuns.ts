import type { RunSummary } from '../model';

// The runs a comparison reads when none is named: the baseline language's first passing run against the target
// language's first failing run, the pair that shows why one passes where the other fails.

/** The runs of one group in one language, in run order. */
export function runsOfLanguage(runs: readonly RunSummary[], group: string, language: string): RunSummary[] {
  return runs.filter((r) => r.group === group && r.language === language).sort((a, b) => a.runIndex - b.runIndex);
}

/** The first passing run, else the first run (of runs in run order). */
export function defaultBaselineRun(runs: readonly RunSummary[]): RunSummary | undefined {
  return runs.find((r) => r.outcome === 'pass') ?? runs[0];
}

/** The first failing run, else the first run (of runs in run order). */
export function defaultTargetRun(runs: readonly RunSummary[]): RunSummary | undefined {
  return runs.find((r) => r.outcome === 'fail') ?? runs[0];
}
