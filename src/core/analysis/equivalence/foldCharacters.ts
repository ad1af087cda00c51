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

export function foldCharacters(text: string): FoldedText {
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
