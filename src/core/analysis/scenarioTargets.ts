import { languageCountText, orderLanguages, regressionText } from '../render/runLabels';
import type { GroupSummary, LanguageSummary } from './groupSummary';

// "Compare with Baseline" on a scenario: which of its languages is compared with the baseline. A lone regression is
// the obvious answer; otherwise the person picks, regressions first.

/** The group's languages other than the baseline: regressed first (deterministic before stochastic), then by code. */
export function targetLanguages(group: GroupSummary, baseline: string): LanguageSummary[] {
  const rank = (l: LanguageSummary): number => (l.regression?.stratum === 'deterministic' ? 0 : l.regression ? 1 : 2);
  return orderLanguages(group.languages, baseline)
    .filter((l) => l.language !== baseline)
    .sort((a, b) => rank(a) - rank(b));
}

export type ScenarioTargetChoice =
  /** No baseline run or no other language: nothing to compare. */
  | { kind: 'none' }
  /** Exactly one language regressed: compare it without asking. */
  | { kind: 'open'; language: LanguageSummary }
  /** Ask, offering these languages in this order. */
  | { kind: 'pick'; languages: LanguageSummary[] };

export function scenarioTargetChoice(group: GroupSummary, baseline: string): ScenarioTargetChoice {
  const targets = targetLanguages(group, baseline);
  if (targets.length === 0 || !group.languages.some((l) => l.language === baseline)) return { kind: 'none' };
  const regressed = targets.filter((l) => l.regression !== null);
  const [only] = regressed;
  if (regressed.length === 1 && only) return { kind: 'open', language: only };
  return { kind: 'pick', languages: targets };
}

/** `jpn 0/3 ↓ deterministic pass→fail · tool_count`; `fra 3/3` when the language did not regress. */
export function targetLanguageText(language: LanguageSummary): string {
  const { regression } = language;
  if (regression === null) return languageCountText(language);
  return [`${languageCountText(language)} ↓ ${regressionText(regression)}`, regression.failureFamily].filter(Boolean).join(' · ');
}
