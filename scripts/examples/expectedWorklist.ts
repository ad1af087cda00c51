// The regression worklist a correct tool must print, computed from what the generator wrote (its own plan), never
// from the tool's code: over infrastructure-clean runs, a (group, target language) is a regression when its pass rate
// is below the baseline's.

export interface ExpectedRun {
  path: string;
  group: string;
  scenarioId: string;
  language: string;
  languageLabel: string;
  runIndex: number;
  capability: string;
  outcome: 'pass' | 'fail' | 'infra';
  /** Null for passing runs. */
  failureFamily: string | null;
}

type CellState = 'pass' | 'partial' | 'fail';

export interface ExpectedRegression {
  group: string;
  scenarioId: string;
  language: string;
  baseline: { passes: number; runs: number };
  target: { passes: number; runs: number };
  stratum: 'deterministic' | 'stochastic';
  cell: `${CellState}->${CellState}`;
  failureFamily: string | null;
}

function state(passes: number, runs: number): CellState {
  if (passes === runs) return 'pass';
  return passes === 0 ? 'fail' : 'partial';
}

/** Sorted by group, then language. */
export function expectedRegressions(runs: ExpectedRun[], baseline: string): ExpectedRegression[] {
  const cells = new Map<string, Map<string, ExpectedRun[]>>();
  for (const run of runs) {
    if (run.outcome === 'infra') continue;
    const byLanguage = cells.get(run.group) ?? new Map<string, ExpectedRun[]>();
    cells.set(run.group, byLanguage);
    byLanguage.set(run.language, [...(byLanguage.get(run.language) ?? []), run]);
  }
  const out: ExpectedRegression[] = [];
  for (const [group, byLanguage] of [...cells].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const base = byLanguage.get(baseline);
    if (!base || base.length === 0) continue;
    const basePasses = base.filter((r) => r.outcome === 'pass').length;
    for (const [language, target] of [...byLanguage].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      if (language === baseline) continue;
      const passes = target.filter((r) => r.outcome === 'pass').length;
      if (passes / target.length >= basePasses / base.length) continue;
      const firstFailure = [...target].sort((a, b) => a.runIndex - b.runIndex).find((r) => r.outcome === 'fail');
      out.push({
        group,
        scenarioId: target[0]?.scenarioId ?? '',
        language,
        baseline: { passes: basePasses, runs: base.length },
        target: { passes, runs: target.length },
        stratum: passes === 0 ? 'deterministic' : 'stochastic',
        cell: `${state(basePasses, base.length)}->${state(passes, target.length)}`,
        failureFamily: firstFailure?.failureFamily ?? null,
      });
    }
  }
  return out;
}
