import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareRegressions, findRegressions } from '../../../src/core/analysis/regressions';
import { buildIndex } from '../../../src/core/index/buildIndex';
import { checkRuns } from '../../../src/core/index/checkRuns';
import { mergeDiagnostics } from '../../../src/core/index/diagnosticOrder';
import type { Regression } from '../../../src/core/analysis/regressionTypes';
import { NodeFileSource } from '../../../src/core/nodeFileSource';

const EXAMPLE = join(__dirname, '../../../examples/gaia2-multilingual');

interface GroundTruth {
  baseline: string;
  expectedRegressions: Regression[];
  expectedRuns: Record<string, unknown>[];
  expectedDiagnostics: { path: string; line: number | null; reason: string }[];
}

const truth = JSON.parse(readFileSync(join(EXAMPLE, 'ground-truth.json'), 'utf8')) as GroundTruth;

describe('examples/gaia2-multilingual against its ground truth', () => {
  it('yields exactly the expected worklist', async () => {
    const index = await buildIndex(new NodeFileSource(EXAMPLE));
    // The ground truth lists regressions by group; the worklist puts deterministic ones first.
    expect(findRegressions(index.runs, truth.baseline)).toEqual([...truth.expectedRegressions].sort(compareRegressions));
  });

  it('yields every expected run with its language, run index, group and outcome', async () => {
    const index = await buildIndex(new NodeFileSource(EXAMPLE));
    expect(index.runs).toHaveLength(truth.expectedRuns.length);
    const byPath = new Map(index.runs.map((r) => [r.path, r]));
    for (const expected of truth.expectedRuns) expect(byPath.get(String(expected.path))).toMatchObject(expected);
  });

  it('reports every planted corrupt file with --check, and nothing else', async () => {
    const fs = new NodeFileSource(EXAMPLE);
    const index = await buildIndex(fs);
    const diagnostics = mergeDiagnostics(index.diagnostics, await checkRuns(fs, index.runs));
    // trajectory-lens.json excludes ground-truth.json, which documents the example and is not a run.
    const expectedPaths = truth.expectedDiagnostics.map((d) => d.path).sort();
    expect([...new Set(diagnostics.map((d) => d.path))].sort()).toEqual(expectedPaths);
    for (const expected of truth.expectedDiagnostics.filter((d) => d.line !== null)) {
      expect(diagnostics).toContainEqual(expect.objectContaining({ path: expected.path, line: expected.line }));
    }
  });
});
