// The matrix's numbers as CSV: one line per cell with every measure, the interval, the gap and the paired test.
import type { MetricsCell, MetricsReport } from '../../../src/core/metrics/types';
import { maxK } from './measures';

function field(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function matrixCsv(report: MetricsReport): string {
  const K = maxK(report);
  const ks = Array.from({ length: K }, (_, i) => String(i + 1));
  const header = [
    'agent', 'setting', 'capability', 'language', 'scenarios', 'runs', 'infra', 'pass1', 'wilson_low', 'wilson_high',
    ...ks.map((k) => `pass_hat_${k}`), ...ks.map((k) => `pass_at_${k}`),
    'delta_pass1', 'bootstrap_low', 'bootstrap_high', 'mcnemar_b', 'mcnemar_c', 'mcnemar_p', 'mcnemar_p_holm',
  ];
  const line = (c: MetricsCell) => [
    c.agent, c.setting, c.capability ?? 'all', c.language, c.scenarios, c.runs, c.infra, c.pass1, c.wilson?.low, c.wilson?.high,
    ...ks.map((k) => c.passHatK[k]), ...ks.map((k) => c.passAtK[k]),
    c.deltaPass1, c.bootstrap?.low, c.bootstrap?.high, c.mcnemar?.b, c.mcnemar?.c, c.mcnemar?.p, c.mcnemar?.pHolm,
  ].map(field).join(',');
  return [header.join(','), ...report.totals.map(line), ...report.cells.map(line)].join('\n') + '\n';
}
