import { describe, expect, it } from 'vitest';
import { shared } from './forms';

describe('full-width and half-width forms', () => {
  it('reads full-width letters, digits and punctuation as their half-width forms', () => {
    expect(shared('ABC-123', 'eng', 'ＡＢＣ－１２３', 'jpn')).toBe('ABC-123');
    expect(shared('user@example.com', 'eng', 'ｕｓｅｒ＠ｅｘａｍｐｌｅ．ｃｏｍ', 'cmn')).toBe('user@example.com');
  });

  it('reads half-width katakana as full-width katakana', () => {
    expect(shared('ｶﾀｶﾅ', 'jpn', 'カタカナ', 'jpn')).toBe('カタカナ');
  });

  it('keeps other letters apart: case is not a form', () => {
    expect(shared('ABC', 'eng', 'ａｂｃ', 'jpn')).toBeNull();
  });
});
