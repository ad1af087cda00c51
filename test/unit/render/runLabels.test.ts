import { describe, expect, it } from 'vitest';
import {
  countText,
  languageCountsText,
  regressionText,
  scenarioLabel,
  sharedSetting,
  toolDisplayName,
  verdictText,
  type LanguageCount,
} from '../../../src/core/render/runLabels';
import { regression } from '../analysis/regressionFixture';

function count(language: string, passes: number, runs: number, extra: Partial<LanguageCount> = {}): LanguageCount {
  return { language, passes, runs, infra: 0, regression: null, ...extra };
}

describe('languageCountsText', () => {
  it('puts the baseline first and marks regressed languages with ↓', () => {
    const languages = [
      count('jpn', 1, 3, { regression: regression('jpn', 'stochastic') }),
      count('cmn', 0, 3, { regression: regression('cmn') }),
      count('eng', 3, 3),
      count('spa', 3, 3),
    ];
    expect(languageCountsText(languages, 'eng')).toBe('eng 3/3 · cmn 0/3 ↓ · jpn 1/3 ↓ · spa 3/3');
  });

  it('counts the pass rate over infrastructure-clean runs and names the infrastructure failures', () => {
    expect(languageCountsText([count('eng', 3, 3), count('hin', 1, 2, { infra: 1 })], 'eng')).toBe(
      'eng 3/3 · hin 1/2 (1 infra)',
    );
  });

  it('follows another baseline language', () => {
    expect(languageCountsText([count('eng', 3, 3), count('cmn', 0, 3)], 'cmn')).toBe('cmn 0/3 · eng 3/3');
  });
});

describe('short labels', () => {
  it('names a regression by stratum and cell with an arrow', () => {
    expect(regressionText(regression('jpn'))).toBe('deterministic pass→fail');
    expect(regressionText({ stratum: 'stochastic', cell: 'pass->partial' })).toBe('stochastic pass→partial');
  });

  it('shows verdicts with a mark', () => {
    expect([verdictText('pass'), verdictText('fail'), verdictText('infra'), verdictText('unknown')]).toEqual([
      '✓ pass',
      '✗ fail',
      '⚠ infra',
      '? unknown',
    ]);
  });

  it('names scenarios by id, and bare task numbers as tasks', () => {
    expect(scenarioLabel('scn_email_budget')).toBe('scn_email_budget');
    expect(scenarioLabel('14')).toBe('task 14');
  });

  it('names tools as App.function and counts with the right plural', () => {
    expect(toolDisplayName('EmailClientV2__send_email')).toBe('EmailClientV2.send_email');
    expect(toolDisplayName('get_order')).toBe('get_order');
    expect(countText(1, 'regression')).toBe('1 regression');
    expect(countText(12, 'regression')).toBe('12 regressions');
  });

  it('names the setting all runs share, and none when they differ or have none', () => {
    expect(sharedSetting([{ setting: 'l2_domain' }, { setting: 'l2_domain' }])).toBe('l2_domain');
    expect(sharedSetting([{ setting: 'l2_domain' }, { setting: 'l2_tools' }])).toBeNull();
    expect(sharedSetting([{ setting: null }, { setting: null }])).toBeNull();
    expect(sharedSetting([])).toBeNull();
  });
});
