import anyAscii from 'any-ascii';
import { pinyin } from 'pinyin-pro';
import { toRomaji } from 'wanakana';
import { KOREAN_SURNAMES } from './koreanSurnames';
import { normalizeName } from './normalizeName';
import { detectScript, type ScriptCode } from '../language/scripts';

// Romanization routed by script. Han → pinyin without tones (also in Japanese text: no kanji-reading dictionary is
// available, so Japanese names written in kanji do not meet their romaji; Chinese names written in kanji do);
// kana → Hepburn romaji; Hangul → Revised Romanization with conventional family-name spellings; Devanagari, Thai,
// Cyrillic, Arabic and Latin → ASCII transliteration.

/** One way to read a name: ASCII tokens (family and given names), in written order. */
export interface Reading {
  tokens: string[];
  /**
   * Token boundaries unknown (unspaced kana): compare the joined letters. Han and Hangul names have their syllables as
   * tokens and are flexible too, since "Zhang Xiaoming" and "Zhang Xiao Ming" split the same syllables differently.
   */
  flexible: boolean;
  /** The other name must have at least this many tokens: 张伟 is a family and a given name, not the word "Zhangwei". */
  minTokens: number;
}

export interface NameForm {
  text: string;
  script: ScriptCode;
  readings: Reading[];
}

const SEPARATORS = /[\s.,_·・･/]+/u;
const NOT_LETTER = /[^a-z]/g;
const HAN = /\p{Script=Han}/u;
// Thai vowels written before the consonant they follow in speech (เ แ โ ใ ไ), and a consonant silenced by ์.
const THAI_PREPOSED = /([\u0E40-\u0E44])([\u0E01-\u0E2E])/g;
const THAI_SILENT = /[\u0E01-\u0E2E][\u0E30-\u0E3A]?\u0E4C/g;
const DEVANAGARI_ANUSVARA = /\u0902/g;

function ascii(text: string): string {
  return anyAscii(text).toLowerCase().replace(NOT_LETTER, '');
}

function thaiAscii(token: string): string {
  // Thai aspirated stops (ph, th, kh) are the plain p, t, k of Latin spellings (พ → "Prayuth", not "Phrayuth").
  const reordered = token.replace(THAI_SILENT, '').replace(THAI_PREPOSED, '$2$1');
  return ascii(reordered).replace(/ph/g, 'p');
}

// Arabic letters are transliterated one by one; a lone h (ه ة ح) is marked so it never forms a digraph with the
// letter before it (الزهراء is z-h, not zh). The long-vowel letters, which any-ascii drops or writes as consonants,
// become the markers A (alif: ā), W (wāw: ū, ō, w) and Y (yāʾ: ī, ē, y) that abjadVowels compares.
const ARABIC_VOWEL_LETTERS: Readonly<Record<string, string>> = {
  'ا': 'A', 'آ': 'A', 'أ': 'A', 'ٱ': 'A', 'ى': 'A', 'إ': 'Y', 'و': 'W', 'ؤ': 'W', 'ي': 'Y', 'ئ': 'Y',
};

function arabicAscii(token: string): string {
  return [...token].map((char) => ARABIC_VOWEL_LETTERS[char] ?? (ascii(char) === 'h' ? 'H' : ascii(char))).join('');
}

function tokenAscii(token: string, script: ScriptCode): string {
  if (script === 'Thai') return thaiAscii(token);
  if (script === 'Arab') return arabicAscii(token);
  // The anusvara before a consonant is a nasal n (झांग → jhang), which any-ascii writes as m.
  if (script === 'Deva') return ascii(token.replace(DEVANAGARI_ANUSVARA, 'n'));
  return ascii(token);
}

function spacedTokens(text: string, script: ScriptCode): string[] {
  return text
    .split(SEPARATORS)
    .map((token) => tokenAscii(token.replace(/[-‐'’`]/g, ''), script))
    .filter((token) => token.length > 0);
}

// Pinyin per character, memoized: linking reads the same characters in many overlapping windows. The first
// character is read as a family name (单 is Shan, not Dan).
const familyPinyin = new Map<string, string>();
const charPinyin = new Map<string, string>();

function memoPinyin(cache: Map<string, string>, char: string, surname: boolean): string {
  let syllable = cache.get(char);
  if (syllable === undefined) {
    syllable = ascii(pinyin(char, { toneType: 'none', surname: surname ? 'head' : 'off' }));
    cache.set(char, syllable);
  }
  return syllable;
}

function hanSyllables(text: string): string[] {
  const han = [...text].filter((c) => HAN.test(c));
  return han.map((char, i) => (i === 0 ? memoPinyin(familyPinyin, char, true) : memoPinyin(charPinyin, char, false)));
}

// Romaji of loanword kana: ファ is "fa" and ヴィ "vi", where wanakana writes the small vowel as a syllable ("fua").
function kanaAscii(kana: string): string {
  return ascii(toRomaji(kana)).replace(/([fv])u(?=[aeio])/g, '$1');
}

function kanaOrMixed(text: string): string[] {
  // Kanji inside a Japanese name get pinyin (the documented limit above); kana runs get romaji.
  const parts = text.match(/\p{Script=Han}+|[^\p{Script=Han}]+/gu) ?? [];
  return parts.map((part) => (HAN.test(part) ? hanSyllables(part).join('') : kanaAscii(part))).filter((p) => p.length > 0);
}

function hangulReadings(word: string): Reading[] {
  const syllables = [...word].filter((c) => /\p{Script=Hangul}/u.test(c));
  const [family, ...given] = syllables;
  if (family === undefined) return [];
  const givenAscii = given.map(ascii);
  const minTokens = given.length > 0 ? 2 : 1;
  const spellings = KOREAN_SURNAMES[family] ?? [ascii(family)];
  return spellings.map((spelling) => ({ tokens: [spelling, ...givenAscii], flexible: true, minTokens }));
}

function readingsOf(text: string, script: ScriptCode): Reading[] {
  const parts = text.split(SEPARATORS).filter((p) => p.length > 0);
  if (script === 'Hani') {
    const syllables = hanSyllables(text);
    return syllables.length === 0 ? [] : [{ tokens: syllables, flexible: true, minTokens: syllables.length > 1 ? 2 : 1 }];
  }
  if (script === 'Hang' && parts.length === 1) return hangulReadings(text);
  if (script === 'Kana') {
    const tokens = parts.flatMap(kanaOrMixed);
    return tokens.length === 0 ? [] : [{ tokens, flexible: parts.length === 1, minTokens: 1 }];
  }
  const tokens = spacedTokens(text, script);
  return tokens.length === 0 ? [] : [{ tokens, flexible: false, minTokens: 1 }];
}

/** A name as written, with its script and every reading it can have. */
export function nameForm(text: string): NameForm {
  const normalized = normalizeName(text).trim();
  const script = detectScript(normalized);
  return { text, script, readings: readingsOf(normalized, script) };
}
