import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../src/core/analysis/canonicalJson';
import { ExactKeys, hashValue, sameCanonicalValue } from '../../../src/core/analysis/exactKeys';

// Alignment pairs steps as identical by these ids: they must be equal exactly when canonicalJson writes the arguments
// alike, with no string built per step, and a hash two values share must never make them one.

const VALUES: unknown[] = [
  { query: 'Contact 1', limit: 5 },
  { limit: 5, query: 'Contact 1' },
  { query: 'Contact 1', limit: 5, extra: undefined },
  { query: 'Contact 1', limit: '5' },
  { query: 'Contact 1' },
  { query: 'Contact 1', limit: 5, nested: { b: [1, 2, { c: null }], a: true } },
  { nested: { a: true, b: [1, 2, { c: null }] }, limit: 5, query: 'Contact 1' },
  { query: 'Contact 1', limit: 5, nested: { b: [2, 1, { c: null }], a: true } },
  [1, null, 3],
  [1, undefined, 3],
  [1, Number.NaN, 3],
  [1, 3, null],
  { zero: 0 },
  { zero: -0 },
  { t: true },
  { t: 'true' },
  {},
  [],
  '',
  null,
  undefined,
  'Zhang Wei',
  '张伟',
  1.5,
  '1.5',
];

describe('exact keys of steps', () => {
  it('are equal exactly when canonicalJson writes the values alike, whatever the key order', () => {
    for (const a of VALUES) {
      for (const b of VALUES) {
        const alike = canonicalJson(a) === canonicalJson(b);
        expect(sameCanonicalValue(a, b), `${canonicalJson(a)} vs ${canonicalJson(b)}`).toBe(alike);
        if (alike) expect(hashValue(a)).toBe(hashValue(b));
        const keys = new ExactKeys();
        expect(keys.call(a, 0) === keys.call(b, 0), `${canonicalJson(a)} vs ${canonicalJson(b)}`).toBe(alike);
      }
    }
  });

  it('tell apart values whose hashes collide, and kinds, and keep each id', () => {
    // Two different arguments with the same hash, found by trying.
    const seen = new Map<number, string>();
    let pair: [string, string] | null = null;
    for (let k = 0; pair === null; k++) {
      const query = `Contact ${k}`;
      const hash = hashValue({ query });
      const other = seen.get(hash);
      if (other === undefined) seen.set(hash, query);
      else pair = [other, query];
    }
    const keys = new ExactKeys();
    const first = keys.call({ query: pair[0] }, 0);
    const second = keys.call({ query: pair[1] }, 0);
    expect(second).not.toBe(first);
    expect(keys.call({ query: pair[0] }, 0)).toBe(first);
    expect(keys.call({ query: pair[1] }, 0)).toBe(second);
    expect(keys.call({ query: pair[0] }, 1)).not.toBe(first);
    expect(keys.message('  Done. ', 2)).toBe(keys.message('Done.', 2));
    expect(keys.message('Done.', 2)).not.toBe(keys.message('Done!', 2));
  });
});

describe('exact keys of many steps', () => {
  it('keep one id per canonical form as the table grows far past its first size', () => {
    const keys = new ExactKeys();
    const count = 20_000;
    const ids = Array.from({ length: count }, (_, k) => keys.call({ query: `Contact ${k}`, limit: k % 7 }, k % 3));
    expect(new Set(ids).size).toBe(count);
    for (let k = count - 1; k >= 0; k -= 1) {
      expect(keys.call({ limit: k % 7, query: `Contact ${k}` }, k % 3)).toBe(ids[k]);
    }
    expect(keys.call({ query: 'Contact 0', limit: 0 }, 1)).toBe(count);
    expect(keys.message('Done.', 0)).toBe(count + 1);
  });
});
