import { describe, expect, it } from 'vitest';
import { normalizeName } from '../../../src/core/entities/normalizeName';

describe('normalizeName', () => {
  it('folds full-width Latin and case', () => {
    expect(normalizeName('ＺＨＡＮＧ　ＷＥＩ')).toBe('zhang wei');
  });

  it('strips accents after Latin letters', () => {
    expect(normalizeName('José Núñez')).toBe('jose nunez');
    expect(normalizeName('Renée Lefèvre')).toBe('renee lefevre');
    expect(normalizeName('Nguyễn Văn An')).toBe('nguyen van an');
  });

  it('keeps the dakuten of kana (ガ is not カ) and widens half-width kana', () => {
    expect(normalizeName('ガブリエル')).toBe('ガブリエル');
    expect(normalizeName('ｶﾞﾌﾞﾘｴﾙ')).toBe('ガブリエル');
    expect(normalizeName('ばば')).not.toBe('はは');
  });

  it('keeps the marks of Devanagari and Cyrillic', () => {
    expect(normalizeName('झांग वेई')).toBe('झांग वेई');
    expect(normalizeName('Сергей')).toBe('сергей');
    expect(normalizeName('Ёлкин')).toBe('ёлкин');
  });
});
