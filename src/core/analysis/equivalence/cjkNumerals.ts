// Chinese and Japanese numerals as numbers: 三 → 3, 十二 → 12, 一百二十三 → 123, 两 → 2, and digit by digit as years
// are written, 二〇二四 → 2024.

const DIGITS = new Map<string, number>([
  ['〇', 0], ['零', 0], ['一', 1], ['二', 2], ['两', 2], ['兩', 2], ['三', 3], ['四', 4],
  ['五', 5], ['六', 6], ['七', 7], ['八', 8], ['九', 9],
]);
const UNITS = new Map<string, number>([['十', 10], ['百', 100], ['千', 1000]]);
const MYRIADS = new Map<string, number>([['万', 10_000], ['萬', 10_000], ['亿', 100_000_000], ['億', 100_000_000]]);

/** A run of CJK numeral characters, for finding them in text. */
export const CJK_NUMERAL = '[〇零一二两兩三四五六七八九十百千万萬亿億]+';

// Positional: every character a digit (二〇二四). Only read this way with 〇/零 inside or more than one digit, as
// a lone character is read by the unit reading as well.
function positional(text: string): number | null {
  let value = '';
  for (const char of text) {
    const digit = DIGITS.get(char);
    if (digit === undefined) return null;
    value += String(digit);
  }
  return Number(value);
}

// With units: 一百二十三, 十二 (a leading 十 means 一十), 三千零五, 两万.
function withUnits(text: string): number | null {
  let total = 0;
  let section = 0;
  let digit: number | null = null;
  for (const char of text) {
    const d = DIGITS.get(char);
    const unit = UNITS.get(char);
    const myriad = MYRIADS.get(char);
    if (d !== undefined) {
      if (digit !== null && d !== 0) return null;
      digit = d === 0 ? null : d;
    } else if (unit !== undefined) {
      section += (digit ?? 1) * unit;
      digit = null;
    } else if (myriad !== undefined) {
      total += (section + (digit ?? 0)) * myriad;
      section = 0;
      digit = null;
    } else return null;
  }
  return total + section + (digit ?? 0);
}

/** The number a run of CJK numerals writes, or null when it is not a well-formed numeral. */
export function cjkNumeralValue(text: string): number | null {
  if (text === '') return null;
  const hasUnit = [...text].some((c) => UNITS.has(c) || MYRIADS.has(c));
  if (!hasUnit) return [...text].length === 1 ? (DIGITS.get(text) ?? null) : positional(text);
  return withUnits(text);
}
