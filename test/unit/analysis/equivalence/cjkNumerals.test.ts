import { describe, expect, it } from 'vitest';
import { cjkNumeralValue } from '../../../../src/core/analysis/equivalence/cjkNumerals';
import { shared } from './forms';

describe('CJK numerals', () => {
  it.each([
    ['三', 3],
    ['十', 10],
    ['十二', 12],
    ['二十', 20],
    ['一百二十三', 123],
    ['三千零五', 3005],
    ['两', 2],
    ['两万', 20_000],
    ['二〇二四', 2024],
  ])('reads %s as %d', (numeral, value) => {
    expect(cjkNumeralValue(numeral)).toBe(value);
  });

  it('is no number when malformed', () => {
    expect(cjkNumeralValue('一百二三')).toBeNull();
  });

  it('marks digits and the same CJK numeral as equivalent, in values and inside text', () => {
    expect(shared('3', 'eng', '三', 'cmn')).toBe('3');
    expect(shared('12', 'eng', '十二', 'cmn')).toBe('12');
    expect(shared('2024', 'eng', '二〇二四', 'cmn')).toBe('2024');
    expect(shared('123', 'eng', '一百二十三', 'jpn')).toBe('123');
    expect(shared('2', 'eng', '两', 'cmn')).toBe('2');
    expect(shared('3人', 'cmn', '三人', 'cmn')).toBe('3人');
  });

  it('keeps 12 and 十三 changed', () => {
    expect(shared('12', 'eng', '十三', 'cmn')).toBeNull();
  });
});
