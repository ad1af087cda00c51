import { cp, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildIndex } from '../../../src/core/index/buildIndex';
import { checkRuns } from '../../../src/core/index/checkRuns';
import { loadTrajectory } from '../../../src/core/index/loadTrajectory';
import { NodeFileSource } from '../../../src/core/nodeFileSource';
import { removeTree } from './tempTree';

// examples/polywork with a trajectory-lens.json beside it: the OpenClaw run 1 has Grade 0.868.

const EXAMPLE = join(__dirname, '../../../examples/polywork');
const roots: string[] = [];

async function exampleWithConfig(config: unknown): Promise<NodeFileSource> {
  const root = await mkdtemp(join(tmpdir(), 'trajectory-lens-polywork-'));
  roots.push(root);
  await cp(EXAMPLE, root, { recursive: true });
  await writeFile(join(root, 'trajectory-lens.json'), JSON.stringify(config));
  return new NodeFileSource(root);
}

afterEach(async () => {
  await Promise.all(roots.splice(0).map(removeTree));
});

async function openClawRun1(fs: NodeFileSource) {
  const index = await buildIndex(fs);
  const run = index.runs.find((r) => r.setting === 'openclaw' && r.runIndex === 1);
  if (run === undefined) throw new Error('no OpenClaw run 1');
  return { index, run };
}

describe('polywork.passThreshold in trajectory-lens.json', () => {
  it('fails a run below the configured threshold, in the list and when it is opened', async () => {
    const fs = await exampleWithConfig({ polywork: { passThreshold: 0.9 } });
    const { index, run } = await openClawRun1(fs);
    expect(index.diagnostics).toEqual([]);
    expect(run).toMatchObject({ outcome: 'fail', score: 0.868 });
    expect(run.failureReason).toMatch(/^Grade 0\.87 is below the pass threshold 0\.9; weakest dimension /);
    expect(index.runs.filter((r) => r.outcome === 'pass').map((r) => [r.setting, r.runIndex])).toEqual([['codex', 1]]);
    const t = await loadTrajectory(fs, run);
    expect(t.checks.find((c) => c.name === 'grade')).toEqual({ name: 'grade', passed: false, detail: 'Grade 0.87 (a run passes at 0.9 or more)' });
    expect(await checkRuns(fs, index.runs)).toEqual([]);
  });

  it('keeps 0.5 without the key', async () => {
    const fs = await exampleWithConfig({ baseline: 'deu' });
    const { run } = await openClawRun1(fs);
    expect(run.outcome).toBe('pass');
    expect((await loadTrajectory(fs, run)).checks.find((c) => c.name === 'grade')?.detail).toBe('Grade 0.87 (a run passes at 0.5 or more)');
  });

  it('names the file and the key of a threshold that is not a Grade, and keeps 0.5', async () => {
    const fs = await exampleWithConfig({ polywork: { passThreshold: 70, pass: 1 } });
    const { index, run } = await openClawRun1(fs);
    expect(index.diagnostics).toEqual([
      {
        path: 'trajectory-lens.json',
        line: null,
        message: '"polywork.passThreshold" must be a Grade between 0 and 1, e.g. 0.7; got 70; 0.5 used',
        severity: 'error',
      },
      {
        path: 'trajectory-lens.json',
        line: null,
        message: 'unknown key "polywork.pass" ignored (known: passThreshold)',
        severity: 'warning',
      },
    ]);
    expect(run.outcome).toBe('pass');
  });
});
