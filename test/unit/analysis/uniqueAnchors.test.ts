import { describe, expect, it } from 'vitest';
import { uniqueAnchors, type Anchors } from '../../../src/core/analysis/uniqueAnchors';

// Anchors split a long alignment: only keys that occur once on each side, in an order both sides agree on.

function pairsOf(anchors: Anchors): Array<[number, number]> {
  return Array.from(anchors.baseline, (i, k) => [i, anchors.target[k] as number]);
}

function anchorsOf(a: number[], b: number[], aLo = 0, aHi = a.length, bLo = 0, bHi = b.length): Array<[number, number]> {
  return pairsOf(uniqueAnchors(Int32Array.from(a), aLo, aHi, Int32Array.from(b), bLo, bHi));
}

describe('unique anchors', () => {
  it('pair the keys that occur once on each side, and skip repeated ones', () => {
    expect(anchorsOf([5, 1, 2, 1, 3], [5, 2, 1, 3, 9])).toEqual([
      [0, 0],
      [2, 1],
      [4, 3],
    ]);
  });

  it('keep the longest chain that is in order on both sides', () => {
    // 7 and 8 swapped places: only one of them can stay.
    expect(anchorsOf([1, 7, 8, 2, 3], [1, 8, 7, 2, 3])).toEqual([
      [0, 0],
      [2, 1],
      [3, 3],
      [4, 4],
    ]);
  });

  it('look only inside the ranges, where a key repeated outside is still unique', () => {
    expect(anchorsOf([4, 4, 6, 4], [4, 6, 4, 4], 1, 3, 0, 2)).toEqual([
      [1, 0],
      [2, 1],
    ]);
    expect(anchorsOf([4, 4, 6, 4], [4, 6, 4, 4], 2, 2, 0, 4)).toEqual([]);
  });

  it('find a chain of thousands of anchors among shuffled ones', () => {
    const size = 5_000;
    const a = Array.from({ length: size }, (_, k) => k);
    // Every tenth key moves to the end of the target side, in reverse: the other 4,500 are the longest chain.
    const b = [...a.filter((k) => k % 10 !== 0), ...a.filter((k) => k % 10 === 0).reverse()];
    const anchors = anchorsOf(a, b);
    expect(anchors).toHaveLength(size - size / 10);
    for (const [i, j] of anchors) expect(b[j]).toBe(a[i]);
    for (let k = 1; k < anchors.length; k++) {
      expect((anchors[k] as [number, number])[0]).toBeGreaterThan((anchors[k - 1] as [number, number])[0]);
      expect((anchors[k] as [number, number])[1]).toBeGreaterThan((anchors[k - 1] as [number, number])[1]);
    }
  });
});
