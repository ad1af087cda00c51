import { compareRegressions, findRegressions } from './regressions';
import type { RunSummary } from '../model';
import { DEFAULT_SETTINGS } from '../index/runIndex';
import type { SettingRegression } from './regressionTypes';

// Benchmarks like SEATauBench run one language in several settings (th × l2_interaction, th × l2_tools,
// th × l2_domain), each compared with the English setting. Pass rates of one language in two settings must not be
// pooled, so the runs are split into one view per setting, each holding that setting's runs and the baseline
// setting's: within a view a (group, language) is one setting's runs again, and everything that pairs runs by group
// and language works on it unchanged.

export interface SettingView {
  /** The compared setting; null for the one view of runs not split by setting. */
  setting: string | null;
  runs: RunSummary[];
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * One view per setting other than the baseline setting (by name), each with the baseline setting's runs and runs
 * without a setting; a single view of every run when no run is in the baseline setting or no run in another.
 */
export function settingViews(runs: readonly RunSummary[], baselineSetting = DEFAULT_SETTINGS.baseline): SettingView[] {
  const shared: RunSummary[] = [];
  const bySetting = new Map<string, RunSummary[]>();
  let baselineRuns = 0;
  for (const run of runs) {
    if (run.setting === null || run.setting === baselineSetting) {
      shared.push(run);
      if (run.setting !== null) baselineRuns++;
      continue;
    }
    const list = bySetting.get(run.setting);
    if (list) list.push(run);
    else bySetting.set(run.setting, [run]);
  }
  if (baselineRuns === 0 || bySetting.size === 0) return [{ setting: null, runs: [...runs] }];
  return [...bySetting]
    .sort(([a], [b]) => compareText(a, b))
    .map(([setting, own]) => ({ setting, runs: [...shared, ...own] }));
}

/** Regressions of every setting against the baseline setting, in the baseline language; ordered like findRegressions. */
export function findSettingRegressions(
  runs: readonly RunSummary[],
  baseline = 'eng',
  baselineSetting = DEFAULT_SETTINGS.baseline,
): SettingRegression[] {
  return settingViews(runs, baselineSetting)
    .flatMap((view) => findRegressions(view.runs, baseline).map((r) => ({ ...r, setting: view.setting })))
    .sort((a, b) => compareRegressions(a, b) || compareText(a.setting ?? '', b.setting ?? ''));
}
