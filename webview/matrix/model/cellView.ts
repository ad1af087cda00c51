// What one matrix cell shows, and the same numbers in words for its tooltip and its screen-reader label.
import type { Interval, MetricsCell } from '../../../src/core/metrics/types';
import { higherIsWorse, measureInterval, measureLabel, measureSpoken, measureValue, type Measure } from './measures';

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
  if (value === null) return 'no value';
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
  return [place.agent, place.setting, place.language, place.capability ?? 'all capabilities'].filter((s) => s !== null).join(' · ');
}

/** The tooltip, one line each: where, the measure and its interval, the gap, Δpass^1 and its bootstrap, McNemar, counts. */
export function tooltipLines(cell: MetricsCell | undefined, view: CellView, measure: Measure, place: CellPlace): string[] {
  const lines = [placeText(place)];
  if (cell === undefined) return [...lines, 'no runs'];
  const interval = view.interval ? ` (95% CI ${percent(view.interval.low)}–${percent(view.interval.high)}, Wilson)` : '';
  lines.push(`${measureLabel(measure)} ${measureText(view.value, measure)}${interval}`);
  if (view.gap !== null) {
    lines.push(`gap to ${place.baseline}: ${measure.kind === 'rho' ? view.gap.toFixed(3) : points(view.gap)}`);
  }
  if (cell.deltaPass1 !== null) {
    const boot = cell.bootstrap ? `, bootstrap 95% CI ${points(cell.bootstrap.low)} to ${points(cell.bootstrap.high)}` : '';
    lines.push(`Δpass^1 ${points(cell.deltaPass1)}${boot}`);
  }
  if (cell.mcnemar) {
    const { b, c, p, pHolm } = cell.mcnemar;
    const verdict = pHolm < SIGNIFICANCE ? 'significant' : 'not significant';
    lines.push(`McNemar b = ${b}, c = ${c}: p = ${formatP(p)}, Holm p = ${formatP(pHolm)} (${verdict} at ${SIGNIFICANCE})`);
  }
  const infra = cell.infra > 0 ? ` · ${cell.infra} infra left out` : '';
  lines.push(`${cell.scenarios} scenarios · ${cell.runs} clean runs${infra}`);
  return lines;
}

function spokenPercent(value: number): string {
  return `${(value * 100).toFixed(1)} percent`;
}

/** The cell in words for a screen reader: place, measure, interval, gap, significance, infrastructure runs. */
export function cellAriaLabel(cell: MetricsCell | undefined, view: CellView, measure: Measure, place: CellPlace): string {
  const where = `${place.agent}${place.setting ? `, setting ${place.setting}` : ''}, ${place.language}, ${place.capability ?? 'all capabilities'}`;
  if (cell === undefined || view.value === null) return `${where}: no value`;
  const parts = [`${where}: ${measureSpoken(measure)} ${measure.kind === 'rho' ? view.value.toFixed(2) : spokenPercent(view.value)}`];
  if (view.interval) parts.push(`95 percent interval ${spokenPercent(view.interval.low)} to ${spokenPercent(view.interval.high)}`);
  if (view.gap !== null) {
    const size = measure.kind === 'rho' ? Math.abs(view.gap).toFixed(2) : `${(Math.abs(view.gap) * 100).toFixed(1)} points`;
    parts.push(view.gap === 0 ? `same as ${place.baseline}` : `${size} ${view.gap < 0 ? 'below' : 'above'} ${place.baseline}`);
  }
  if (cell.mcnemar) parts.push(view.significant ? `significant, Holm p ${formatP(cell.mcnemar.pHolm)}` : 'not significant');
  if (cell.infra > 0) parts.push(`${cell.infra} infrastructure ${cell.infra === 1 ? 'run' : 'runs'} left out`);
  return parts.join(', ');
}
