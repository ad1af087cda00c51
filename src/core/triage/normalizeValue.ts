import { canonicalJson } from '../analysis/canonicalJson';

// Values that a person reads as the same but a strict checker compares as text: the same date written in another
// locale's order or script, the same number with other separators or digits, the same text in other case or width.
// Used to suspect locale/format artefacts of hard checkers (K2) and ordering strictness (K3).

// Zero of each decimal digit block beyond ASCII (NFKC already maps full-width digits): Arabic-Indic, extended
// Arabic-Indic, NKo, Devanagari, Bengali, Gurmukhi, Gujarati, Oriya, Tamil, Telugu, Kannada, Malayalam, Sinhala,
// Thai, Lao, Tibetan, Myanmar, Myanmar Shan, Khmer, Mongolian.
const DIGIT_ZEROS = [
  0x660, 0x6f0, 0x7c0, 0x966, 0x9e6, 0xa66, 0xae6, 0xb66, 0xbe6, 0xc66, 0xce6, 0xd66, 0xde6, 0xe50, 0xed0, 0xf20, 0x1040,
  0x1090, 0x17e0, 0x1810,
];

function asciiDigits(text: string): string {
  return text.replace(/\p{Nd}/gu, (digit) => {
    const code = digit.codePointAt(0) as number;
    const zero = DIGIT_ZEROS.find((z) => code >= z && code <= z + 9);
    return zero === undefined ? digit : String(code - zero);
  });
}

/** NFKC, ASCII digits, single spaces, lower case. */
export function plainText(text: string): string {
  return asciiDigits(text.normalize('NFKC')).replace(/\s+/g, ' ').trim().toLowerCase();
}

const pad = (n: number): string => String(n).padStart(2, '0');

function validDate(y: number, m: number, d: number): boolean {
  return m >= 1 && m <= 12 && d >= 1 && d <= 31 && y >= 1000;
}

// `09:00`, `9:00:00`, `9:00 pm`, `9 h`, `9h30`, `9時30分`, `9点`.
const TIME =
  /^(\d{1,2})(?::(\d{2})(?::(\d{2}))?|\s*h\s*(\d{2})?|\s*[時点时](?:\s*(\d{1,2})\s*分)?)(?:\.\d+)?\s*(am|pm|a\.m\.|p\.m\.)?$/;

function timeOf(text: string): string | null {
  const match = TIME.exec(text.trim());
  if (!match) return null;
  let hours = Number(match[1]);
  const minutes = Number(match[2] ?? match[4] ?? match[5] ?? 0);
  const seconds = Number(match[3] ?? 0);
  const meridiem = match[6]?.replace(/\./g, '');
  if (meridiem === 'pm' && hours < 12) hours += 12;
  if (meridiem === 'am' && hours === 12) hours = 0;
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}`;
}

// Date first (year-first, day/month-first, CJK), then an optional time after a space, `T` or a comma.
const YEAR_FIRST = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:(?:t|,?\s+)(.+?))?(?:z|[+-]\d{2}:?\d{2})?$/;
const YEAR_LAST = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})(?:,?\s+(.+))?$/;
const CJK = /^(\d{4})\s*[年년]\s*(\d{1,2})\s*[月월]\s*(\d{1,2})\s*[日일]\s*(.*)$/;

/** Every reading of a date or date-time as `YYYY-MM-DD[ HH:MM:SS]`: `03/04/2024` is read both ways. */
function dateReadings(text: string): string[] {
  const readings: Array<[number, number, number, string | undefined]> = [];
  const yearFirst = YEAR_FIRST.exec(text) ?? CJK.exec(text);
  if (yearFirst) readings.push([Number(yearFirst[1]), Number(yearFirst[2]), Number(yearFirst[3]), yearFirst[4]]);
  const yearLast = YEAR_LAST.exec(text);
  if (yearLast) {
    const [a, b, y] = [Number(yearLast[1]), Number(yearLast[2]), Number(yearLast[3])];
    readings.push([y, b, a, yearLast[4]], [y, a, b, yearLast[4]]);
  }
  return readings.flatMap(([y, m, d, rest]) => {
    if (!validDate(y, m, d)) return [];
    const date = `${y}-${pad(m)}-${pad(d)}`;
    if (rest === undefined || rest.trim() === '') return [date];
    const time = timeOf(rest);
    return time === null ? [] : [`${date} ${time}`];
  });
}

// Digits with group or decimal separators: `1,500.00`, `1.500,00`, `1 500`, `1'500`.
const NUMBER = /^[+-]?\d[\d.,'’ \u00a0\u202f]*$/;

/** Every numeric reading of a number written with separators: `1,500` is 1500 or 1.5. */
function numberReadings(text: string): string[] {
  const bare = text.replace(/\p{Sc}/gu, '').trim();
  if (!NUMBER.test(bare)) return [];
  const digits = bare.replace(/[\s'’\u00a0\u202f]/g, '');
  const commas = (digits.match(/,/g) ?? []).length;
  const dots = (digits.match(/\./g) ?? []).length;
  const candidates: string[] = [];
  if (commas > 0 && dots > 0) {
    const decimal = digits.lastIndexOf(',') > digits.lastIndexOf('.') ? ',' : '.';
    const group = decimal === ',' ? '.' : ',';
    candidates.push(digits.split(group).join('').replace(decimal, '.'));
  } else if (commas + dots > 0) {
    const separator = commas > 0 ? ',' : '.';
    const groups = digits.split(separator);
    // As grouping: every group after the first has three digits.
    if (groups.slice(1).every((g) => g.length === 3)) candidates.push(groups.join(''));
    if (groups.length === 2) candidates.push(groups.join('.'));
  } else {
    candidates.push(digits);
  }
  return candidates.map(Number).filter(Number.isFinite).map(String);
}

/** The readings of a scalar: its plain text, and its date, time and number readings. */
function readings(value: unknown): Set<string> {
  const text = plainText(typeof value === 'string' ? value : String(value));
  const time = timeOf(text);
  return new Set([
    `text:${text}`,
    ...dateReadings(text).map((d) => `date:${d}`),
    ...(time === null ? [] : [`time:${time}`]),
    ...numberReadings(text).map((n) => `number:${n}`),
  ]);
}

function isScalar(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/** True when the two values are the same after normalising text, dates and numbers (order of lists kept). */
export function sameAfterNormalising(a: unknown, b: unknown): boolean {
  if (isScalar(a) && isScalar(b)) {
    const ra = readings(a);
    for (const r of readings(b)) if (ra.has(r)) return true;
    return false;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, k) => sameAfterNormalising(item, b[k]));
  }
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null && !Array.isArray(a) && !Array.isArray(b)) {
    const ka = Object.keys(a).sort();
    const kb = Object.keys(b).sort();
    const ra = a as Record<string, unknown>;
    const rb = b as Record<string, unknown>;
    return canonicalJson(ka) === canonicalJson(kb) && ka.every((k) => sameAfterNormalising(ra[k], rb[k]));
  }
  return a === b;
}

/** True when two lists hold the same items (after normalising) in another order. */
export function sameItemsReordered(a: unknown, b: unknown): boolean {
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  if (sameAfterNormalising(a, b)) return false;
  const unused = [...b];
  for (const item of a) {
    const k = unused.findIndex((other) => sameAfterNormalising(item, other));
    if (k < 0) return false;
    unused.splice(k, 1);
  }
  return true;
}

/** Equal as JSON values, whatever the key order. */
export function identical(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}
