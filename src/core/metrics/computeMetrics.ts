import { DEFAULT_SETTINGS } from '../index/runIndex';
import type { RunSummary } from '../model';
import type { BootstrapOptions } from './bootstrap';
import { cellMeasures } from './cellMeasures';
import { tallyCells, type CellIndex, type CellKey, type CellTally } from './cellTally';
import { ESTIMATORS } from './estimators';
import { comparePaired } from './pairedComparison';
import { holm } from './statistics';
import { verifierShares } from './verifierShares';
import type { MetricsCell, MetricsReport } from './types';

// The benchmark at a glance: every (agent, setting, capability, language) cell with its measures, compared with the
// baseline language's cell of the same agent, setting and capability. Reads verdicts only (no trajectory), so it
// runs on the index alone; the behavioural signatures, which need tool calls, come from computeSignatures.

export interface MetricsOptions extends BootstrapOptions {
  /** Baseline language (ISO 639-3). */
  baseline: string;
  /** Only this setting's runs (and the baseline setting's baseline-language runs); null or absent: every setting. */
  setting?: string | null;
  /**
   * The setting whose baseline-language cells are the baseline of a setting that has no baseline-language runs
   * (trajectory-lens.json `settings.baseline`); absent: SEATau's `english`; null: none.
   */
  baselineSetting?: string | null;
}

function compareText(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return a < b ? -1 : 1;
}

/** Rows by agent, setting and capability; in a row the baseline language first, then the others by code. */
function cellOrder(baseline: string): (a: CellKey, b: CellKey) => number {
  const rank = (c: CellKey): number => (c.language === baseline ? 0 : 1);
  return (a, b) =>
    compareText(a.agent, b.agent) ||
    compareText(a.setting, b.setting) ||
    compareText(a.capability, b.capability) ||
    rank(a) - rank(b) ||
    compareText(a.language, b.language);
}

function baselineSettingOf(options: MetricsOptions): string | null {
  return options.baselineSetting === undefined ? DEFAULT_SETTINGS.baseline : options.baselineSetting;
}

export function runsInScope(runs: readonly RunSummary[], options: MetricsOptions): readonly RunSummary[] {
  const setting = options.setting ?? null;
  if (setting === null) return runs;
  const baselineSetting = baselineSettingOf(options);
  return runs.filter((r) => r.setting === setting || (r.setting === baselineSetting && r.language === options.baseline));
}

/**
 * The cell a target cell is compared with: the baseline language's cell of the same agent, setting and capability,
 * else the baseline setting's; null for baseline-language cells and when there is none.
 */
export function baselineTally(tallies: CellIndex, target: CellKey, options: MetricsOptions): CellTally | null {
  if (target.language === options.baseline) return null;
  const own = tallies.get({ ...target, language: options.baseline });
  if (own !== undefined) return own;
  const baselineSetting = baselineSettingOf(options);
  if (baselineSetting === null || target.setting === baselineSetting) return null;
  return tallies.get({ ...target, setting: baselineSetting, language: options.baseline }) ?? null;
}

/** Cells of one level (per capability, or totals) compared with their baseline cells, Holm-corrected per row. */
function comparedCells(tallies: CellIndex, options: MetricsOptions): MetricsCell[] {
  const rows = new Map<string, MetricsCell[]>();
  const cells: MetricsCell[] = [];
  for (const tally of tallies.values()) {
    const cell = cellMeasures(tally);
    cells.push(cell);
    const reference = baselineTally(tallies, tally, options);
    if (reference === null) continue;
    const base = cellMeasures(reference);
    cell.deltaPass1 = cell.pass1 === null || base.pass1 === null ? null : cell.pass1 - base.pass1;
    const paired = comparePaired(tally, reference, options);
    cell.bootstrap = paired.bootstrap;
    cell.mcnemar = { b: paired.b, c: paired.c, p: paired.p, pHolm: paired.p };
    const row = JSON.stringify([tally.agent, tally.setting, tally.capability]);
    const members = rows.get(row);
    if (members) members.push(cell);
    else rows.set(row, [cell]);
  }
  for (const members of rows.values()) {
    const adjusted = holm(members.map((c) => c.mcnemar?.p ?? 1));
    members.forEach((c, k) => {
      if (c.mcnemar) c.mcnemar.pHolm = adjusted[k] as number;
    });
  }
  return cells.sort(cellOrder(options.baseline));
}

/**
 * Metrics of every cell and every (agent, setting, language) total, the verifier decomposition, and the estimators'
 * definitions. `signatures` is empty: computeSignatures fills it from trajectories.
 */
export function computeMetrics(runs: readonly RunSummary[], options: MetricsOptions): MetricsReport {
  const { cells, totals } = tallyCells(runsInScope(runs, options));
  const verifier = [...totals.values()]
    .sort(cellOrder(options.baseline))
    .flatMap((t) => verifierShares(t, baselineTally(totals, t, options)));
  return {
    baseline: options.baseline,
    baselineSetting: baselineSettingOf(options),
    cells: comparedCells(cells, options),
    totals: comparedCells(totals, options),
    verifier,
    signatures: [],
    estimators: { ...ESTIMATORS },
  };
}
