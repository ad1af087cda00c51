import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildIndex } from '../../../src/core/index/buildIndex';
import type { RunSummary } from '../../../src/core/model';
import { computeMetrics } from '../../../src/core/metrics/computeMetrics';
import type { MetricsCell, MetricsReport } from '../../../src/core/metrics/types';
import { NodeFileSource } from '../../../src/core/nodeFileSource';

// Every expected number below is worked out by hand from the example runs (listed in the comments).

const EXAMPLES = join(__dirname, '../../../examples');

async function runsOf(example: string): Promise<RunSummary[]> {
  return (await buildIndex(new NodeFileSource(join(EXAMPLES, example)))).runs;
}

function cell(cells: readonly MetricsCell[], where: Partial<MetricsCell>): MetricsCell {
  const found = cells.filter((c) => Object.entries(where).every(([k, v]) => c[k as keyof MetricsCell] === v));
  expect(found).toHaveLength(1);
  return found[0] as MetricsCell;
}

describe('metrics of the GAIA2 example (agent-a, eng baseline)', () => {
  let report: MetricsReport;
  beforeAll(async () => {
    report = computeMetrics(await runsOf('gaia2-multilingual'), { baseline: 'eng' });
  });

  it('names the agent from the <agent> folder and puts the baseline language first in each row', () => {
    const row = report.cells.filter((c) => c.capability === 'execution');
    expect(row.map((c) => c.language)).toEqual(['eng', 'cmn', 'fra', 'hin', 'jpn', 'spa']);
    expect(new Set(report.cells.map((c) => c.agent))).toEqual(new Set(['agent-a']));
  });

  it('leaves infrastructure runs out of every denominator and counts them apart (fra execution)', () => {
    // call_scheduling 3/3, email_budget 3/3, offsite_planning fail, infra (timeout), pass → 1/2,
    // viewing_reply 3/3, yoga_cleanup pass, infra, pass → 2/2
    const fra = cell(report.cells, { capability: 'execution', language: 'fra' });
    expect(fra).toMatchObject({ scenarios: 5, runs: 13, infra: 2, passes: 12 });
    expect(fra.infraRate).toBeCloseTo(2 / 15, 12);
    // pass^1 = (1 + 1 + 1/2 + 1 + 1) / 5
    expect(fra.pass1).toBeCloseTo(0.9, 12);
    // pass^2 over all five (n ≥ 2): offsite C(1,2)/C(2,2) = 0; pass^3 only over the three with n = 3, all passing
    expect(fra.passHatK).toEqual({ '1': expect.closeTo(0.9, 12), '2': expect.closeTo(0.8, 12), '3': 1 });
    // pass@2 of offsite: 1 − C(1,2)/C(2,2) = 1
    expect(fra.passAtK).toEqual({ '1': expect.closeTo(0.9, 12), '2': 1, '3': 1 });
    expect(fra.rhoK['2']).toBeCloseTo(0.8 / 0.9, 12);
    // Wilson of 12 passes in 13 clean runs
    expect(fra.wilson?.low).toBeCloseTo(0.6666, 3);
    expect(fra.wilson?.high).toBeCloseTo(0.9863, 3);
  });

  it('pairs runs by (scenario, run index), both clean, for McNemar (fra execution against eng)', () => {
    // eng passes all 15. Pairs: offsite run 1 (eng pass, fra fail) → b = 1; offsite run 2 and yoga run 2 are infra.
    const fra = cell(report.cells, { capability: 'execution', language: 'fra' });
    expect(fra.mcnemar).toMatchObject({ b: 1, c: 0, p: 1 });
    expect(fra.deltaPass1).toBeCloseTo(0.9 - 1, 12);
    // differences per scenario 0, 0, −1/2, 0, 0: the bootstrap's bounds, worked out as in statistics.test.ts
    expect(fra.bootstrap).toEqual({ low: expect.closeTo(-0.3, 12), high: 0 });
  });

  it('Holm-corrects McNemar p across the languages of a row', () => {
    // execution: hin and jpn fail 6 paired runs eng passes (p = 2/64), cmn and spa 3 (p = 2/8), fra 1 (p = 1).
    // Holm over five: 5 × 1/32 = 0.15625 (twice), 3 × 1/4 = 0.75 (twice), then 1.
    const row = report.cells.filter((c) => c.capability === 'execution' && c.mcnemar !== null);
    const byLanguage = Object.fromEntries(row.map((c) => [c.language, c.mcnemar]));
    expect(byLanguage.hin).toMatchObject({ b: 6, c: 0, p: expect.closeTo(1 / 32, 12), pHolm: expect.closeTo(0.15625, 12) });
    expect(byLanguage.jpn?.pHolm).toBeCloseTo(0.15625, 12);
    expect(byLanguage.cmn).toMatchObject({ b: 3, c: 0, p: expect.closeTo(0.25, 12), pHolm: expect.closeTo(0.75, 12) });
    expect(byLanguage.spa?.pHolm).toBeCloseTo(0.75, 12);
    expect(byLanguage.fra?.pHolm).toBe(1);
  });

  it('gives baseline cells no comparison', () => {
    const eng = cell(report.cells, { capability: 'execution', language: 'eng' });
    expect(eng).toMatchObject({ pass1: 1, deltaPass1: null, bootstrap: null, mcnemar: null });
  });

  it('sums a language over its capabilities in the totals (capability null)', () => {
    // fra: adaptability 1 scenario 3/3, ambiguity 1 scenario 2/3, execution as above, search 1 scenario 0/3
    // → pass^1 = (1 + 2/3 + 1 + 1 + 1/2 + 1 + 1 + 0) / 8
    const fra = cell(report.totals, { language: 'fra' });
    expect(fra).toMatchObject({ capability: null, scenarios: 8, infra: 2 });
    expect(fra.pass1).toBeCloseTo((1 + 2 / 3 + 1 + 1 + 0.5 + 1 + 1 + 0) / 8, 12);
  });

  it('decomposes failures by family per language, against the baseline', () => {
    // fra: 22 clean runs; failures: offsite tool_count, coffee_reorder hard_check:eq_checker, 3 search runs
    const fra = report.verifier.filter((v) => v.language === 'fra');
    const rate = (family: string) => fra.find((v) => v.family === family);
    expect(rate('tool_count')?.rate).toBeCloseTo(1 / 22, 12);
    const eng = report.verifier.filter((v) => v.language === 'eng');
    expect(eng.every((v) => v.delta === null)).toBe(true);
    for (const share of fra) {
      const base = eng.find((v) => v.family === share.family)?.rate ?? 0;
      expect(share.delta).toBeCloseTo(share.rate - base, 12);
    }
  });

  it('names an estimator for every measure of the report', () => {
    for (const name of ['pass1', 'passHatK', 'passAtK', 'rhoK', 'wilson', 'bootstrap', 'mcnemar', 'pHolm', 'gradeBestRunMean']) {
      expect(report.estimators[name]).toMatch(/\w/);
    }
    expect(report.estimators.passHatK).toMatch(/tau2/);
    expect(report.estimators.gaia2AnyPass).toMatch(/gaia2-cli/);
    expect(report.estimators.gradeBestRunMean).toMatch(/PolyWorkBench/);
  });
});

describe('metrics of the SEATau example: settings against the english setting', () => {
  it('compares an l2 setting’s languages with the english setting’s English runs', async () => {
    const report = computeMetrics(await runsOf('tau2-seatau'), { baseline: 'eng' });
    // l2_tools cmn: task 14 fail, pass; task 27 pass, no verdict; task 3 pass, infra → 1/2, 1/1, 1/1
    const cmn = cell(report.cells, { setting: 'l2_tools', language: 'cmn' });
    expect(cmn).toMatchObject({ agent: 'llm_agent gpt-4.1', capability: 'airline', scenarios: 3, runs: 4, infra: 2 });
    expect(cmn.pass1).toBeCloseTo((0.5 + 1 + 1) / 3, 12);
    // k = 2 only over task 14 (the only one with two clean runs): C(1,2)/C(2,2) = 0
    expect(cmn.passHatK).toEqual({ '1': expect.closeTo(2.5 / 3, 12), '2': 0 });
    // english eng passes all 6; the paired runs: 14/0 (fail) → b = 1
    expect(cmn.mcnemar).toMatchObject({ b: 1, c: 0 });
    expect(cmn.deltaPass1).toBeCloseTo(2.5 / 3 - 1, 12);
  });

  it('keeps only one setting (and the baseline) with `setting`', async () => {
    const report = computeMetrics(await runsOf('tau2-seatau'), { baseline: 'eng', setting: 'l2_tools' });
    expect(new Set(report.cells.map((c) => c.setting))).toEqual(new Set(['english', 'l2_tools']));
  });
});

describe('metrics of the PolyWorkBench example', () => {
  it('reads a k = 1 cell and the Grade measures', async () => {
    const report = computeMetrics(await runsOf('polywork'), { baseline: 'deu' });
    // codex: run 1 passes (Grade 0.95), run 2 timed out → one clean run, k = 1 only
    const codex = cell(report.cells, { agent: 'openai/gpt-5.1-codex' });
    expect(codex).toMatchObject({ runs: 1, infra: 1, pass1: 1, passHatK: { '1': 1 }, passAtK: { '1': 1 } });
    expect(codex.grade).toEqual({ runs: 1, bestRunMean: 0.95, bestOfRuns: 0.95 });
    // openclaw: Grades 0.868 (run 1) and 0.432 (run 2): best run's mean 0.868, best of runs 0.868
    const openclaw = cell(report.cells, { agent: 'minimax/MiniMax-M2.7' });
    expect(openclaw.grade).toEqual({ runs: 2, bestRunMean: 0.868, bestOfRuns: 0.868 });
    expect(openclaw.passHatK).toEqual({ '1': 0.5, '2': 0 });
    expect(openclaw.passAtK).toEqual({ '1': 0.5, '2': 1 });
  });
});

describe('metrics on runs built by hand', () => {
  function run(agent: string, language: string, scenario: string, runIndex: number, outcome: RunSummary['outcome'], extra: Partial<RunSummary> = {}): RunSummary {
    return {
      id: `${agent}/${language}/${scenario}/${runIndex}`, path: `${agent}/${language}/${scenario}`, format: 'canonical',
      group: `${agent}/${scenario}`, scenarioId: scenario, language, languageLabel: language, runIndex, outcome,
      capability: 'cap', failureFamily: outcome === 'fail' ? 'other' : null, failureReason: null, score: null,
      model: null, agent, setting: null, ...extra,
    };
  }

  it('means pass^k over the scenarios with at least k clean runs when run counts differ', () => {
    // s1: 4 runs, 3 pass; s2: 2 runs, 1 pass; s3: 1 run, passes
    const runs = [
      ...[1, 2, 3, 4].map((i) => run('a', 'eng', 's1', i, i === 4 ? 'fail' : 'pass')),
      run('a', 'eng', 's2', 1, 'pass'), run('a', 'eng', 's2', 2, 'fail'),
      run('a', 'eng', 's3', 1, 'pass'),
    ];
    const [only] = computeMetrics(runs, { baseline: 'eng' }).cells;
    expect(only?.pass1).toBeCloseTo((3 / 4 + 1 / 2 + 1) / 3, 12);
    // k = 2 over s1, s2: (C(3,2)/C(4,2) + C(1,2)/C(2,2)) / 2 = (3/6 + 0) / 2
    expect(only?.passHatK['2']).toBeCloseTo(0.25, 12);
    // k = 3, 4 over s1 only: C(3,3)/C(4,3) = 1/4, C(3,4) = 0
    expect(only?.passHatK['3']).toBeCloseTo(0.25, 12);
    expect(only?.passHatK['4']).toBe(0);
    // pass@2: s1 1 − C(1,2)/C(4,2) = 1, s2 1 − C(1,2)/C(2,2) = 1
    expect(only?.passAtK['2']).toBe(1);
  });

  it('groups by agent, and reads an agent without a baseline language as having no comparison', () => {
    const runs = [run('a', 'eng', 's1', 1, 'pass'), run('a', 'jpn', 's1', 1, 'fail'), run('b', 'jpn', 's1', 1, 'pass')];
    const report = computeMetrics(runs, { baseline: 'eng' });
    expect(report.cells.map((c) => `${c.agent} ${c.language}`)).toEqual(['a eng', 'a jpn', 'b jpn']);
    expect(cell(report.cells, { agent: 'a', language: 'jpn' }).mcnemar).toMatchObject({ b: 1, c: 0, p: 1, pHolm: 1 });
    expect(cell(report.cells, { agent: 'b', language: 'jpn' })).toMatchObject({ deltaPass1: null, mcnemar: null, bootstrap: null });
  });

  it('leaves a cell of only infrastructure runs without measures', () => {
    const runs = [run('a', 'eng', 's1', 1, 'pass'), run('a', 'jpn', 's1', 1, 'infra'), run('a', 'jpn', 's1', 2, 'unknown')];
    const jpn = cell(computeMetrics(runs, { baseline: 'eng' }).cells, { language: 'jpn' });
    expect(jpn).toMatchObject({ scenarios: 0, runs: 0, infra: 2, infraRate: 1, pass1: null, passHatK: {}, wilson: null, deltaPass1: null });
    expect(jpn.mcnemar).toMatchObject({ b: 0, c: 0, p: 1 });
    expect(jpn.bootstrap).toBeNull();
  });
});
