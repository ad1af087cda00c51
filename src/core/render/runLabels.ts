// Short texts the views show for runs, languages and regressions. Pure, so views and tests agree on them.
import type { Outcome } from '../model';
import type { Regression } from '../analysis/regressionTypes';

/** Pass counts of one language in one group, over infrastructure-clean runs (`runs`) plus the infrastructure failures. */
export interface LanguageCount {
  language: string;
  passes: number;
  runs: number;
  infra: number;
  regression: Regression | null;
}

const VERDICTS: Record<Outcome, string> = { pass: '✓ pass', fail: '✗ fail', infra: '⚠ infra', unknown: '? unknown' };

/** `✓ pass`, `✗ fail`, `⚠ infra`, `? unknown`. */
export function verdictText(outcome: Outcome): string {
  return VERDICTS[outcome];
}

/** `pass->fail` → `pass→fail`. */
export function cellText(cell: Regression['cell']): string {
  return cell.replace('->', '→');
}

/** `deterministic pass→fail`. */
export function regressionText(regression: Pick<Regression, 'stratum' | 'cell'>): string {
  return `${regression.stratum} ${cellText(regression.cell)}`;
}

/** `jpn 0/3`, with infrastructure failures (not counted in the rate) added as `jpn 0/2 (1 infra)`. */
export function languageCountText(count: LanguageCount): string {
  const infra = count.infra > 0 ? ` (${count.infra} infra)` : '';
  return `${count.language} ${count.passes}/${count.runs}${infra}`;
}

/** Baseline first, then the other languages by code. */
export function orderLanguages<T extends { language: string }>(languages: readonly T[], baseline: string): T[] {
  return [...languages].sort((a, b) => {
    if (a.language === baseline || b.language === baseline) return a.language === baseline ? -1 : 1;
    return a.language.localeCompare(b.language);
  });
}

/** `eng 3/3 · cmn 0/3 ↓ · jpn 1/3 ↓`: baseline first, regressed languages marked with ↓. */
export function languageCountsText(languages: readonly LanguageCount[], baseline: string): string {
  return orderLanguages(languages, baseline)
    .map((count) => `${languageCountText(count)}${count.regression ? ' ↓' : ''}`)
    .join(' · ');
}

/** `App__function` → `App.function`, the way people name tools. */
export function toolDisplayName(tool: string): string {
  const split = tool.indexOf('__');
  return split > 0 ? `${tool.slice(0, split)}.${tool.slice(split + 2)}` : tool;
}

/** How a scenario is named in lists: its id, or `task 14` when the id is a bare number (tau2 task ids). */
export function scenarioLabel(scenarioId: string): string {
  return /^\d+$/.test(scenarioId) ? `task ${scenarioId}` : scenarioId;
}

/** The benchmark setting every run shares (SEATau `l2_domain`…); null when there is none or the runs differ. */
export function sharedSetting(runs: readonly { setting: string | null }[]): string | null {
  const settings = new Set(runs.map((run) => run.setting));
  const [only] = settings;
  return settings.size === 1 && only !== undefined ? only : null;
}

/** `1 regression`, `12 regressions`. */
export function countText(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
