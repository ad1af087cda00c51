import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { NodeFileSource } from '../../../src/core/nodeFileSource';
import { buildIndex } from '../../../src/core/index/buildIndex';
import { loadTrajectory } from '../../../src/core/index/loadTrajectory';
import { compareRuns } from '../../../src/core/analysis/compareRuns';
import { compareRunsInDirectory } from '../../../src/core/analysis/literalCanonicalizer';
import type { ToolCallStep } from '../../../src/core/model';

const fs = new NodeFileSource(join(__dirname, '../../../examples/tau2-seatau'));

async function task3(language: string) {
  const index = await buildIndex(fs);
  const run = index.runs.find((r) => r.scenarioId === '3' && r.language === language && r.runIndex === 0);
  if (!run) throw new Error(`no task 3 run in ${language}`);
  return loadTrajectory(fs, run);
}

describe('localized enum literals in the compare analysis', () => {
  it('pairs the Thai booking (ประหยัด) with the English one (economy) as the same action, keeping each form', async () => {
    const [eng, tha] = await Promise.all([task3('eng'), task3('tha')]);
    const booking = (steps: typeof eng.steps) =>
      steps.findIndex((s) => s.kind === 'tool_call' && s.fn === 'book_reservation');
    const engStep = booking(eng.steps);
    const thaStep = booking(tha.steps);
    expect(engStep).toBeGreaterThanOrEqual(0);
    expect((tha.steps[thaStep] as ToolCallStep).args.cabin).toBe('ประหยัด');
    expect((eng.steps[engStep] as ToolCallStep).args.cabin).toBe('economy');

    const raw = compareRuns(eng, tha).rows.find((r) => r.baseline === engStep);
    expect(raw?.kind).toBe('changed');
    expect(raw?.argDiff.map((d) => d.path)).toContain('cabin');

    const { comparison } = await compareRunsInDirectory(fs, eng, tha);
    const mapped = comparison.rows.find((r) => r.baseline === engStep);
    expect(mapped).toMatchObject({ target: thaStep });
    expect(mapped?.argDiff.map((d) => d.path) ?? []).not.toContain('cabin');
    // Each side still shows its own form.
    expect((comparison.target.steps[thaStep] as ToolCallStep).args.cabin).toBe('ประหยัด');
  });
});
