import { describe, expect, it } from 'vitest';
import { detectScript, letterScript } from '../../../src/core/language/scripts';

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

describe('letterScript', () => {
  it.each([
    ['Z', 'Latn'],
    ['张', 'Hani'],
    ['チ', 'Kana'],
    ['झ', 'Deva'],
    ['ส', 'Thai'],
    ['김', 'Hang'],
    ['С', 'Cyrl'],
    ['ع', 'Arab'],
    ['ש', 'Hebr'],
    ['Ω', 'Grek'],
    ['ব', 'Beng'],
    ['த', 'Taml'],
  ])('%s is %s', (letter, script) => {
    expect(letterScript(letter)).toBe(script);
  });

  it('knows no script for digits, punctuation and unlisted scripts', () => {
    for (const char of ['4', '—', '!', 'ꦲ', 'ᠮ']) expect(letterScript(char), char).toBeNull();
  });

  it('leaves the scripts names are not routed by common for names', () => {
    expect(detectScript('Νίκος Παπαδόπουλος')).toBe('Zyyy');
    expect(detectScript('דוד כהן')).toBe('Zyyy');
  });
});
