// The measures the matrix can colour its cells by, read from a metrics cell. Ids are short strings ("pass1",
// "passHat:2", "passAt:3", "rho:2", "gradeBestRun", "infra") so the measure shown can be saved with the panel's state.
import type { Interval, MetricsCell } from '../../../src/core/metrics/types';
import type { MatrixReport } from '../../../src/protocol/matrixReport';
import * as l10n from '@vscode/l10n';

export type Measure =
  | { kind: 'pass1' }
  | { kind: 'passHat'; k: number }
  | { kind: 'passAt'; k: number }
  | { kind: 'rho'; k: number }
  /** PolyWorkBench "Pass@1" (best run index's mean Grade) and "Pass@3" (mean of each scenario's best Grade). */
  | { kind: 'gradeBestRun' }
  | { kind: 'gradeBestOf' }
  | { kind: 'infra' };

type Plain = 'pass1' | 'gradeBestRun' | 'gradeBestOf' | 'infra';
const PLAIN: readonly string[] = ['pass1', 'gradeBestRun', 'gradeBestOf', 'infra'];

export const DEFAULT_MEASURE = 'pass1';

export function measureId(m: Measure): string {
  return 'k' in m ? `${m.kind}:${m.k}` : m.kind;
}

export function parseMeasure(id: string): Measure | null {
  if (PLAIN.includes(id)) return { kind: id as Plain } as Measure;
  const match = /^(passHat|passAt|rho):([1-9]\d?)$/.exec(id);
  if (!match) return null;
  return { kind: match[1] as 'passHat' | 'passAt' | 'rho', k: Number(match[2]) };
}

/** `pass^1`, `pass^3`, `pass@3`, `ρ^3`, `infra rate`. */
export function measureLabel(m: Measure): string {
  switch (m.kind) {
    case 'pass1':
      return 'pass^1';
    case 'passHat':
      return `pass^${m.k}`;
    case 'passAt':
      return `pass@${m.k}`;
    case 'rho':
      return `ρ^${m.k}`;
    case 'gradeBestRun':
      return l10n.t('Grade best run');
    case 'gradeBestOf':
      return l10n.t('Grade best of runs');
    case 'infra':
      return l10n.t('infra rate');
  }
}

/** Words for a screen reader: `pass hat 3`, `pass at 3`, `rho 3`. */
export function measureSpoken(m: Measure): string {
  switch (m.kind) {
    case 'pass1':
      return 'pass hat 1';
    case 'passHat':
      return `pass hat ${m.k}`;
    case 'passAt':
      return `pass at ${m.k}`;
    case 'rho':
      return `rho ${m.k}`;
    case 'gradeBestRun':
      return l10n.t('grade of the best run');
    case 'gradeBestOf':
      return l10n.t('grade, best of runs');
    case 'infra':
      return l10n.t('infrastructure rate');
  }
}

/** The largest k any cell has a pass^k for. */
export function maxK(report: MatrixReport): number {
  let k = 1;
  for (const columns of [report.cells, report.totals]) {
    for (const key of Object.keys(columns.passHatK)) k = Math.max(k, Number(key) || 1);
  }
  return k;
}

/** pass^1, then pass^k, pass@k and ρ^k for k = 2..K, the Grade measures when a cell has a Grade, the infra rate. */
export function measureChoices(report: MatrixReport): Measure[] {
  const K = maxK(report);
  const ks = Array.from({ length: K - 1 }, (_, i) => i + 2);
  const graded = report.cells.grade !== null || report.totals.grade !== null;
  return [
    { kind: 'pass1' },
    ...ks.map((k): Measure => ({ kind: 'passHat', k })),
    { kind: 'passAt', k: 1 },
    ...ks.map((k): Measure => ({ kind: 'passAt', k })),
    ...ks.map((k): Measure => ({ kind: 'rho', k })),
    ...(graded ? [{ kind: 'gradeBestRun' } as const, { kind: 'gradeBestOf' } as const] : []),
    { kind: 'infra' },
  ];
}

export function measureValue(cell: MetricsCell, m: Measure): number | null {
  switch (m.kind) {
    case 'pass1':
      return cell.pass1;
    case 'passHat':
      return cell.passHatK[String(m.k)] ?? null;
    case 'passAt':
      return cell.passAtK[String(m.k)] ?? null;
    case 'rho':
      return cell.rhoK[String(m.k)] ?? null;
    case 'gradeBestRun':
      return cell.grade?.bestRunMean ?? null;
    case 'gradeBestOf':
      return cell.grade?.bestOfRuns ?? null;
    case 'infra':
      return cell.infraRate;
  }
}

/** The measure's 95% interval where the report has one: Wilson's for pass^1 (over clean runs). */
export function measureInterval(cell: MetricsCell, m: Measure): Interval | null {
  return m.kind === 'pass1' ? cell.wilson : null;
}

/** For the infra rate a higher value is worse; for every other measure a lower one. */
export function higherIsWorse(m: Measure): boolean {
  return m.kind === 'infra';
}

/** Which estimator of the report's `estimators` defines the measure. */
export function estimatorName(m: Measure): string {
  switch (m.kind) {
    case 'pass1':
      return 'pass1';
    case 'passHat':
      return 'passHatK';
    case 'passAt':
      return 'passAtK';
    case 'rho':
      return 'rhoK';
    case 'gradeBestRun':
      return 'gradeBestRunMean';
    case 'gradeBestOf':
      return 'gradeBestOfRuns';
    case 'infra':
      return 'infraRate';
  }
}
