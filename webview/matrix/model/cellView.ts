// What one matrix cell shows, and the same numbers in words for its tooltip and its screen-reader label.
import type { Interval, MetricsCell } from '../../../src/core/metrics/types';
import { higherIsWorse, measureInterval, measureLabel, measureSpoken, measureValue, type Measure } from './measures';
import * as l10n from '@vscode/l10n';

/** McNemar's test against the baseline, Holm-corrected across the row's languages, at this level. */
export const SIGNIFICANCE = 0.05;

export interface CellView {
  value: number | null;
  interval: Interval | null;
  /** value minus the baseline cell's value; null in the baseline column or without a baseline cell. */
  gap: number | null;
  /** A gap in the measure's bad direction (lower, or higher for the infra rate). */
  worse: boolean;
  significant: boolean;
  infra: number;
}

export function cellView(cell: MetricsCell | undefined, baseline: MetricsCell | undefined, measure: Measure, isBaseline: boolean): CellView {
  const value = cell ? measureValue(cell, measure) : null;
  const reference = baseline && !isBaseline ? measureValue(baseline, measure) : null;
  const gap = value !== null && reference !== null ? value - reference : null;
  return {
    value,
    interval: cell ? measureInterval(cell, measure) : null,
    gap,
    worse: gap !== null && (higherIsWorse(measure) ? gap > 0 : gap < 0),
    significant: !isBaseline && cell?.mcnemar != null && cell.mcnemar.pHolm < SIGNIFICANCE,
    infra: cell?.infra ?? 0,
  };
}

/** `72%`, or `0.72` for ρ^k (a ratio). */
export function formatValue(value: number | null, measure: Measure): string {
  if (value === null) return '–';
  return measure.kind === 'rho' ? value.toFixed(2) : `${Math.round(value * 100)}%`;
}

/** `−18`, `+4`, `±0` percentage points (hundredths for ρ^k). */
export function formatGap(gap: number | null, measure: Measure): string {
  if (gap === null) return '';
  const scaled = measure.kind === 'rho' ? gap : gap * 100;
  const rounded = measure.kind === 'rho' ? Number(scaled.toFixed(2)) : Math.round(scaled);
  if (rounded === 0) return '±0';
  const text = measure.kind === 'rho' ? Math.abs(rounded).toFixed(2) : String(Math.abs(rounded));
  return `${rounded < 0 ? '−' : '+'}${text}`;
}

function percent(value: number): string {
  return `${(value * 100).toFixed(1)}%`;
}

function points(value: number): string {
  const text = (Math.abs(value) * 100).toFixed(1);
  return `${value < 0 ? '−' : value > 0 ? '+' : '±'}${text} pp`;
}

export function formatP(p: number): string {
  if (p < 0.001) return p.toExponential(1);
  return p.toFixed(3);
}

function measureText(value: number | null, measure: Measure): string {
  if (value === null) return l10n.t('no value');
  return measure.kind === 'rho' ? value.toFixed(3) : percent(value);
}

export interface CellPlace {
  agent: string;
  setting: string | null;
  capability: string | null;
  language: string;
  baseline: string;
}

function placeText(place: CellPlace): string {
  return [place.agent, place.setting, place.language, place.capability ?? l10n.t('all capabilities')].filter((s) => s !== null).join(' · ');
}

/** The tooltip, one line each: where, the measure and its interval, the gap, Δpass^1 and its bootstrap, McNemar, counts. */
export function tooltipLines(cell: MetricsCell | undefined, view: CellView, measure: Measure, place: CellPlace): string[] {
  const lines = [placeText(place)];
  if (cell === undefined) return [...lines, l10n.t('no runs')];
  const interval = view.interval ? ` ${l10n.t('(95% CI {0}–{1}, Wilson)', percent(view.interval.low), percent(view.interval.high))}` : '';
  lines.push(`${measureLabel(measure)} ${measureText(view.value, measure)}${interval}`);
  if (view.gap !== null) {
    lines.push(l10n.t('gap to {0}: {1}', place.baseline, measure.kind === 'rho' ? view.gap.toFixed(3) : points(view.gap)));
  }
  if (cell.deltaPass1 !== null) {
    const boot = cell.bootstrap ? `, ${l10n.t('bootstrap 95% CI {0} to {1}', points(cell.bootstrap.low), points(cell.bootstrap.high))}` : '';
    lines.push(`Δpass^1 ${points(cell.deltaPass1)}${boot}`);
  }
  if (cell.mcnemar) {
    const { b, c, p, pHolm } = cell.mcnemar;
    const verdict = pHolm < SIGNIFICANCE ? l10n.t('significant at {0}', SIGNIFICANCE) : l10n.t('not significant at {0}', SIGNIFICANCE);
    lines.push(`McNemar b = ${b}, c = ${c}: p = ${formatP(p)}, Holm p = ${formatP(pHolm)} (${verdict})`);
  }
  const infra = cell.infra > 0 ? ` · ${l10n.t('{0} infra left out', cell.infra)}` : '';
  lines.push(`${l10n.t('{0} scenarios · {1} clean runs', cell.scenarios, cell.runs)}${infra}`);
  return lines;
}

function spokenPercent(value: number): string {
  return l10n.t('{0} percent', (value * 100).toFixed(1));
}

/** The cell in words for a screen reader: place, measure, interval, gap, significance, infrastructure runs. */
export function cellAriaLabel(cell: MetricsCell | undefined, view: CellView, measure: Measure, place: CellPlace): string {
  const where = `${place.agent}${place.setting ? `, ${l10n.t('setting {0}', place.setting)}` : ''}, ${place.language}, ${place.capability ?? l10n.t('all capabilities')}`;
  if (cell === undefined || view.value === null) return `${where}: ${l10n.t('no value')}`;
  const parts = [`${where}: ${measureSpoken(measure)} ${measure.kind === 'rho' ? view.value.toFixed(2) : spokenPercent(view.value)}`];
  if (view.interval) parts.push(l10n.t('95 percent interval {0} to {1}', spokenPercent(view.interval.low), spokenPercent(view.interval.high)));
  if (view.gap !== null) {
    const size = measure.kind === 'rho' ? Math.abs(view.gap).toFixed(2) : l10n.t('{0} points', (Math.abs(view.gap) * 100).toFixed(1));
    parts.push(
      view.gap === 0
        ? l10n.t('same as {0}', place.baseline)
        : view.gap < 0
          ? l10n.t('{0} below {1}', size, place.baseline)
          : l10n.t('{0} above {1}', size, place.baseline),
    );
  }
  if (cell.mcnemar) parts.push(view.significant ? l10n.t('significant, Holm p {0}', formatP(cell.mcnemar.pHolm)) : l10n.t('not significant'));
  if (cell.infra > 0) parts.push(cell.infra === 1 ? l10n.t('1 infrastructure run left out') : l10n.t('{0} infrastructure runs left out', cell.infra));
  return parts.join(', ');
}
