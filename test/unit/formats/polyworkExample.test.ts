import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildIndex } from '../../../src/core/index/buildIndex';
import { loadTrajectory } from '../../../src/core/index/loadTrajectory';
import { NodeFileSource } from '../../../src/core/nodeFileSource';

// examples/polywork shows what its README promises: one task, two harnesses, two runs each.

const fs = new NodeFileSource(join(__dirname, '../../../examples/polywork'));

describe('examples/polywork', () => {
  it('indexes four runs of one task in one German group, numbered per harness', async () => {
    const index = await buildIndex(fs);
    expect(index.diagnostics).toEqual([]);
    expect(index.runs.map((r) => [r.setting, r.runIndex, r.outcome, r.score, r.failureFamily])).toEqual([
      ['codex', 1, 'pass', 0.95, null],
      ['openclaw', 1, 'pass', 0.868, null],
      ['codex', 2, 'infra', null, 'timeout'],
      ['openclaw', 2, 'fail', 0.432, 'dimension:output_language'],
    ]);
    expect(new Set(index.runs.map((r) => `${r.group} ${r.language} ${r.format}`))).toEqual(new Set(['output/LOC-07_de_product_manual deu polywork']));
  });

  it('shows the drifting run answering in English, with the failing tests and the judge saying why', async () => {
    const run = (await buildIndex(fs)).runs.find((r) => r.setting === 'openclaw' && r.runIndex === 2);
    if (!run) throw new Error('no OpenClaw run 2');
    const t = await loadTrajectory(fs, run, { check: true });
    expect(t.diagnostics).toEqual([]);
    expect(t.finalAnswer).toContain('"title": "Quick-start guide"');
    expect(t.steps.filter((s) => s.kind === 'tool_call').map((s) => (s.kind === 'tool_call' ? `${s.tool}${s.error ? ' (error)' : ''}` : ''))).toEqual([
      'read',
      'exec (error)',
      'write',
    ]);
    expect(t.checks.filter((c) => c.passed === false).map((c) => c.name)).toEqual([
      'grade',
      'grade · terminology',
      'grade · output_language',
      'pytest',
      'pytest · test_glossary_terms',
      'pytest · test_output_language',
    ]);
    expect(t.judge[0]?.rationale).toContain('The answer is in English');
    expect(t.checks.find((c) => c.name === 'task languages')?.detail).toBe('instruction de · sources en, ja · output de');
  });
});
