import { defaultBaselineRun, defaultTargetRun, runsInSetting, runsOfLanguage, settingToCompare } from '../analysis/defaultRuns';
import { baselineCode } from '../analysis/regressions';
import type { FileSource } from '../fileSource';
import { loadTrajectory } from '../index/loadTrajectory';
import type { Regression } from '../analysis/regressionTypes';
import { DEFAULT_SETTINGS } from '../index/runIndex';
import { findSettingRegressions } from '../analysis/settingViews';
import type { RunSummary } from '../model';
import { labelItem, type LabelItem } from './labelRecord';
import { suggestCode } from './suggestCode';
import type { Suggestion } from './suggestion';
import type { TranslationProblem } from './translationSuspicion';
import { byRunOrder } from '../index/runOrder';

// What there is to triage: every regression of the worklist, as a (group, language) pair, and every run that has
// no verdict (crashed, timed out, verdict unreadable), as a single run: those are left out of the pass rates.
// Runs compared setting by setting (SEATau) give one item per (group, language, setting), as `regressions` lists them.

export interface TriageItem {
  item: LabelItem;
  scenarioId: string;
  capability: string | null;
  /** The regression a pair item is; null for a single run. */
  regression: Regression | null;
}

export type StratumDimension = 'determinism' | 'language' | 'capability';

/** The item's stratum along the given dimensions, e.g. `deterministic/jpn/execution`; single runs have determinism `run`. */
export function stratumOf(entry: TriageItem, by: readonly StratumDimension[]): string {
  const parts = by.map((dimension) =>
    dimension === 'determinism'
      ? (entry.regression?.stratum ?? 'run')
      : dimension === 'language'
        ? entry.item.language
        : (entry.capability ?? 'unknown'),
  );
  return parts.length === 0 ? 'all' : parts.join('/');
}

/**
 * Regressions first (deterministic, then stochastic), then runs without a verdict in run order.
 * `baselineSetting` is the setting the other settings are compared with (trajectory-lens.json `settings.baseline`).
 */
export function triageItems(runs: readonly RunSummary[], baseline = 'eng', baselineSetting = DEFAULT_SETTINGS.baseline): TriageItem[] {
  const capabilities = new Map<string, string>();
  for (const run of runs) if (run.capability !== null && !capabilities.has(run.group)) capabilities.set(run.group, run.capability);
  const pairs = findSettingRegressions(runs, baseline, baselineSetting).map(({ setting, ...regression }) => ({
    item: labelItem(regression.group, regression.language, null, setting),
    scenarioId: regression.scenarioId,
    capability: capabilities.get(regression.group) ?? null,
    regression,
  }));
  const unjudged = runs
    .filter((run) => run.outcome === 'infra' || run.outcome === 'unknown')
    .sort(byRunOrder)
    .map((run) => ({
      item: labelItem(run.group, run.language, run.runIndex, run.setting),
      scenarioId: run.scenarioId,
      capability: capabilities.get(run.group) ?? null,
      regression: null,
    }));
  return [...pairs, ...unjudged];
}

export interface ComparedRuns {
  /** The baseline language's first passing run, else its first run; null when the group has none. */
  baseline: RunSummary | null;
  /** The item's run; for a pair, the target language's first failing run, else its first run. */
  target: RunSummary;
}

/**
 * The runs the prior reads for an item, picked as the compare view picks them by default, in the item's setting (for
 * an item without one, the language's first failing setting); null when the item has no run.
 */
export function comparedRuns(
  runs: readonly RunSummary[],
  item: LabelItem,
  baseline = 'eng',
  baselineSetting = DEFAULT_SETTINGS.baseline,
): ComparedRuns | null {
  const setting = item.setting ?? settingToCompare(runsOfLanguage(runs, item.group, item.language));
  const view = runsInSetting(runs, setting, baselineSetting);
  const own = runsOfLanguage(view, item.group, item.language);
  const target = item.run === null ? defaultTargetRun(own) : own.find((r) => r.runIndex === item.run);
  if (target === undefined) return null;
  return { baseline: defaultBaselineRun(runsOfLanguage(view, item.group, baselineCode(baseline))) ?? null, target };
}

export interface PriorOptions {
  baseline?: string;
  /** trajectory-lens.json `settings.baseline`. */
  baselineSetting?: string;
  translationProblems?: readonly TranslationProblem[];
}

/** The automatic prior for one item; null when the item names no run of the index. */
export async function suggestForItem(
  fs: FileSource,
  runs: readonly RunSummary[],
  item: LabelItem,
  options: PriorOptions = {},
): Promise<Suggestion | null> {
  const picked = comparedRuns(runs, item, options.baseline, options.baselineSetting);
  if (picked === null) return null;
  const [target, baseline] = await Promise.all([
    loadTrajectory(fs, picked.target),
    picked.baseline && picked.baseline.id !== picked.target.id ? loadTrajectory(fs, picked.baseline) : null,
  ]);
  return suggestCode({ target, baseline, translationProblems: options.translationProblems });
}

// Trajectories are loaded a few at a time: enough to hide file latency, few enough to keep memory flat.
const LOADS_IN_FLIGHT = 4;

/** The prior for each item, in the items' order (null for items that name no run). */
export async function suggestForItems(
  fs: FileSource,
  runs: readonly RunSummary[],
  items: readonly LabelItem[],
  options: PriorOptions = {},
): Promise<Array<Suggestion | null>> {
  const results: Array<Suggestion | null> = items.map(() => null);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const k = next++;
      results[k] = await suggestForItem(fs, runs, items[k] as LabelItem, options);
    }
  };
  await Promise.all(Array.from({ length: Math.min(LOADS_IN_FLIGHT, items.length) }, worker));
  return results;
}
