import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareRuns } from '../../../src/core/analysis/compareRuns';
import { comparisonJson } from '../../../src/core/analysis/comparisonJson';
import { buildIndex } from '../../../src/core/index/buildIndex';
import { loadTrajectory } from '../../../src/core/index/loadTrajectory';
import { NodeFileSource } from '../../../src/core/nodeFileSource';
import { writeLongRunPair } from '../../bench/longRunPair';

// The compare of a generated gaia2-cli pair (trace merge, oracle links, self-corrections) stays exactly what the
// straightforward scans computed before the lookups that make them linear; the expected JSON was written by them.

const EXPECTED = join(__dirname, '../../fixtures/compare/longPair.json');

describe('compare of a long generated pair', () => {
  let root = '';
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'trajectory-lens-long-pair-'));
    writeLongRunPair(root, 200, 12);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('gives the same steps, rows, oracle lane and self-corrections as the reference', async () => {
    const fs = new NodeFileSource(root);
    const index = await buildIndex(fs);
    const [baseline, target] = await Promise.all(
      ['eng', 'jpn'].map((language) => loadTrajectory(fs, index.runs.find((r) => r.language === language) ?? index.runs[0]!)),
    );
    const comparison = compareRuns(baseline!, target!, { textParts: false });
    const seen = { ...comparisonJson(comparison), steps: [comparison.baseline.steps, comparison.target.steps], selfCorrections: comparison.selfCorrections };
    expect(comparison.selfCorrections.length).toBeGreaterThan(0);
    expect(JSON.parse(JSON.stringify(seen))).toEqual(JSON.parse(readFileSync(EXPECTED, 'utf8')));
  });
});
