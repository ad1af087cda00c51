import { asciiDigit } from './nativeDigits';

// Full-width and half-width forms, compatibility characters and native digits folded one code point at a time, so
// that every folded character still points at the characters of the original text it came from.

export interface FoldedText {
  /** The text after NFKC and native digits → ASCII digits. */
  text: string;
  /** For each code unit of `text` (and one past the end), the offset in the original text it starts at. */
  origin: number[];
}

/** One code point in its compatibility form (NFKC: `Ａ` → `A`, `１` → `1`, `ｶ` → `カ`) with native digits as ASCII. */
export function foldCodePoint(char: string): string {
  const digit = asciiDigit(char);
  if (digit !== null) return digit;
  return char.normalize('NFKC');
}

// Printable ASCII has no other form; nor has text that NFKC leaves alone and that has no native digit.
const ASCII = /^[\x20-\x7e]*$/;
const NATIVE_DIGIT = /(?![0-9])\p{Nd}/u;

function isFolded(text: string): boolean {
  return ASCII.test(text) || (!NATIVE_DIGIT.test(text) && text.normalize('NFKC') === text);
}

/** The folded text alone (no offsets), for normal forms. */
export function foldText(text: string): string {
  return isFolded(text) ? text : foldCharacters(text).text;
}

export function foldCharacters(text: string): FoldedText {
  if (isFolded(text)) return { text, origin: Array.from({ length: text.length + 1 }, (_, k) => k) };
  let folded = '';
  const origin: number[] = [];
  let offset = 0;
  for (const char of text) {
    const form = foldCodePoint(char);
    for (let k = 0; k < form.length; k++) origin.push(offset);
    folded += form;
    offset += char.length;
  }
  origin.push(offset);
  return { text: folded, origin };
}
