import { describe, expect, it } from 'vitest';
import { fold } from '../../../src/core/search/fold';
import { charactersFoldingInto, mayHold, rawText, rawTextPlan } from '../../../src/core/search/rawText';

// The prefilter reads most files without decoding or folding them; it may let through a file that does not hold a
// needle, never hide one that does.

function holds(fileText: string, needle: string): boolean {
  const plan = rawTextPlan([[needle]]);
  return mayHold(rawText(Buffer.from(fileText, 'utf8'), plan), needle);
}

describe('raw text of a file for the prefilter', () => {
  it('knows every character above ASCII that folds into a letter or digit', () => {
    const targets = new Set(Array.from('abcdefghijklmnopqrstuvwxyz0123456789'));
    const known = new Set(charactersFoldingInto(targets));
    const missing: string[] = [];
    for (let cp = 0x80; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const c = String.fromCodePoint(cp);
      if (Array.from(fold(c)).some((f) => targets.has(f)) && !known.has(c)) missing.push(`U+${cp.toString(16)}`);
    }
    expect(missing).toEqual([]);
  });

  it('finds a needle however its letters are written', () => {
    expect(holds('{"text": "ZHANG wei"}', 'zhang wei')).toBe(true);
    expect(holds('{"text": "Ｚｈａｎｇ Ｗｅｉ"}', 'zhang wei')).toBe(true);
    expect(holds('{"text": "𝐙𝐡𝐚𝐧𝐠 Wei, 張偉"}', 'zhang wei')).toBe(true);
    expect(holds('{"text": "Zhang\u3000Wei"}', 'zhang wei')).toBe(true);
    expect(holds('{"text": "\\u005a\\u0068ang Wei"}', 'zhang wei')).toBe(true);
    expect(holds('{"text": "İstanbul"}', 'i̇stanbul')).toBe(true);
    expect(holds('{"text": "ＭÜNCHEN"}', 'münchen')).toBe(true);
    expect(holds('{"url": "a\\/b"}', 'a/b')).toBe(true);
  });

  it('rules a file out when the needle is not in it, in any script around it', () => {
    expect(holds('{"text": "Zhang Li, 王伟, ジャン・ウェイ"}', 'zhang wei')).toBe(false);
    expect(holds('{"text": "zhan gwei"}', 'zhang wei')).toBe(false);
    expect(holds('{"text": "Ｚｈａｎｇ Ｌｉ"}', 'zhang wei')).toBe(false);
  });

  it('never rules out a file whose folded text holds the needle (random mixes of scripts and forms)', () => {
    // Pieces that fold into ASCII, that fold into nothing like it, and that combine with what comes before.
    const pieces = ['z', 'h', 'a', 'n', 'g', ' ', 'w', 'e', 'i', 'Z', 'H', 'A', 'N', 'G', 'W', 'E', 'I', 'ｚ', 'Ｈ', 'ａ', '𝐧', 'ℊ', '\u3000', '\u00a0', 'ｗ', 'ᵉ', 'ⁱ', 'İ', '\u0301', '張', 'ウ', '，', '\\u0077', '\\\\u', '"', 'ǅ', 'ﬁ', '㎐'];
    let seed = 7;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const needles = ['zhang wei', 'ng w', 'wei', 'hz', 'fi', 'a i'];
    const plan = rawTextPlan([needles]);
    let held = 0;
    for (let k = 0; k < 4000; k++) {
      const text = Array.from({ length: 12 }, () => pieces[random(pieces.length)]).join('');
      const unescaped = text.replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      const file = rawText(Buffer.from(text, 'utf8'), plan);
      for (const needle of needles) {
        if (!fold(unescaped).includes(needle)) continue;
        held++;
        expect(mayHold(file, needle), `${JSON.stringify(text)} holds ${needle}`).toBe(true);
      }
    }
    expect(held).toBeGreaterThan(100);
  });
});
