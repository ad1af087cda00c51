import { describe, expect, it } from 'vitest';
import { shared } from './forms';

describe('native digits', () => {
  it.each([
    ['Thai', '๑๒๓๔', 'tha'],
    ['Devanagari', '१२३४', 'hin'],
    ['Arabic-Indic', '١٢٣٤', 'ara'],
    ['Extended Arabic-Indic', '۱۲۳۴', 'urd'],
    ['full-width', '１２３４', 'jpn'],
  ])('reads %s digits as ASCII digits', (_script, native, language) => {
    expect(shared('1234', 'eng', native, language)).toBe('1234');
  });

  it('keeps a different number changed in any script', () => {
    expect(shared('1234', 'eng', '๑๒๓๕', 'tha')).toBeNull();
    expect(shared('1234', 'eng', '१२४३', 'hin')).toBeNull();
  });

  it('finds native digits inside text', () => {
    expect(shared('Room 12', 'eng', 'Room ๑๒', 'tha')).toBe('Room 12');
  });
});
