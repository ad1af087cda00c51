import { describe, expect, it } from 'vitest';
import { findSettingRegressions, settingViews } from '../../../src/core/analysis/settingViews';
import { SEATAU_GROUP, settingRuns } from '../index/settingRuns';

// SEATau: th run in two settings, each compared with the English setting alone.

const english = settingRuns('eng', 'english', ['pass', 'pass']);
const thaiTools = settingRuns('tha', 'l2_tools', ['fail', 'fail']);
const thaiInteraction = settingRuns('tha', 'l2_interaction', ['pass', 'pass']);

describe('settingViews', () => {
  it('gives each L2 setting its own view holding the English setting runs as well', () => {
    const views = settingViews([...thaiTools, ...english, ...thaiInteraction]);
    expect(views.map((v) => [v.setting, v.runs.map((r) => `${r.language} ${r.setting}`)])).toEqual([
      ['l2_interaction', ['eng english', 'eng english', 'tha l2_interaction', 'tha l2_interaction']],
      ['l2_tools', ['eng english', 'eng english', 'tha l2_tools', 'tha l2_tools']],
    ]);
  });

  it('keeps all runs in one view when there is no baseline setting (harness or phase settings) or nothing else', () => {
    const harnesses = [...settingRuns('deu', 'codex', ['pass']), ...settingRuns('deu', 'openclaw', ['fail'])];
    expect(settingViews(harnesses)).toEqual([{ setting: null, runs: harnesses }]);
    expect(settingViews(english)).toEqual([{ setting: null, runs: english }]);
    const plain = settingRuns('eng', null, ['pass']);
    expect(settingViews(plain)).toEqual([{ setting: null, runs: plain }]);
  });

  it('takes another baseline setting when told', () => {
    const runs = [...settingRuns('eng', 'original', ['pass']), ...settingRuns('tha', 'translated', ['fail'])];
    expect(settingViews(runs, 'original').map((v) => v.setting)).toEqual(['translated']);
  });
});

describe('findSettingRegressions', () => {
  it('finds the regression of a language in one setting that pooling with its other setting would hide as partial', () => {
    const runs = [...english, ...thaiTools, ...thaiInteraction];
    expect(findSettingRegressions(runs, 'eng')).toEqual([
      {
        group: SEATAU_GROUP,
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
    const runs = [...settingRuns('eng', null, ['pass', 'pass']), ...settingRuns('tha', null, ['pass', 'fail'])];
    expect(findSettingRegressions(runs, 'eng').map((r) => [r.language, r.cell, r.setting])).toEqual([['tha', 'pass->partial', null]]);
  });
});
