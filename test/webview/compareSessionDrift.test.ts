// The host puts each run's language drift into the compare state, and follows the runs when a side switches.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildIndex } from '../../src/core/index/buildIndex';
import type { RunSummary } from '../../src/core/model';
import { NodeFileSource } from '../../src/core/nodeFileSource';
import { CompareSession } from '../../src/host/compare/compareSession';
import { noLabels } from './fixtures/labels';

const EXAMPLE = join(__dirname, '../../examples/tau2-seatau');

describe('compare session language drift', () => {
  it('carries the drift of both runs of the SEATau Thai task 14 pair, and of the run switched to', async () => {
    const fs = new NodeFileSource(EXAMPLE);
    const index = await buildIndex(fs);
    const runs = index.runs.filter((r) => r.scenarioId === '14');
    const pick = (language: string, runIndex: number) => runs.find((r) => r.language === language && r.runIndex === runIndex) as RunSummary;
    const session = new CompareSession(
      { uri: 'file:///tau2-seatau', current: () => ({ fs, index }), labels: async () => noLabels() },
      pick('eng', 0),
      pick('tha', 0),
    );
    const state = await session.state(null);
    expect(state.drift.target.turns.filter((t) => t.offTarget).map((t) => t.step)).toEqual([6]);
    expect([state.drift.target.score, state.drift.target.fileScore]).toEqual([0.75, 0.75]);
    expect(state.drift.baseline.score).toBe(1);

    const switched = await session.switchRun('target', 1);
    expect(switched.drift.target.turns.some((t) => t.offTarget)).toBe(false);
    expect([switched.drift.target.score, switched.drift.target.fileScore]).toEqual([1, 1]);
  });
});
