import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluateNamePairs, type NamePair } from '../../../src/core/entities/evaluateNamePairs';

const { pairs } = JSON.parse(readFileSync(join(__dirname, '../../fixtures/entities/name-pairs.json'), 'utf8')) as {
  pairs: NamePair[];
};

describe('name-pair evaluation', () => {
  const result = evaluateNamePairs(pairs);

  it('covers at least 150 pairs in at least 8 scripts, with as many hard negatives as positives', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(150);
    expect(result.scripts.filter((s) => s !== 'Zyyy').length).toBeGreaterThanOrEqual(8);
    expect(pairs.filter((p) => !p.same).length).toBeGreaterThanOrEqual(pairs.filter((p) => p.same).length);
  });

  it('reaches the issue targets: recall ≥ 0.9 with ≤ 1% false links', () => {
    expect(result.recall).toBeGreaterThanOrEqual(0.9);
    expect(result.falseLinkRate).toBeLessThanOrEqual(0.01);
  });
});
