import { monthNumber } from '../../translation/monthNames';
import { cjkNumeralValue } from './cjkNumerals';
import type { LocaleConventions } from './localeConventions';

// Calendar dates as `YYYY-MM-DD`, however written: 2024-10-16, 16/10/2024 or 10/16/2024 (when the numbers or the
// writer's locale say which is the month), 16.10.2024, 2024年10月16日 (also in CJK numerals), 2024년 10월 16일,
// October 16, 2024, 16 de octubre de 2024, 16 ต.ค. 2567 (Thai, in the Buddhist Era: 2567 − 543 = 2024).

/** Thai Buddhist Era years run 543 ahead of the Common Era. */
export const BUDDHIST_ERA_OFFSET = 543;
// Years past this in a Thai date are Buddhist Era years (2400 BE is 1857 CE, 2400 CE is far away).
const BUDDHIST_FROM = 2400;

const pad = (n: number): string => String(n).padStart(2, '0');

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The date as `YYYY-MM-DD`, or null when there is no such day. */
export function isoDate(year: number, month: number, day: number): string | null {
  if (!Number.isInteger(year) || year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return null;
  if (day > daysIn(year, month)) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

function commonEraYear(year: number, buddhist: boolean): number {
  return buddhist && year >= BUDDHIST_FROM ? year - BUDDHIST_ERA_OFFSET : year;
}

/** ASCII digits or a CJK numeral (二〇二四, 十六) as a number. */
function numeral(text: string): number {
  return /^\d+$/.test(text) ? Number(text) : (cjkNumeralValue(text) ?? Number.NaN);
}

export function yearFirstDate(year: string, month: string, day: string): string | null {
  return isoDate(numeral(year), numeral(month), numeral(day));
}

/** `16/10/2024` or `10/16/2024`: read the only way that makes a date, else by the locale's order. */
export function numericDate(first: string, second: string, year: string, separator: string, conventions: LocaleConventions): string | null {
  const y = commonEraYear(Number(year), conventions.buddhistYears);
  const dayFirst = isoDate(y, Number(second), Number(first));
  const monthFirst = isoDate(y, Number(first), Number(second));
  if (dayFirst === monthFirst || monthFirst === null) return dayFirst;
  if (dayFirst === null) return monthFirst;
  // Dotted dates are day-first wherever they are written (16.10.2024).
  if (separator === '.') return dayFirst;
  if (conventions.monthFirst === null) return null;
  return conventions.monthFirst ? monthFirst : dayFirst;
}

/** A date with a month name: Thai month names carry Buddhist Era years, as do Thai runs. */
export function namedMonthDate(day: string, month: string, year: string, conventions: LocaleConventions): string | null {
  const m = monthNumber(month.replace(/\.$/, '')) || monthNumber(month);
  if (m === 0) return null;
  const thai = /\p{Script=Thai}/u.test(month);
  return isoDate(commonEraYear(Number(year), thai || conventions.buddhistYears), m, Number(day));
}
