import { describe, expect, it } from 'vitest';
import { checkTrajectory, loadTrajectory } from '../../../src/core/index/loadTrajectory';
import { NodeFileSource } from '../../../src/core/nodeFileSource';
import type { RunSummary } from '../../../src/core/model';
import { verdictTxtReader } from './tempTree';

const run: RunSummary = {
  id: 'en/scn_1',
  path: 'en/scn_1',
  format: 'canonical',
  group: 'scn_1',
  scenarioId: 'scn_1',
  language: 'eng',
  languageLabel: 'en',
  runIndex: 1,
  outcome: 'pass',
  capability: null,
  failureFamily: null,
  failureReason: null,
  score: null,
  model: null,
  agent: null,
  setting: null,
};
const fs = new NodeFileSource('/nonexistent');

describe('loadTrajectory', () => {
  it('dispatches to the reader of the run’s format', async () => {
    const reader = {
      ...verdictTxtReader,
      readTrajectory: (_fs: unknown, r: RunSummary, options?: { check?: boolean }) =>
        Promise.resolve({
          run: r,
          task: `checked: ${options?.check === true}`,
          steps: [],
          finalAnswer: null,
          oracle: [],
          checks: [],
          judge: [],
          diagnostics: [],
        }),
    };
    expect((await loadTrajectory(fs, run, { check: true }, [reader])).task).toBe('checked: true');
  });

  it('returns a diagnostic, not an exception, when no reader knows the format or the reader fails', async () => {
    expect((await loadTrajectory(fs, { ...run, format: 'tau2' }, {}, [verdictTxtReader])).diagnostics).toEqual([
      { path: 'en/scn_1', line: null, message: 'no reader for the tau2 format', severity: 'error' },
    ]);
    const failed = await loadTrajectory(fs, run, {}, [verdictTxtReader]);
    expect(failed).toMatchObject({
      run,
      steps: [],
      diagnostics: [{ path: 'en/scn_1', message: 'canonical reader failed: not used by the walk' }],
    });
  });

  it('checks through the reader’s checkRun where it has one, and reports its failure as loadTrajectory does', async () => {
    const problem = { path: 'en/scn_1/a.jsonl', line: 2, message: 'line 2 is not valid JSON', severity: 'error' as const };
    const checking = { ...verdictTxtReader, checkRun: () => Promise.resolve([problem]) };
    expect(await checkTrajectory(fs, run, [checking])).toEqual([problem]);
    const failing = { ...verdictTxtReader, checkRun: () => Promise.reject(new Error('not used by the walk')) };
    expect(await checkTrajectory(fs, run, [failing])).toEqual((await loadTrajectory(fs, run, { check: true }, [verdictTxtReader])).diagnostics);
    expect(await checkTrajectory(fs, { ...run, format: 'tau2' }, [checking])).toEqual([
      { path: 'en/scn_1', line: null, message: 'no reader for the tau2 format', severity: 'error' },
    ]);
  });
});
