import { describe, expect, it } from 'vitest';
import { findRegressions } from '../../../src/core/analysis/regressions';
import { buildIndex } from '../../../src/core/index/buildIndex';
import type { RunSummary } from '../../../src/core/model';
import { info, json, results, reward, simulation, type Json } from '../../fixtures/tau2/builders';
import { tempTrees } from '../index/tempTree';

const tree = tempTrees();

async function index(files: Record<string, string>): Promise<RunSummary[]> {
  const built = await buildIndex(await tree(files));
  expect(built.diagnostics).toEqual([]);
  return built.runs;
}

/** A results file with task 1 in trials 0 and 1, passing or failing as `outcomes` says. */
function run(outcomes: [boolean, boolean], extraInfo: Json = {}): string {
  const sims = outcomes.map((pass, trial) => simulation(`sim-${trial}-${String(pass)}`, '1', trial, { reward_info: reward(pass ? 1 : 0) }));
  return json(results(sims, { info: info(extraInfo) }));
}

function cells(runs: readonly RunSummary[]) {
  return runs.map((r) => ({ group: r.group, language: r.language, label: r.languageLabel, runIndex: r.runIndex, scenarioId: r.scenarioId, setting: r.setting }));
}

describe('tau2 runs pair across languages on (run folder without timestamp and language, task id, trial)', () => {
  it('pairs SEATau run folders named <timestamp>_<domain>_<lang>_<agent>_<user>, whatever states the language', async () => {
    const runs = await index({
      // English baseline: no language anywhere but the folder name.
      'data/simulations/20250601_101500_airline_en_gpt-4.1_gpt-4.1/results.json': run([true, true], { seatau_info: { experiment_name: 'english' } }),
      'data/simulations/20250601_113000_airline_th_gpt-4.1_gpt-4.1/results.json': run([false, false], { lang_id: 'th', seatau_info: { experiment_name: 'l2_domain' } }),
      'data/simulations/2025-06-02T09-00-00_airline_vi_gpt-4.1_gpt-4.1/results.json': run([true, false], { seatau_info: { experiment_name: 'l2_interaction', run_language: 'vi' } }),
    });
    const group = 'data/simulations/airline_gpt-4.1_gpt-4.1#1';
    expect(cells(runs)).toEqual([
      { group, language: 'eng', label: 'en', runIndex: 0, scenarioId: '1', setting: 'english' },
      { group, language: 'eng', label: 'en', runIndex: 1, scenarioId: '1', setting: 'english' },
      { group, language: 'tha', label: 'th', runIndex: 0, scenarioId: '1', setting: 'l2_domain' },
      { group, language: 'tha', label: 'th', runIndex: 1, scenarioId: '1', setting: 'l2_domain' },
      { group, language: 'vie', label: 'vi', runIndex: 0, scenarioId: '1', setting: 'l2_interaction' },
      { group, language: 'vie', label: 'vi', runIndex: 1, scenarioId: '1', setting: 'l2_interaction' },
    ]);
    expect(findRegressions(runs, 'eng').map((r) => [r.language, r.cell, r.failureFamily])).toEqual([
      ['tha', 'pass->fail', 'db_mismatch'],
      ['vie', 'pass->partial', 'db_mismatch'],
    ]);
  });

  it('pairs archives filed by setting (<setting>/<run>/results.json) and keeps agents apart', async () => {
    const runs = await index({
      'data/simulations/english/airline_en_gpt-4.1/results.json': run([true, true], { seatau_info: { experiment_name: 'english' } }),
      'data/simulations/l2_tools/airline_zh_gpt-4.1/results.json': run([true, true], { lang_id: 'zh', seatau_info: { experiment_name: 'l2_tools' } }),
      'data/simulations/l2_tools/airline_zh_qwen3-32b/results.json': run([true, true], { lang_id: 'zh', seatau_info: { experiment_name: 'l2_tools' } }),
    });
    expect([...new Set(runs.map((r) => `${r.group} ${r.language}`))]).toEqual([
      'data/simulations/airline_gpt-4.1#1 cmn',
      'data/simulations/airline_gpt-4.1#1 eng',
      'data/simulations/airline_qwen3-32b#1 cmn',
    ]);
  });

  it('uses a language folder of the path, and reads plain tau2-bench runs as English', async () => {
    const runs = await index({
      'runs/en/retail_run/results.json': run([true, true]),
      'runs/ja/retail_run/results.json': run([true, true], { lang_id: 'ja' }),
      'runs/id/retail_run/results.json': run([true, true]),
    });
    expect([...new Set(runs.map((r) => `${r.group} ${r.language} ${r.languageLabel}`))]).toEqual([
      'runs/retail_run#1 eng en',
      'runs/retail_run#1 ind id',
      'runs/retail_run#1 jpn ja',
    ]);
    const plain = await index({ 'data/simulations/2025-06-01_retail_gpt-4.1.json.d/results.json': run([true, true]) });
    expect(plain.map((r) => [r.language, r.languageLabel])).toEqual([
      ['eng', 'en'],
      ['eng', 'en'],
    ]);
  });
});
