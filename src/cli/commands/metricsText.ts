import type { BehaviourSignature, Interval, MetricsCell, MetricsReport } from '../../core/metrics/types';
import { textTable } from '../textTable';

// `metrics` without --json: pass^1 with its Wilson interval, Δpass^1 with its bootstrap interval and the McNemar
// p-values per cell, a mark where the Holm-corrected difference is significant; then the behavioural signatures.

const SIGNIFICANT = 0.05;

function percent(value: number | null): string {
  return value === null ? '–' : `${(value * 100).toFixed(1)}%`;
}

function points(value: number | null): string {
  if (value === null) return '–';
  const text = (value * 100).toFixed(1);
  return `${value > 0 ? '+' : ''}${text === '-0.0' ? '0.0' : text} pp`;
}

function interval(value: Interval | null, show: (n: number) => string): string {
  return value === null ? '' : `[${show(value.low)}, ${show(value.high)}]`;
}

function pValue(p: number | null): string {
  return p === null ? '' : p < 0.001 ? '<0.001' : p.toFixed(3);
}

function decimal(value: number | null, digits = 2): string {
  return value === null ? '–' : value.toFixed(digits);
}

function cellRows(cells: readonly MetricsCell[], withCapability: boolean): string[][] {
  return cells.map((c) => [
    c.agent,
    c.setting ?? '',
    ...(withCapability ? [c.capability ?? ''] : []),
    c.language,
    String(c.runs),
    String(c.infra),
    percent(c.pass1),
    interval(c.wilson, percent),
    points(c.deltaPass1),
    interval(c.bootstrap, points),
    pValue(c.mcnemar?.p ?? null),
    pValue(c.mcnemar?.pHolm ?? null),
    c.mcnemar !== null && c.mcnemar.pHolm < SIGNIFICANT ? '*' : '',
  ]);
}

function cellTable(cells: readonly MetricsCell[], withCapability: boolean): string {
  const header = [
    'AGENT', 'SETTING', ...(withCapability ? ['CAPABILITY'] : []), 'LANGUAGE', 'RUNS', 'INFRA', 'PASS^1', '95% CI',
    'ΔPASS^1', '95% CI', 'P', 'P HOLM', '',
  ];
  return textTable(header, cellRows(cells, withCapability));
}

function signatureTable(signatures: readonly BehaviourSignature[]): string {
  return textTable(
    ['AGENT', 'SETTING', 'LANGUAGE', 'PAIRS', 'ΔTOOL CALLS', 'REGRESSED', 'HELD', 'WRITES', 'BASELINE WRITES', 'JSD POOLED', 'JSD PER SCENARIO'],
    signatures.map((s) => [
      s.agent, s.setting ?? '', s.language, String(s.pairs), decimal(s.toolCountDelta), decimal(s.toolCountDeltaRegressed),
      decimal(s.toolCountDeltaHeld), percent(s.writeShare), percent(s.writeShareBaseline), decimal(s.jsdPooled, 3),
      decimal(s.jsdPerScenario, 3),
    ]),
  );
}

export function metricsText(report: MetricsReport): string {
  if (report.cells.length === 0) return 'No runs to measure.\n';
  const settings = report.baselineSetting !== null && report.cells.some((c) => c.setting !== null);
  const against = settings ? `${report.baseline} (in the same setting, else in ${report.baselineSetting})` : report.baseline;
  const parts = [
    `Against ${against}; * = exact McNemar p < ${SIGNIFICANT} after Holm across the row's languages.`,
    `All capabilities\n${cellTable(report.totals, false)}`,
    `By capability\n${cellTable(report.cells, true)}`,
  ];
  if (report.signatures.length > 0) parts.push(`Behavioural signatures (matched runs against the baseline)\n${signatureTable(report.signatures)}`);
  return `${parts.join('\n\n')}\n`;
}
