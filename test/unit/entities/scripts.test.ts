import { describe, expect, it } from 'vitest';
import { detectScript } from '../../../src/core/entities/scripts';

describe('detectScript', () => {
  it.each([
    ['Zhang Wei', 'Latn'],
    ['ＺＨＡＮＧ ＷＥＩ', 'Latn'],
    ['张伟', 'Hani'],
    ['張偉', 'Hani'],
    ['チャン・ウェイ', 'Kana'],
    ['さとう ゆうこ', 'Kana'],
    ['田中さとみ', 'Kana'],
    ['झांग वेई', 'Deva'],
    ['สมชาย ใจดี', 'Thai'],
    ['김민준', 'Hang'],
    ['Сергей Иванов', 'Cyrl'],
    ['عمر حداد', 'Arab'],
    ['42 — !', 'Zyyy'],
  ])('%s is %s', (text, script) => {
    expect(detectScript(text)).toBe(script);
  });
});
