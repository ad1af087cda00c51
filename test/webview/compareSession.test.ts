// The host side of a compare panel under Node: which runs it shows, what the pickers offer, which files the webview
// may open, and that switching reuses loaded runs.
import { describe, expect, it } from 'vitest';
import type { RunSummary, Trajectory } from '../../src/core/model';
import { CompareSession } from '../../src/host/compare/compareSession';
import { testCompareDirectory } from '../fixtures/testCompareDirectory';
import { message, runSummary, tool } from './fixtures/comparisons';
import { noLabels } from './fixtures/labels';

function trajectory(run: RunSummary): Trajectory {
  const query = run.language === 'eng' ? 'Zhang Wei' : '張偉';
  return {
    run,
    task: 'Email Zhang Wei.',
    steps: [message('user', 'Email Zhang Wei.'), tool('Contacts__search_contacts', { query }, [])],
    finalAnswer: null,
    oracle: [],
    checks: [],
    judge: [],
    diagnostics: run.runIndex === 3 ? [{ path: `${run.path}/events.jsonl`, line: 4, message: 'truncated line', severity: 'warning' }] : [],
  };
}

function source(runs: RunSummary[], load: (run: RunSummary) => Trajectory = trajectory) {
  const { directory, loads } = testCompareDirectory(runs, load, { runFiles: ['events.jsonl', 'result.json'] });
  return { src: directory, loads };
}

const eng = [1, 2, 3].map((runIndex) => runSummary({ language: 'eng', runIndex }));
const jpn = [3, 1, 2].map((runIndex) => runSummary({ language: 'jpn', runIndex, outcome: 'fail', failureFamily: 'tool_count' }));
const otherScenario = runSummary({ language: 'jpn', runIndex: 1, group: 'execution/scn_other', path: 'jpn/run_1/execution/scn_other' });

describe('compare session', () => {
  it('shows the two runs with their comparison, files, reader problems and the runs 1..N each side can switch to', async () => {
    const { src } = source([...eng, ...jpn, otherScenario]);
    const session = new CompareSession(src, eng[0] as RunSummary, jpn[1] as RunSummary);
    const state = await session.state(5);
    expect(state.comparison.baseline.run.id).toBe('eng/run_1/execution/scn_email_budget');
    expect(state.comparison.target.run.id).toBe('jpn/run_1/execution/scn_email_budget');
    expect(state.comparison.rows.length).toBeGreaterThan(0);
    expect(state.reveal).toBe(5);
    expect(state.runDir).toBe('file:///runs');
    expect(state.files.target).toEqual(['jpn/run_1/execution/scn_email_budget/events.jsonl', 'jpn/run_1/execution/scn_email_budget/result.json']);
    expect(state.choices.target.map((c) => c.runIndex)).toEqual([1, 2, 3]);
    expect(state.choices.baseline.map((c) => [c.runIndex, c.outcome])).toEqual([
      [1, 'pass'],
      [2, 'pass'],
      [3, 'pass'],
    ]);
  });

  it('switches one side to another run of its language, and reports a run that does not exist', async () => {
    const { src } = source([...eng, ...jpn]);
    const session = new CompareSession(src, eng[0] as RunSummary, jpn[1] as RunSummary);
    const before = await session.state(null);
    const after = await session.switchRun('target', 3);
    expect(after.revision).toBeGreaterThan(before.revision);
    expect(after.comparison.target.run.runIndex).toBe(3);
    expect(after.diagnostics.target).toEqual([
      { path: 'jpn/run_3/execution/scn_email_budget/events.jsonl', line: 4, message: 'truncated line', severity: 'warning' },
    ]);
    await expect(session.switchRun('baseline', 9)).rejects.toThrow('There is no run 9 of eng');
    expect(session.runs.baseline.runIndex).toBe(1);
  });

  it('swaps sides, and keeps loaded runs so switching back reads nothing again', async () => {
    const { src, loads } = source([...eng, ...jpn]);
    const session = new CompareSession(src, eng[0] as RunSummary, jpn[1] as RunSummary);
    await session.state(null);
    const swapped = await session.swapSides();
    expect(swapped.comparison.baseline.run.language).toBe('jpn');
    expect(swapped.comparison.target.run.language).toBe('eng');
    await session.switchRun('baseline', 2);
    await session.switchRun('baseline', 1);
    expect(loads).toEqual(['eng/run_1/execution/scn_email_budget', 'jpn/run_1/execution/scn_email_budget', 'jpn/run_2/execution/scn_email_budget']);
  });

  it('answers the handshake with the labels only when the webview shows the current revision', async () => {
    const { src } = source([...eng, ...jpn]);
    const session = new CompareSession(src, eng[0] as RunSummary, jpn[1] as RunSummary);
    const shown = await session.state(null);
    expect(await session.ready(shown.revision)).toEqual({ kind: 'current', labels: noLabels() });
    const switched = await session.switchRun('target', 3);
    const answer = await session.ready(shown.revision);
    expect(answer.kind).toBe('changed');
    expect(answer.kind === 'changed' && answer.state.revision).toBe(switched.revision);
    expect(answer.kind === 'changed' && answer.state.comparison.target.run.runIndex).toBe(3);
  });

  it('lets the webview open only files of the two compared runs', () => {
    const { src } = source([...eng, ...jpn]);
    const session = new CompareSession(src, eng[0] as RunSummary, jpn[1] as RunSummary);
    expect(session.allowsFile('eng/run_1/execution/scn_email_budget/events.jsonl')).toBe(true);
    expect(session.allowsFile('jpn/run_1/execution/scn_email_budget/result.json')).toBe(true);
    expect(session.allowsFile('jpn/run_2/execution/scn_email_budget/result.json')).toBe(false);
    expect(session.allowsFile('eng/run_1/execution/scn_email_budget_other/result.json')).toBe(false);
    expect(session.allowsFile('trajectory-lens.json')).toBe(false);
  });

  it('shows a run whose reader fails with the failure as the run’s problem, and reads it again after a re-index', async () => {
    let fail = true;
    const { src, loads } = source([...eng, ...jpn], (run) => {
      if (fail && run.language === 'jpn') throw new Error('disk unavailable');
      return trajectory(run);
    });
    const session = new CompareSession(src, eng[0] as RunSummary, jpn[1] as RunSummary);
    const failed = await session.state(null);
    expect(failed.diagnostics.target).toEqual([
      { path: 'jpn/run_1/execution/scn_email_budget', line: null, message: 'gaia2-cli reader failed: disk unavailable', severity: 'error' },
    ]);
    expect(failed.comparison.target.steps).toEqual([]);
    fail = false;
    const reread = await session.refresh();
    expect(reread?.diagnostics.target).toEqual([]);
    expect(reread?.comparison.target.steps.length).toBe(2);
    expect(loads.filter((id) => id.startsWith('jpn/run_1')).length).toBe(2);
  });

  it('follows a re-index: same runs reloaded, a run that disappeared reported', async () => {
    const runs = [...eng, ...jpn];
    const { src, loads } = source(runs);
    const session = new CompareSession(src, eng[0] as RunSummary, jpn[1] as RunSummary);
    await session.state(null);
    expect(await session.refresh()).not.toBeNull();
    expect(loads.filter((id) => id.startsWith('eng/run_1')).length).toBe(2);
    runs.splice(runs.indexOf(jpn[1] as RunSummary), 1);
    expect(await session.refresh()).toBeNull();
  });
});
