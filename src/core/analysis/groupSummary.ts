import type { Regression } from './regressionTypes';
import type { RunSummary } from '../model';
import { orderLanguages } from '../render/runLabels';
import { baselineCode, regressionOf, tallyGroups } from './regressions';

// What the Runs tree shows per group: each language's pass count against the baseline, regressions first.

export interface LanguageSummary {
  language: string;
  /** The label as found on disk (e.g. `ja`, `zh-CN`). */
  label: string;
  passes: number;
  /** Infrastructure-clean runs (pass or fail). */
  runs: number;
  /** Runs without a verdict (infra or unknown), not counted in the pass rate. */
  infra: number;
  /** All runs of the language, clean or not. */
  total: number;
  /** Null for the baseline and for languages that do at least as well as it. */
  regression: Regression | null;
  /** The language's runs, by run index. */
  members: RunSummary[];
}

export interface GroupSummary {
  group: string;
  scenarioId: string;
  capability: string | null;
  /** Baseline first, then the other languages by code. */
  languages: LanguageSummary[];
  hasRegression: boolean;
}

/** One entry per group: groups with a regression first, then by group. */
export function summarizeGroups(runs: readonly RunSummary[], baseline = 'eng'): GroupSummary[] {
  const base = baselineCode(baseline);
  const summaries: GroupSummary[] = [];
  for (const group of tallyGroups(runs).values()) {
    const reference = group.languages.get(base);
    const languages = orderLanguages([...group.languages.values()], base).map((tally): LanguageSummary => ({
      language: tally.language,
      label: tally.label,
      passes: tally.passes,
      runs: tally.clean,
      infra: tally.infra,
      total: tally.runs.length,
      regression: reference === undefined || tally === reference ? null : regressionOf(group, reference, tally),
      members: tally.runs,
    }));
    summaries.push({
      group: group.group,
      scenarioId: group.scenarioId,
      capability: group.capability,
      languages,
      hasRegression: languages.some((l) => l.regression !== null),
    });
  }
  return summaries.sort((a, b) =>
    a.hasRegression !== b.hasRegression ? (a.hasRegression ? -1 : 1) : a.group < b.group ? -1 : a.group > b.group ? 1 : 0,
  );
}
