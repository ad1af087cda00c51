import type { CellTally } from './cellTally';
import { passAt, passHat, wilson } from './statistics';
import type { GradeMeasures, MetricsCell } from './types';

// The measures of one cell on its own (no baseline): pass^1, pass^k, pass@k, ρ^k, Wilson, Grade, infra rate.

function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

/** Mean over scenarios with n ≥ k of `measure(c, n, k)`, for k = 1..max n. */
function byK(tally: CellTally, measure: (c: number, n: number, k: number) => number): Record<string, number> {
  let most = 0;
  for (const s of tally.scenarios.values()) most = Math.max(most, s.clean);
  const result: Record<string, number> = {};
  for (let k = 1; k <= most; k++) {
    let sum = 0;
    let count = 0;
    for (const s of tally.scenarios.values()) {
      if (s.clean < k) continue;
      sum += measure(s.passes, s.clean, k);
      count++;
    }
    result[String(k)] = sum / count;
  }
  return result;
}

function gradeMeasures(tally: CellTally): GradeMeasures | null {
  const byRun = new Map<number, number[]>();
  const best: number[] = [];
  let runs = 0;
  for (const s of tally.scenarios.values()) {
    if (s.grades.size === 0) continue;
    runs += s.grades.size;
    best.push(Math.max(...s.grades.values()));
    for (const [index, grade] of s.grades) {
      const list = byRun.get(index);
      if (list) list.push(grade);
      else byRun.set(index, [grade]);
    }
  }
  if (runs === 0) return null;
  const runMeans = [...byRun.values()].map((grades) => mean(grades) as number);
  return { runs, bestRunMean: Math.max(...runMeans), bestOfRuns: mean(best) as number };
}

/** The cell with its own measures; the comparison fields are null until compared with its baseline. */
export function cellMeasures(tally: CellTally): MetricsCell {
  const ratios = [...tally.scenarios.values()].map((s) => s.passes / s.clean);
  const pass1 = mean(ratios);
  const passHatK = byK(tally, passHat);
  const rhoK: Record<string, number> = {};
  if (pass1 !== null && pass1 > 0) for (const [k, value] of Object.entries(passHatK)) rhoK[k] = value / pass1;
  const all = tally.clean + tally.infra;
  return {
    agent: tally.agent,
    setting: tally.setting,
    capability: tally.capability,
    language: tally.language,
    scenarios: tally.scenarios.size,
    runs: tally.clean,
    infra: tally.infra,
    passes: tally.passes,
    infraRate: all === 0 ? null : tally.infra / all,
    pass1,
    passHatK,
    passAtK: byK(tally, passAt),
    rhoK,
    grade: gradeMeasures(tally),
    wilson: wilson(tally.passes, tally.clean),
    deltaPass1: null,
    bootstrap: null,
    mcnemar: null,
  };
}
