// The measures the matrix can colour its cells by, read from a metrics cell. Ids are short strings ("pass1",
// "passHat:2", "passAt:3", "rho:2", "infra") so the measure shown can be saved with the panel's state.
import type { Interval, MetricsCell, MetricsReport } from '../../../src/core/metrics/types';

export type Measure =
  | { kind: 'pass1' }
  | { kind: 'passHat'; k: number }
  | { kind: 'passAt'; k: number }
  | { kind: 'rho'; k: number }
  | { kind: 'infra' };

export const DEFAULT_MEASURE = 'pass1';

export function measureId(m: Measure): string {
  return m.kind === 'pass1' || m.kind === 'infra' ? m.kind : `${m.kind}:${m.k}`;
}

export function parseMeasure(id: string): Measure | null {
  if (id === 'pass1' || id === 'infra') return { kind: id };
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
    case 'infra':
      return 'infra rate';
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
    case 'infra':
      return 'infrastructure rate';
  }
}

/** The largest k any cell has a pass^k for. */
export function maxK(report: MetricsReport): number {
  let k = 1;
  for (const cell of [...report.cells, ...report.totals]) {
    for (const key of Object.keys(cell.passHatK)) k = Math.max(k, Number(key) || 1);
  }
  return k;
}

/** pass^1, then pass^k, pass@k and ρ^k for k = 2..K, then the infra rate. */
export function measureChoices(report: MetricsReport): Measure[] {
  const K = maxK(report);
  const ks = Array.from({ length: K - 1 }, (_, i) => i + 2);
  return [
    { kind: 'pass1' },
    ...ks.map((k): Measure => ({ kind: 'passHat', k })),
    { kind: 'passAt', k: 1 },
    ...ks.map((k): Measure => ({ kind: 'passAt', k })),
    ...ks.map((k): Measure => ({ kind: 'rho', k })),
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
    case 'rho': {
      const hat = cell.passHatK[String(m.k)];
      return hat === undefined || cell.pass1 === null || cell.pass1 === 0 ? null : hat / cell.pass1;
    }
    case 'infra': {
      const all = cell.runs + cell.infra;
      return all === 0 ? null : cell.infra / all;
    }
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
      return 'rho';
    case 'infra':
      return 'infra';
  }
}
