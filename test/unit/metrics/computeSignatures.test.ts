import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildIndex } from '../../../src/core/index/buildIndex';
import { loadTrajectory } from '../../../src/core/index/loadTrajectory';
import type { RunSummary, Step, ToolCallStep } from '../../../src/core/model';
import { computeSignatures } from '../../../src/core/metrics/computeSignatures';
import { NodeFileSource } from '../../../src/core/nodeFileSource';

function call(tool: string, write = false, requestor: ToolCallStep['requestor'] = 'assistant'): ToolCallStep {
  const [app, fn] = tool.split('__') as [string, string];
  return { kind: 'tool_call', tool, app, fn, args: {}, result: null, error: null, write, requestor, reasoning: null, time: null, callId: null };
}

function run(language: string, scenario: string, runIndex: number, outcome: RunSummary['outcome']): RunSummary {
  return {
    id: `${language}/${scenario}/${runIndex}`, path: `${language}/${scenario}`, format: 'canonical', group: scenario,
    scenarioId: scenario, language, languageLabel: language, runIndex, outcome, capability: 'cap',
    failureFamily: outcome === 'fail' ? 'other' : null, failureReason: null, score: null, model: null, agent: 'a', setting: null,
  };
}

describe('behavioural signatures', () => {
  // s1 holds (passes in both); s2 regresses (eng passes, jpn fails). Run 2 of s2 is infra in jpn: not a pair.
  const runs = [
    run('eng', 's1', 1, 'pass'), run('jpn', 's1', 1, 'pass'),
    run('eng', 's2', 1, 'pass'), run('jpn', 's2', 1, 'fail'),
    run('eng', 's2', 2, 'pass'), run('jpn', 's2', 2, 'infra'),
  ];
  const steps: Record<string, Step[]> = {
    'eng/s1/1': [call('Mail__search'), call('Mail__send', true)],
    'jpn/s1/1': [call('Mail__search'), call('Mail__send', true), call('Mail__send', true)],
    'eng/s2/1': [call('Cal__list'), call('Cal__add', true), call('Cal__list', false, 'user')],
    'jpn/s2/1': [call('Cal__list'), call('Cal__list'), call('Cal__list'), call('Cal__delete', true), call('Cal__add', true)],
  };
  const loaded: string[] = [];
  const load = async (r: RunSummary): Promise<Step[]> => {
    loaded.push(r.id);
    return steps[r.id] ?? [];
  };

  it('compares matched clean pairs: tool counts, write shares and tool-choice divergence', async () => {
    const [signature, ...rest] = await computeSignatures(runs, { baseline: 'eng', load });
    expect(rest).toEqual([]);
    // pairs s1/1 and s2/1; the user's own call does not count. Deltas: 3 − 2 = 1 and 5 − 2 = 3.
    expect(signature).toMatchObject({ agent: 'a', setting: null, language: 'jpn', pairs: 2, toolCountDelta: 2 });
    // s2 regressed (1/1 → 0/1), s1 held
    expect(signature?.toolCountDeltaRegressed).toBe(3);
    expect(signature?.toolCountDeltaHeld).toBe(1);
    // writes: jpn 2 + 2 of 8 calls, eng 1 + 1 of 4
    expect(signature?.writeShare).toBeCloseTo(4 / 8, 12);
    expect(signature?.writeShareBaseline).toBeCloseTo(2 / 4, 12);
    // s1: {search 1, send 2} vs {search 1, send 1}; JSD = H(M) − (H(P) + H(Q)) / 2 with M = (5/12, 7/12)
    const h = (...p: number[]) => -p.reduce((s, x) => s + (x > 0 ? x * Math.log2(x) : 0), 0);
    const s1 = h(5 / 12, 7 / 12) - (h(1 / 3, 2 / 3) + h(1 / 2, 1 / 2)) / 2;
    // s2: {list 3, delete 1, add 1} vs {list 1, add 1}: M = (list 0.55, delete 0.1, add 0.35)
    const s2 = h(0.55, 0.1, 0.35) - (h(0.6, 0.2, 0.2) + h(0.5, 0.5)) / 2;
    expect(signature?.jsdPerScenario).toBeCloseTo((s1 + s2) / 2, 12);
    // pooled: jpn {search 1, send 2, list 3, delete 1, add 1} (8) vs eng {search 1, send 1, list 1, add 1} (4)
    const p = [1 / 8, 2 / 8, 3 / 8, 1 / 8, 1 / 8];
    const q = [1 / 4, 1 / 4, 1 / 4, 0, 1 / 4];
    const m = p.map((x, i) => (x + (q[i] as number)) / 2);
    expect(signature?.jsdPooled).toBeCloseTo(h(...m) - (h(...p) + h(...q)) / 2, 12);
    // each matched run loaded once; the unpaired ones not at all
    expect(new Set(loaded)).toEqual(new Set(['eng/s1/1', 'jpn/s1/1', 'eng/s2/1', 'jpn/s2/1']));
  });

  it('reads the example GAIA2 trajectories through the readers', async () => {
    const fs = new NodeFileSource(join(__dirname, '../../../examples/gaia2-multilingual'));
    const index = await buildIndex(fs);
    const signatures = await computeSignatures(index.runs, { baseline: 'eng', load: async (r) => (await loadTrajectory(fs, r)).steps });
    expect(signatures.map((s) => s.language)).toEqual(['cmn', 'fra', 'hin', 'jpn', 'spa']);
    // fra: 24 eng and 22 clean fra runs, all paired except the two infra runs
    expect(signatures.find((s) => s.language === 'fra')?.pairs).toBe(22);
    for (const s of signatures) {
      expect(s.jsdPooled).toBeGreaterThanOrEqual(0);
      expect(s.jsdPooled).toBeLessThanOrEqual(1);
      expect(s.writeShare).toBeGreaterThan(0);
    }
  });
});
