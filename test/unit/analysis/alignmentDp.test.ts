import { describe, expect, it } from 'vitest';
import { alignRangeByDp, type PairValue } from '../../../src/core/analysis/alignmentDp';

const GAPS = { open: 0.2, extend: 0.1 };

function align(a: string, b: string, maxCells: number): Array<[number | null, number | null]> {
  const value: PairValue = (i, j) => (a[i] === b[j] ? 1 : -Infinity);
  const rows: Array<[number | null, number | null]> = [];
  alignRangeByDp(0, a.length, 0, b.length, value, GAPS, maxCells, (i, j) => rows.push([i, j]));
  return rows;
}

function pairedLetters(a: string, rows: Array<[number | null, number | null]>): string {
  return rows.map(([i, j]) => (i !== null && j !== null ? a[i] : '')).join('');
}

describe('alignRangeByDp', () => {
  it('finds the longest common sequence and keeps each side in order', () => {
    const rows = align('abcdefghij', 'abcxdefgij', 1_000);
    expect(pairedLetters('abcdefghij', rows)).toBe('abcdefgij');
    expect(rows.flatMap(([i]) => (i === null ? [] : [i]))).toEqual([...Array(10).keys()]);
    expect(rows.flatMap(([, j]) => (j === null ? [] : [j]))).toEqual([...Array(10).keys()]);
  });

  it('gives the same alignment in a narrow band when the best path stays near the diagonal', () => {
    const a = 'the quick brown fox jumps over the lazy dog'.repeat(3);
    const b = 'the quick brown cat jumps over the lazy dog!'.repeat(3);
    const full = align(a, b, 1_000_000);
    const banded = align(a, b, 20 * (a.length + 1));
    expect(banded).toEqual(full);
  });

  it('keeps the band connected for very unequal lengths', () => {
    const rows = align('x', `${'y'.repeat(60)}x${'y'.repeat(60)}`, 10);
    expect(rows.filter(([i, j]) => i !== null && j !== null)).toEqual([[0, 60]]);
    expect(rows).toHaveLength(121);
  });

  it('keeps unpaired steps of one side together rather than interleaved', () => {
    expect(align('aaaab', 'ab', 100)).toEqual([
      [0, 0],
      [1, null],
      [2, null],
      [3, null],
      [4, 1],
    ]);
  });
});
