import { describe, expect, it } from 'vitest';
import { summarizeGroups } from '../../../src/core/analysis/groupSummary';
import { findRegressions } from '../../../src/core/analysis/regressions';
import type { Outcome, RunSummary } from '../../../src/core/model';

let counter = 0;

/** Runs of one (group, language): outcomes in run-index order, each with an optional failure family (`fail:tool_count`). */
function runs(group: string, language: string, ...specs: string[]): RunSummary[] {
  return specs.map((spec, i) => {
    const colon = spec.indexOf(':');
    const outcome = (colon < 0 ? spec : spec.slice(0, colon)) as Outcome;
    const family = colon < 0 ? undefined : spec.slice(colon + 1);
    counter++;
    return {
      id: `${group}/${language}/run_${i + 1}#${counter}`,
      path: `${group}/${language}/run_${i + 1}`,
      format: 'gaia2-cli',
      group,
      scenarioId: group.split('/').pop() ?? group,
      language,
      languageLabel: language,
      runIndex: i + 1,
      outcome,
      capability: 'execution',
      failureFamily: outcome === 'pass' ? null : (family ?? (outcome === 'infra' ? 'infra' : 'other')),
      failureReason: null,
      score: null,
      model: null,
      agent: null,
      setting: null,
    };
  });
}

describe('findRegressions', () => {
  it('flags a target that never passes as deterministic pass->fail with the first failure family', () => {
    const result = findRegressions([
      ...runs('s1', 'eng', 'pass', 'pass', 'pass'),
      ...runs('s1', 'jpn', 'fail:tool_count', 'fail:soft_check:email_checker', 'fail'),
    ]);
    expect(result).toEqual([
      {
        group: 's1',
        scenarioId: 's1',
        language: 'jpn',
        baseline: { passes: 3, runs: 3 },
        target: { passes: 0, runs: 3 },
        stratum: 'deterministic',
        cell: 'pass->fail',
        failureFamily: 'tool_count',
      },
    ]);
  });

  it('takes the failure family of the failing run with the lowest run index, whatever the input order', () => {
    const target = runs('s1', 'cmn', 'pass', 'fail:time', 'fail:causality').reverse();
    const [regression] = findRegressions([...runs('s1', 'eng', 'pass', 'pass', 'pass'), ...target]);
    expect(regression).toMatchObject({
      stratum: 'stochastic',
      cell: 'pass->partial',
      failureFamily: 'time',
      target: { passes: 1, runs: 3 },
    });
  });

  it('counts infrastructure-clean runs only', () => {
    // jpn: one infra crash and two passes → 2/2, as good as the baseline: no regression.
    // hin: infra, pass, fail → 1/2 against 3/3: stochastic, and the crash is not its failure family.
    const result = findRegressions([
      ...runs('s1', 'eng', 'pass', 'pass', 'pass'),
      ...runs('s1', 'jpn', 'infra', 'pass', 'pass'),
      ...runs('s1', 'hin', 'infra', 'pass', 'fail:hard_check:eq_checker'),
      ...runs('s1', 'spa', 'infra', 'infra', 'unknown'),
    ]);
    expect(result).toEqual([
      expect.objectContaining({
        language: 'hin',
        baseline: { passes: 3, runs: 3 },
        target: { passes: 1, runs: 2 },
        stratum: 'stochastic',
        failureFamily: 'hard_check:eq_checker',
      }),
    ]);
  });

  it('does not flag equal pass rates, including fail->fail and rates equal as fractions', () => {
    expect(
      findRegressions([
        ...runs('s1', 'eng', 'fail', 'fail', 'fail'),
        ...runs('s1', 'jpn', 'fail', 'fail', 'fail'),
        ...runs('s2', 'eng', 'pass', 'fail', 'infra'),
        ...runs('s2', 'jpn', 'pass', 'fail', 'pass', 'fail'),
        ...runs('s3', 'eng', 'pass', 'fail', 'pass'),
        ...runs('s3', 'jpn', 'pass', 'pass', 'pass'),
      ]),
    ).toEqual([]);
  });

  it('names the cells partial->fail and pass->partial', () => {
    const result = findRegressions([
      ...runs('s1', 'eng', 'pass', 'fail', 'pass'),
      ...runs('s1', 'jpn', 'fail', 'fail', 'fail'),
      ...runs('s1', 'cmn', 'pass', 'fail', 'fail'),
      ...runs('s2', 'eng', 'pass', 'pass'),
      ...runs('s2', 'jpn', 'fail', 'pass'),
    ]);
    expect(result.map((r) => `${r.group} ${r.language} ${r.stratum} ${r.cell}`)).toEqual([
      's1 jpn deterministic partial->fail',
      's1 cmn stochastic partial->partial',
      's2 jpn stochastic pass->partial',
    ]);
  });

  it('sorts deterministic regressions first, then by group and language', () => {
    const result = findRegressions([
      ...runs('b', 'eng', 'pass'), ...runs('b', 'jpn', 'fail'), ...runs('b', 'cmn', 'fail'),
      ...runs('a', 'eng', 'pass', 'pass'), ...runs('a', 'hin', 'pass', 'fail'), ...runs('a', 'spa', 'fail', 'fail'),
    ]);
    expect(result.map((r) => `${r.stratum} ${r.group} ${r.language}`)).toEqual([
      'deterministic a spa',
      'deterministic b cmn',
      'deterministic b jpn',
      'stochastic a hin',
    ]);
  });

  it('compares against the chosen baseline, given in any common form, and skips groups without it', () => {
    const all = [...runs('s1', 'eng', 'fail'), ...runs('s1', 'jpn', 'pass'), ...runs('s2', 'jpn', 'pass'), ...runs('s2', 'cmn', 'fail')];
    expect(findRegressions(all, 'ja').map((r) => `${r.group} ${r.language}`)).toEqual(['s1 eng', 's2 cmn']);
    expect(findRegressions(all, 'JPN')).toEqual(findRegressions(all, 'ja'));
    expect(findRegressions(all)).toEqual([]);
  });

  it('ignores a group whose baseline has no clean run', () => {
    expect(findRegressions([...runs('s1', 'eng', 'infra', 'infra'), ...runs('s1', 'jpn', 'fail')])).toEqual([]);
  });
});

describe('summarizeGroups', () => {
  it('gives per-language counts with the baseline first and regressed groups first', () => {
    const summaries = summarizeGroups([
      ...runs('a/ok', 'jpn', 'pass'), ...runs('a/ok', 'eng', 'pass'),
      ...runs('b/bad', 'jpn', 'infra', 'fail', 'fail'),
      ...runs('b/bad', 'eng', 'pass', 'pass', 'pass'),
      ...runs('b/bad', 'cmn', 'pass', 'pass', 'pass'),
    ]);
    expect(summaries.map((s) => [s.group, s.hasRegression])).toEqual([['b/bad', true], ['a/ok', false]]);
    const [bad] = summaries;
    const counts = bad?.languages.map((l) => ({
      language: l.language,
      passes: l.passes,
      runs: l.runs,
      infra: l.infra,
      total: l.total,
      regressed: l.regression !== null,
    }));
    expect(counts).toEqual([
      { language: 'eng', passes: 3, runs: 3, infra: 0, total: 3, regressed: false },
      { language: 'cmn', passes: 3, runs: 3, infra: 0, total: 3, regressed: false },
      { language: 'jpn', passes: 0, runs: 2, infra: 1, total: 3, regressed: true },
    ]);
    expect(bad?.languages[2]?.regression).toMatchObject({ stratum: 'deterministic', cell: 'pass->fail' });
    expect(bad?.languages[2]?.members.map((r) => r.runIndex)).toEqual([1, 2, 3]);
    expect(bad).toMatchObject({ scenarioId: 'bad', capability: 'execution' });
  });

  it('agrees with findRegressions', () => {
    const all = [
      ...runs('s1', 'eng', 'pass', 'fail'), ...runs('s1', 'jpn', 'fail', 'fail'),
      ...runs('s2', 'eng', 'pass'), ...runs('s2', 'hin', 'pass'),
    ];
    const fromSummary = summarizeGroups(all).flatMap((s) => s.languages.flatMap((l) => (l.regression ? [l.regression] : [])));
    expect(fromSummary).toEqual(findRegressions(all));
  });
});
