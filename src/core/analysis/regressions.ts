import type { CellState, Regression } from './regressionTypes';
import { languageCode } from '../language/normalizeLanguage';
import type { RunSummary } from '../model';
import { byRunOrder } from '../index/runOrder';

// The OmnilingualGAIA2 regression worklist: a (group, target language) whose pass rate, over
// infrastructure-clean runs, is below the baseline language's.

/** One language's runs in one group. */
export interface LanguageTally {
  language: string;
  /** The label as found on disk for the first run (e.g. `ja`, `zh-CN`). */
  label: string;
  passes: number;
  /** Infrastructure-clean runs (pass or fail): the denominator of the pass rate. */
  clean: number;
  /** Runs without a verdict (infra or unknown), left out of the rate. */
  infra: number;
  /** The language's runs, by run index. */
  runs: RunSummary[];
}

export interface GroupTally {
  group: string;
  scenarioId: string;
  capability: string | null;
  languages: Map<string, LanguageTally>;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** `eng`, `en`, `EN` → `eng`; anything else is used as written, in lower case. */
export function baselineCode(baseline: string): string {
  return languageCode(baseline) ?? baseline.trim().toLowerCase();
}

/** Groups runs by group, then language, in one pass. */
export function tallyGroups(runs: readonly RunSummary[]): Map<string, GroupTally> {
  const groups = new Map<string, GroupTally>();
  for (const run of runs) {
    let group = groups.get(run.group);
    if (group === undefined) {
      group = { group: run.group, scenarioId: run.scenarioId, capability: run.capability, languages: new Map() };
      groups.set(run.group, group);
    }
    group.capability ??= run.capability;
    let tally = group.languages.get(run.language);
    if (tally === undefined) {
      tally = { language: run.language, label: run.languageLabel, passes: 0, clean: 0, infra: 0, runs: [] };
      group.languages.set(run.language, tally);
    }
    tally.runs.push(run);
    if (run.outcome === 'pass' || run.outcome === 'fail') {
      tally.clean++;
      if (run.outcome === 'pass') tally.passes++;
    } else {
      tally.infra++;
    }
  }
  for (const group of groups.values()) {
    for (const tally of group.languages.values()) {
      tally.runs.sort(byRunOrder);
    }
  }
  return groups;
}

function cellState(tally: LanguageTally): CellState {
  return tally.passes === tally.clean ? 'pass' : tally.passes === 0 ? 'fail' : 'partial';
}

/** The regression of `target` against `baseline` in a group, or null when the target does at least as well. */
export function regressionOf(group: GroupTally, baseline: LanguageTally, target: LanguageTally): Regression | null {
  if (baseline.clean === 0 || target.clean === 0) return null;
  // Cross-multiplied so that 2/3 vs 4/6 compare equal without floating point.
  if (target.passes * baseline.clean >= baseline.passes * target.clean) return null;
  const firstFailure = target.runs.find((run) => run.outcome === 'fail');
  return {
    group: group.group,
    scenarioId: group.scenarioId,
    language: target.language,
    baseline: { passes: baseline.passes, runs: baseline.clean },
    target: { passes: target.passes, runs: target.clean },
    stratum: target.passes === 0 ? 'deterministic' : 'stochastic',
    cell: `${cellState(baseline)}->${cellState(target)}`,
    failureFamily: firstFailure?.failureFamily ?? null,
  };
}

/** Deterministic regressions first, then by group and language. */
export function compareRegressions(a: Regression, b: Regression): number {
  if (a.stratum !== b.stratum) return a.stratum === 'deterministic' ? -1 : 1;
  return compareText(a.group, b.group) || compareText(a.language, b.language);
}

/** Every (group, target language) that regresses against the baseline language (default eng). */
export function findRegressions(runs: readonly RunSummary[], baseline = 'eng'): Regression[] {
  const base = baselineCode(baseline);
  const regressions: Regression[] = [];
  for (const group of tallyGroups(runs).values()) {
    const reference = group.languages.get(base);
    if (reference === undefined) continue;
    for (const target of group.languages.values()) {
      if (target.language === base) continue;
      const regression = regressionOf(group, reference, target);
      if (regression !== null) regressions.push(regression);
    }
  }
  return regressions.sort(compareRegressions);
}
