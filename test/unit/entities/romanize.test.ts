import { describe, expect, it } from 'vitest';
import { nameForm } from '../../../src/core/entities/romanize';

function tokens(text: string): string[][] {
  return nameForm(text).readings.map((r) => r.tokens);
}

describe('romanization by script', () => {
  it('reads Han as toneless pinyin, simplified and traditional, family names by their surname reading', () => {
    expect(tokens('张伟')).toEqual([['zhang', 'wei']]);
    expect(tokens('張偉')).toEqual([['zhang', 'wei']]);
    expect(tokens('单雄信')).toEqual([['shan', 'xiong', 'xin']]);
  });

  it('reads kana as romaji, one token per part written apart', () => {
    expect(tokens('さとう ゆうこ')).toEqual([['satou', 'yuuko']]);
    expect(tokens('チャン・ウェイ')).toEqual([['chan', 'uei']]);
    expect(nameForm('さとうゆうこ').readings[0]?.flexible).toBe(true);
  });

  it('reads Hangul with the conventional spellings of the family name', () => {
    expect(tokens('김민준')).toContainEqual(['kim', 'min', 'jun']);
    expect(tokens('이지은')).toContainEqual(['lee', 'ji', 'eun']);
  });

  it('transliterates Devanagari (anusvara as n), Cyrillic, Thai (preposed vowels reordered) and Arabic', () => {
    expect(tokens('झांग वेई')).toEqual([['jhang', 'vei']]);
    expect(tokens('Сергей Иванов')).toEqual([['sergey', 'ivanov']]);
    expect(tokens('สมชาย ใจดี')).toEqual([['smchay', 'chaidi']]);
    expect(tokens('عمر حداد')[0]?.[0]).toBe('mr');
  });

  it('splits email-style and hyphenated Latin names', () => {
    expect(tokens('zhang.wei')).toEqual([['zhang', 'wei']]);
    expect(tokens('Kim Min-jun')).toEqual([['kim', 'minjun']]);
  });
});
