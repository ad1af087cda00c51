import { csvCell } from '../triage/agreementReport';
import type { MetricsCell, MetricsReport } from './types';

// The cells as CSV, one row per cell and then one per total (capability empty), with a column per k.

function maxK(cells: readonly MetricsCell[]): number {
  return Math.max(0, ...cells.map((c) => Object.keys(c.passHatK).length));
}

export function metricsCsv(report: MetricsReport): string {
  const rows = [...report.cells, ...report.totals];
  const ks = Array.from({ length: maxK(rows) }, (_, i) => String(i + 1));
  const header = [
    'agent', 'setting', 'capability', 'language', 'scenarios', 'runs', 'infra', 'passes', 'infraRate', 'pass1',
    ...ks.map((k) => `passHat${k}`), ...ks.map((k) => `passAt${k}`), ...ks.map((k) => `rho${k}`),
    'wilsonLow', 'wilsonHigh', 'deltaPass1', 'bootstrapLow', 'bootstrapHigh', 'mcnemarB', 'mcnemarC', 'p', 'pHolm',
    'gradeBestRunMean', 'gradeBestOfRuns',
  ];
  const lines = rows.map((c) =>
    [
      c.agent, c.setting, c.capability, c.language, c.scenarios, c.runs, c.infra, c.passes, c.infraRate, c.pass1,
      ...ks.map((k) => c.passHatK[k] ?? null), ...ks.map((k) => c.passAtK[k] ?? null), ...ks.map((k) => c.rhoK[k] ?? null),
      c.wilson?.low ?? null, c.wilson?.high ?? null, c.deltaPass1, c.bootstrap?.low ?? null, c.bootstrap?.high ?? null,
      c.mcnemar?.b ?? null, c.mcnemar?.c ?? null, c.mcnemar?.p ?? null, c.mcnemar?.pHolm ?? null,
      c.grade?.bestRunMean ?? null, c.grade?.bestOfRuns ?? null,
    ]
      .map(csvCell)
      .join(','),
  );
  return `${[header.join(','), ...lines].join('\n')}\n`;
}
