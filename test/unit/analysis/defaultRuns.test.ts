import { describe, expect, it } from 'vitest';
import { defaultBaselineRun, defaultTargetRun, runsOfLanguage } from '../../../src/core/analysis/defaultRuns';
import type { RunSummary } from '../../../src/core/model';
import { run } from './steps';

// What a comparison opens with when no run is named: the baseline's first pass against the target's first failure.

function runs(language: string, outcomes: Array<RunSummary['outcome']>): RunSummary[] {
  return outcomes.map((outcome, i) => run({ id: `${language}/run_${i + 1}`, language, runIndex: i + 1, outcome }));
}

describe('default compared runs', () => {
  it('picks the first passing baseline run and the first failing target run, in run order', () => {
    const all = [...runs('jpn', ['pass', 'infra', 'fail', 'fail']), ...runs('eng', ['fail', 'pass', 'pass'])].reverse();
    expect(defaultBaselineRun(runsOfLanguage(all, 'execution/scenario_a', 'eng'))?.runIndex).toBe(2);
    expect(defaultTargetRun(runsOfLanguage(all, 'execution/scenario_a', 'jpn'))?.runIndex).toBe(3);
  });

  it('falls back to the first run when no run has the wanted outcome, and to nothing when there is no run', () => {
    expect(defaultBaselineRun(runs('eng', ['fail', 'fail']))?.runIndex).toBe(1);
    expect(defaultTargetRun(runs('jpn', ['pass', 'infra']))?.runIndex).toBe(1);
    expect(defaultTargetRun([])).toBeUndefined();
    expect(runsOfLanguage(runs('jpn', ['fail']), 'execution/other', 'jpn')).toEqual([]);
  });

  it('never compares a run with itself when a language is compared with itself', () => {
    const deu = runs('deu', ['pass', 'pass', 'infra']);
    const baseline = defaultBaselineRun(deu);
    expect(baseline?.runIndex).toBe(1);
    expect(defaultTargetRun(deu, baseline)?.runIndex).toBe(2);
    const failing = runs('deu', ['fail', 'fail']);
    expect(defaultTargetRun(failing, defaultBaselineRun(failing))?.runIndex).toBe(2);
    const single = runs('deu', ['fail']);
    expect(defaultTargetRun(single, single[0])?.runIndex).toBe(1);
  });
});
