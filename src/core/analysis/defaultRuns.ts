import type { RunSummary } from '../model';
import { byRunOrder } from '../index/runOrder';

// The runs a comparison reads when none is named: the baseline language's first passing run against the target
// language's first failing run, the pair that shows why one passes where the other fails.

/** The runs of one group in one language, in run order. */
export function runsOfLanguage(runs: readonly RunSummary[], group: string, language: string): RunSummary[] {
  return runs.filter((r) => r.group === group && r.language === language).sort(byRunOrder);
}

/** The first passing run, else the first run (of runs in run order). */
export function defaultBaselineRun(runs: readonly RunSummary[]): RunSummary | undefined {
  return runs.find((r) => r.outcome === 'pass') ?? runs[0];
}

/**
 * The first failing run, else the first run (of runs in run order). When a language is compared with itself, the
 * baseline's run is passed over: a run compared with itself shows nothing.
 */
export function defaultTargetRun(runs: readonly RunSummary[], baseline?: RunSummary): RunSummary | undefined {
  const others = runs.filter((r) => r.id !== baseline?.id);
  return others.find((r) => r.outcome === 'fail') ?? others[0] ?? runs[0];
}

// Benchmarks that run a language in several settings (SEATau l2_interaction, l2_tools…) compare one setting at a time
// with the baseline setting: the runs of one setting are never pooled with another's.

/** The settings of the runs, by name. */
export function settingsOf(runs: readonly RunSummary[]): string[] {
  return [...new Set(runs.flatMap((r) => (r.setting === null ? [] : [r.setting])))].sort();
}

/** The setting compared when none is named: the first (by name) with a failing run, else the first; null without settings. */
export function settingToCompare(runs: readonly RunSummary[]): string | null {
  const settings = settingsOf(runs);
  return settings.find((s) => runs.some((r) => r.setting === s && r.outcome === 'fail')) ?? settings[0] ?? null;
}

/**
 * The runs a comparison in `setting` may read: that setting's, the baseline setting's and those without a setting
 * (as settingViews groups them); every run when `setting` is null.
 */
export function runsInSetting(runs: readonly RunSummary[], setting: string | null, baselineSetting: string): RunSummary[] {
  if (setting === null) return [...runs];
  return runs.filter((r) => r.setting === null || r.setting === setting || r.setting === baselineSetting);
}
