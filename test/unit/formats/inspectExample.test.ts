import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildIndex } from '../../../src/core/index/buildIndex';
import { loadTrajectory } from '../../../src/core/index/loadTrajectory';
import { NodeFileSource } from '../../../src/core/nodeFileSource';

// examples/inspect shows what its README promises: two items in English and Japanese, two epochs each.

const fs = new NodeFileSource(join(__dirname, '../../../examples/inspect'));

describe('examples/inspect', () => {
  it('pairs English and Japanese samples by item, with the epoch as run number', async () => {
    const index = await buildIndex(fs);
    expect(index.diagnostics).toEqual([]);
    expect(index.runs.map((r) => `${r.group} ${r.language} ${r.runIndex} ${r.outcome}`)).toEqual([
      'logs/price_check#q1 eng 1 pass',
      'logs/price_check#q1 eng 2 pass',
      'logs/price_check#q1 jpn 1 pass',
      'logs/price_check#q1 jpn 2 fail',
      'logs/price_check#q2 eng 1 pass',
      'logs/price_check#q2 eng 2 pass',
      'logs/price_check#q2 jpn 1 pass',
      'logs/price_check#q2 jpn 2 fail',
    ]);
  });

  it('rebuilds the condensed sample from its message pool: the Japanese lookup fails and the agent gives up', async () => {
    const run = (await buildIndex(fs)).runs.find((r) => r.id.endsWith('#q1-jpn_epoch_2'));
    if (!run) throw new Error('no q1-jpn epoch 2');
    const t = await loadTrajectory(fs, run, { check: true });
    expect(t.diagnostics).toEqual([]);
    expect(t.steps.map((s) => (s.kind === 'message' ? s.role : `${s.tool} ${JSON.stringify(s.args)} ${s.error ?? ''}`))).toEqual([
      'system',
      'user',
      'lookup_price {"item":"青いやかん"} no item named 青いやかん in the catalog',
      'assistant',
    ]);
    expect(t.steps[0]?.kind === 'message' && t.steps[0].text).toMatch(/^You are a shopping assistant/);
  });

  it('shows the grader model explaining the partial credit of the unconverted comparison', async () => {
    const run = (await buildIndex(fs)).runs.find((r) => r.id.endsWith('#q2-jpn_epoch_2'));
    if (!run) throw new Error('no q2-jpn epoch 2');
    const t = await loadTrajectory(fs, run);
    expect(t.judge).toEqual([expect.objectContaining({ check: 'model_graded_qa', llm: true, matched: false })]);
    expect(t.judge[0]?.rationale).toContain('without converting');
    expect(t.checks.map((c) => `${c.name} ${String(c.passed)}`)).toEqual(['score · match false', 'score · model_graded_qa false', 'target null']);
  });
});
