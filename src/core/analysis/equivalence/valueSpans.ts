import { MONTH_NAME_PATTERN } from '../../translation/monthNames';
import { CURRENCY_PATTERN, NUMBER_PATTERN, currencyCode, numberValue } from './amounts';
import { CJK_NUMERAL, cjkNumeralValue } from './cjkNumerals';
import { namedMonthDate, numericDate, yearFirstDate } from './dates';
import type { LocaleConventions } from './localeConventions';

// Values inside a text (already folded: ASCII digits, half-width forms) that have a normal form: dates first, then
// amounts with a currency, numbers, and CJK numerals; a character belongs to at most one value.

export interface ValueSpan {
  start: number;
  end: number;
  /** The value's normal form: `2024-10-16`, `USD 1234.5`, `1234.5`, `12`. */
  normal: string;
}

type Reader = (match: RegExpExecArray, conventions: LocaleConventions) => string | null;

// Not inside a Latin word or a longer number: `A12` and `12B` are codes, `v1.2.3` a version.
const BEFORE = String.raw`(?<![\p{Script=Latin}\d_.,])`;
const AFTER = String.raw`(?![\p{Script=Latin}\d_]|[.,]\d)`;
const N = `(\\d{1,4}|${CJK_NUMERAL})`;

// Each reader comes with a cheap test its values cannot fail, so most texts skip most patterns.
const YEAR_FIRST = /\d{4}[-/.]\d/;
const YEAR_LAST = /\d[-/.]\d{4}/;
// A month name always stands before the year with a space or a comma between.
const NAMED_YEAR = /[\s,]\d{4}/;
const DIGIT = /\d/;
const CURRENCY = new RegExp(`${CURRENCY_PATTERN}|¥`);
const CJK_DATE = /[年년]/;
const CJK_NUMERAL_CHAR = new RegExp(`[${CJK_NUMERAL.slice(1, CJK_NUMERAL.indexOf(']'))}]`, 'u');

const readers: ReadonlyArray<readonly [RegExp, Reader, RegExp]> = [
  [
    new RegExp(`${BEFORE}(\\d{4}|${CJK_NUMERAL})\\s*[年년]\\s*${N}\\s*[月월]\\s*${N}\\s*[日일号號]?`, 'gu'),
    (m) => yearFirstDate(m[1] as string, m[2] as string, m[3] as string),
    CJK_DATE,
  ],
  [
    new RegExp(`${BEFORE}(\\d{4})([-/.])(\\d{1,2})\\2(\\d{1,2})${AFTER}`, 'gu'),
    (m) => yearFirstDate(m[1] as string, m[3] as string, m[4] as string),
    YEAR_FIRST,
  ],
  [
    new RegExp(`${BEFORE}(\\d{1,2})([-/.])(\\d{1,2})\\2(\\d{4})${AFTER}`, 'gu'),
    (m, c) => numericDate(m[1] as string, m[3] as string, m[4] as string, m[2] as string, c),
    YEAR_LAST,
  ],
  [
    // 16 October 2024, 16. Oktober 2024, 16 de octubre de 2024, 16 ต.ค. 2567
    new RegExp(`${BEFORE}(\\d{1,2})(?:\\.|º|er)?\\s*(?:de\\s+)?(${MONTH_NAME_PATTERN}\\.?)\\s*(?:de\\s+|del\\s+|,\\s*)?(\\d{4})${AFTER}`, 'giu'),
    (m, c) => namedMonthDate(m[1] as string, m[2] as string, m[3] as string, c),
    NAMED_YEAR,
  ],
  [
    // October 16, 2024; Oct. 16th 2024
    new RegExp(`(?<![\\p{L}])(${MONTH_NAME_PATTERN}\\.?)\\s*(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})${AFTER}`, 'giu'),
    (m, c) => namedMonthDate(m[2] as string, m[1] as string, m[3] as string, c),
    NAMED_YEAR,
  ],
  [
    new RegExp(`(${CURRENCY_PATTERN}|¥)\\s?(${NUMBER_PATTERN})${AFTER}`, 'gu'),
    (m, c) => amount(m[1] as string, m[2] as string, c),
    CURRENCY,
  ],
  [
    new RegExp(`${BEFORE}(${NUMBER_PATTERN})\\s?(${CURRENCY_PATTERN}|¥)(?![\\p{Script=Latin}])`, 'gu'),
    (m, c) => amount(m[2] as string, m[1] as string, c),
    CURRENCY,
  ],
  [new RegExp(`${BEFORE}(${NUMBER_PATTERN})${AFTER}`, 'gu'), (m, c) => numberValue(m[1] as string, c), DIGIT],
  [new RegExp(CJK_NUMERAL, 'gu'), (m) => cjkNumeral(m[0]), CJK_NUMERAL_CHAR],
];

function amount(mark: string, numeral: string, conventions: LocaleConventions): string | null {
  const code = currencyCode(mark, conventions);
  const value = numberValue(numeral, conventions);
  return code === null || value === null ? null : `${code} ${value}`;
}

function cjkNumeral(text: string): string | null {
  const value = cjkNumeralValue(text);
  return value === null ? null : String(value);
}

/** Every value in a folded text that has a normal form, in text order, none overlapping. */
export function findValueSpans(text: string, conventions: LocaleConventions): ValueSpan[] {
  const spans: ValueSpan[] = [];
  const taken = (start: number, end: number): boolean => spans.some((s) => start < s.end && s.start < end);
  for (const [pattern, read, gate] of readers) {
    if (!gate.test(text)) continue;
    for (const match of text.matchAll(pattern)) {
      const start = match.index;
      const end = start + match[0].length;
      if (taken(start, end)) continue;
      const normal = read(match as RegExpExecArray, conventions);
      if (normal !== null) spans.push({ start, end, normal });
    }
  }
  return spans.sort((a, b) => a.start - b.start);
}
