import type { ScriptCode } from '../language/scripts';

// A loose phonetic key: two romanizations of one name agree on it even where transliteration conventions differ
// (zh/j/ch, v/w, aspiration, doubled letters, long vowels). How loose depends on what the scripts can express:
//   full      vowels kept (Latin, Han, kana, Hangul, Cyrillic);
//   no-a      the inherent vowel "a" dropped, and ng → n (Devanagari: ASCII transliteration omits the inherent vowel,
//             and the anusvara stands for both n and ng);
//   skeleton  consonants only (Arabic writes no short vowels; Thai vowels are implicit or reordered).
// With kana on either side, also l → r and a final ng → n: Japanese has neither.

export type VowelMode = 'full' | 'no-a' | 'skeleton';

export interface KeyMode {
  vowels: VowelMode;
  kana: boolean;
}

function mergesAffricates(mode: KeyMode): boolean {
  return mode.kana || mode.vowels !== 'full';
}

const REWRITES: ReadonlyArray<readonly [RegExp, string]> = [
  [/x/g, 'ks'],
  [/q/g, 'k'],
  [/ph/g, 'f'],
  [/ck/g, 'k'],
  [/c(?=[eiy])/g, 's'],
  [/c(?!h)/g, 'k'],
  [/s(?:c)?h/g, 's'],
  [/kh/g, 'k'],
  [/gh/g, 'g'],
  [/th/g, 't'],
  [/dh/g, 'd'],
  [/bh/g, 'b'],
  [/v/g, 'w'],
  [/y/g, 'i'],
  [/ee/g, 'i'],
  [/oo/g, 'u'],
  [/ou/g, 'o'],
  // A u gliding into a vowel is a w: romaji writes ウェイ as "uei" where pinyin writes "wei".
  [/(^|[aeiou])u(?=[aeio])/g, '$1w'],
];

// Affricates merge only where a script cannot tell them apart the Latin way: romaji writes 张 (zhang) as "chan",
// Devanagari as "jhang", Thai จ as "ch". Latin and pinyin keep them apart (Ma Chao is not Ma Zhao).
const AFFRICATES = /(?:tch|dzh|zh|jh|dj|ch)/g;

const KANA_REWRITES: ReadonlyArray<readonly [RegExp, string]> = [
  [/l/g, 'r'],
  [/ng(?![aeiou])/g, 'n'],
];

function collapseDoubles(key: string): string {
  return key.replace(/(.)\1+/g, '$1');
}

/** The token with the rewrites of a mode applied, vowels still in place (lower case, doubled letters collapsed). */
export function rewriteToken(token: string, mode: KeyMode): string {
  let key = mergesAffricates(mode) ? token.replace(AFFRICATES, 'j') : token;
  for (const [pattern, replacement] of REWRITES) key = key.replace(pattern, replacement);
  // Romanizers mark a letter that must not join a digraph in upper case (Arabic ز + ه is "zH", not "zh").
  key = key.toLowerCase();
  if (mode.kana) {
    for (const [pattern, replacement] of KANA_REWRITES) key = key.replace(pattern, replacement);
  }
  return collapseDoubles(key);
}

/** The key of one ASCII token (lower case; upper case marks a letter outside any digraph) under a mode. */
export function phoneticKey(token: string, mode: KeyMode): string {
  const key = rewriteToken(token, mode);
  // An h before a consonant is the aspiration or the h after an anusvara (सिंह "sinh" ≙ "Singh").
  if (mode.vowels === 'no-a') return collapseDoubles(key.replace(/a/g, '').replace(/ng/g, 'n').replace(/h(?![eiou])/g, ''));
  if (mode.vowels === 'skeleton') return collapseDoubles(key.replace(/[aeiouwy]/g, '').replace(/h$/, ''));
  return key;
}

/** The mode two names are compared in: as loose as the less explicit of the two scripts requires. */
export function keyMode(a: ScriptCode, b: ScriptCode): KeyMode {
  const scripts = [a, b];
  const vowels: VowelMode = scripts.some((s) => s === 'Arab' || s === 'Thai')
    ? 'skeleton'
    : scripts.some((s) => s === 'Deva')
      ? 'no-a'
      : 'full';
  return { vowels, kana: scripts.includes('Kana') };
}

/** Shortest joined key that may link two names; shorter keys ("li", "l n") match too many different people. */
export const MIN_KEY_LENGTH: Readonly<Record<VowelMode, number>> = { full: 4, 'no-a': 3, skeleton: 3 };
