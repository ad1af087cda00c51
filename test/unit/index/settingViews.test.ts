import { describe, expect, it } from 'vitest';
import { findSettingRegressions, settingViews } from '../../../src/core/index/settingViews';
import type { Outcome, RunSummary } from '../../../src/core/model';
import { run } from '../analysis/steps';

// SEATau: th run in two settings, each compared with the English setting alone.

function tau2(language: string, setting: string | null, outcomes: Outcome[], group = 'sims/airline#14'): RunSummary[] {
  return outcomes.map((outcome, trial) =>
    run({
      id: `sims/${language}_${setting ?? 'none'}#${group}-${trial}`,
      path: `sims/${language}_${setting ?? 'none'}`,
      format: 'tau2',
      group,
      scenarioId: group.split('#')[1] ?? group,
      language,
      languageLabel: language,
      runIndex: trial,
      outcome,
      failureFamily: outcome === 'fail' ? 'db_mismatch' : null,
      setting,
    }),
  );
}

const english = tau2('eng', 'english', ['pass', 'pass']);
const thaiTools = tau2('tha', 'l2_tools', ['fail', 'fail']);
const thaiInteraction = tau2('tha', 'l2_interaction', ['pass', 'pass']);

describe('settingViews', () => {
  it('gives each L2 setting its own view holding the English setting runs as well', () => {
    const views = settingViews([...thaiTools, ...english, ...thaiInteraction]);
    expect(views.map((v) => [v.setting, v.runs.map((r) => `${r.language} ${r.setting}`)])).toEqual([
      ['l2_interaction', ['eng english', 'eng english', 'tha l2_interaction', 'tha l2_interaction']],
      ['l2_tools', ['eng english', 'eng english', 'tha l2_tools', 'tha l2_tools']],
    ]);
  });

  it('keeps all runs in one view when there is no baseline setting (harness or phase settings) or nothing else', () => {
    const harnesses = [...tau2('deu', 'codex', ['pass']), ...tau2('deu', 'openclaw', ['fail'])];
    expect(settingViews(harnesses)).toEqual([{ setting: null, runs: harnesses }]);
    expect(settingViews(english)).toEqual([{ setting: null, runs: english }]);
    const plain = tau2('eng', null, ['pass']);
    expect(settingViews(plain)).toEqual([{ setting: null, runs: plain }]);
  });

  it('takes another baseline setting when told', () => {
    const runs = [...tau2('eng', 'original', ['pass']), ...tau2('tha', 'translated', ['fail'])];
    expect(settingViews(runs, 'original').map((v) => v.setting)).toEqual(['translated']);
  });
});

describe('findSettingRegressions', () => {
  it('finds the regression of a language in one setting that pooling with its other setting would hide as partial', () => {
    const runs = [...english, ...thaiTools, ...thaiInteraction];
    expect(findSettingRegressions(runs, 'eng')).toEqual([
      {
        group: 'sims/airline#14',
        scenarioId: '14',
        language: 'tha',
        baseline: { passes: 2, runs: 2 },
        target: { passes: 0, runs: 2 },
        stratum: 'deterministic',
        cell: 'pass->fail',
        failureFamily: 'db_mismatch',
        setting: 'l2_tools',
      },
    ]);
  });

  it('tags regressions of runs without settings with setting null', () => {
    const runs = [...tau2('eng', null, ['pass', 'pass']), ...tau2('tha', null, ['pass', 'fail'])];
    expect(findSettingRegressions(runs, 'eng').map((r) => [r.language, r.cell, r.setting])).toEqual([['tha', 'pass->partial', null]]);
  });
});
