// Spans of a text that a translation must carry over: identifier-like spans (frozen: ids, codes, emails, URLs,
// file names, phone numbers) and values (dates, times, numbers, amounts) with every reading of their value, so that
// localized formatting of the same value (`2024-05-26` → `26/05/2024`, `1,000` → `1.000`, Thai digits) matches.

import { monthNumber, MONTH_NAME_PATTERN } from './monthNames';

export type FrozenKind = 'url' | 'email' | 'file' | 'phone' | 'id';
export type ValueKind = 'date' | 'time' | 'number';

export interface Span<K extends string = FrozenKind | ValueKind> {
  kind: K;
  /** The span as it stands in the text. */
  text: string;
  /** UTF-16 offsets in the text. */
  start: number;
  end: number;
  /** Comparison keys: two spans carry the same value when they share a key. */
  keys: string[];
}

/** Code points of the zero of each decimal digit block the benchmarks' languages use. */
const DIGIT_ZEROS = [0x0660, 0x06f0, 0x0966, 0x09e6, 0x0be6, 0x0e50, 0x0ed0, 0x1040, 0x17e0, 0xff10];

/** Digits of other scripts (Thai, Arabic-Indic, Devanagari, full-width…) as ASCII, one character for one. */
export function asciiDigits(text: string): string {
  return text.replace(/\p{Nd}/gu, (d) => {
    const code = d.charCodeAt(0);
    const zero = DIGIT_ZEROS.find((z) => code >= z && code < z + 10);
    return zero === undefined ? d : String(code - zero);
  });
}

// Not identifiers: English words in capitals for emphasis ("Do NOT cancel") and abbreviations translators spell out
// (DOB → วันเกิด), currency codes (part of an amount, which may be written with a symbol instead), French times
// (14h30), and numbers with a unit or an ordinal ending (3pm, 24h, 28th): values, read again below.
const NOT_AN_ID = /^(?:NOT|AND|THE|YOU|ALL|ANY|BUT|FOR|ONE|TWO|DOB|ETA|USD|EUR|GBP|JPY|CNY|VND|THB|IDR|PHP|INR|\d{1,2}h\d{2}|\d+(?:st|nd|rd|th|am|pm|h|hrs?|min|mins|kg|km))$/i;

const FROZEN_PATTERNS: ReadonlyArray<[FrozenKind, RegExp]> = [
  ['url', /\bhttps?:\/\/[^\s"'<>()]+[^\s"'<>().,;:!?]/gu],
  ['email', /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu],
  ['file', /[\p{L}\p{N}_-][\p{L}\p{N}_.-]*\.(?:pdf|docx?|xlsx?|csv|txt|json|jsonl|md|pptx?|png|jpe?g|gif|zip|py|html?|xml|yaml|yml)\b/giu],
  ['phone', /\+\d[\d ().-]{6,}\d|\(\d{3}\) ?\d{3}[ .-]\d{4}\b|\b\d{3}[.-]\d{3}[.-]\d{4}\b/gu],
  // Tokens mixing letters and digits, or joined by underscores: QTR52M, HAT906, 7PX284, lia_wu_5820, gift_card_76.
  ['id', /(?<![\p{Script=Latin}\d_])(?=[\p{Script=Latin}\d_-]*\p{Script=Latin})(?=[\p{Script=Latin}\d_-]*[\d_])[\p{Script=Latin}\d][\p{Script=Latin}\d_-]*[\p{Script=Latin}\d](?![\p{Script=Latin}\d_])/gu],
  // Upper-case codes: airports, currencies (JFK, SEA, USD).
  ['id', /(?<![\p{L}\d])\p{Lu}{3}(?![\p{L}\d])/gu],
  // Ids whose words were translated but not their number (บัตรเครดิต_4410377 for credit_card_4410377).
  ['id', /(?<![\p{L}\p{M}\p{N}_])\p{L}[\p{L}\p{M}]*(?:_[\p{L}\p{M}\p{N}]+)*_\p{N}+(?![\p{L}\p{M}\p{N}_])/gu],
];

const knownIdPatterns = new WeakMap<readonly string[], RegExp | null>();

/** A pattern for identifiers the caller knows (codes the document's own data uses), as whole tokens; built once per list. */
function knownIdPattern(known: readonly string[]): RegExp | null {
  const cached = knownIdPatterns.get(known);
  if (cached !== undefined) return cached;
  const pattern = buildKnownIdPattern(known);
  knownIdPatterns.set(known, pattern);
  return pattern;
}

function buildKnownIdPattern(known: readonly string[]): RegExp | null {
  if (known.length === 0) return null;
  const alternatives = [...new Set(known)].sort((a, b) => b.length - a.length).map((k) => k.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`(?<![\\p{L}\\p{N}_])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}_])`, 'gu');
}

function keyOf(kind: FrozenKind, text: string): string {
  if (kind === 'phone') return text.replace(/\D/g, '');
  if (kind === 'email') return text.toLowerCase();
  return text;
}

/** Marks `taken` offsets so that later patterns do not re-read a span (a date inside a URL, a number inside an id). */
function free(taken: boolean[], start: number, end: number): boolean {
  for (let k = start; k < end; k++) if (taken[k]) return false;
  return true;
}

function take(taken: boolean[], start: number, end: number): void {
  for (let k = start; k < end; k++) taken[k] = true;
}

function collect<K extends string>(text: string, taken: boolean[], pattern: RegExp, build: (m: RegExpExecArray) => Span<K> | null): Span<K>[] {
  const out: Span<K>[] = [];
  for (const match of text.matchAll(pattern)) {
    const start = match.index ?? 0;
    const end = start + match[0].length;
    if (!free(taken, start, end)) continue;
    const span = build(match);
    if (span === null) continue;
    take(taken, start, end);
    out.push(span);
  }
  return out;
}

const DATE_PATTERNS: ReadonlyArray<[RegExp, (m: RegExpExecArray) => Array<[number | null, number, number | null]>]> = [
  // 2024-05-26, 2024/5/26, 2024.05.26
  [/\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\b/gu, (m) => [[Number(m[1]), Number(m[2]), Number(m[3])]]],
  // 26-05-2024, 26/05/2024, 05/26/2024 (day and month in either order when both could be either)
  [/\b(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})\b/gu, (m) => dayMonthOrders(Number(m[1]), Number(m[2]), Number(m[3]))],
  // 2024年5月26日, 5月26日, 2024년 5월 26일
  [/(?:(\d{4})\s*[年년]\s*)?(\d{1,2})\s*[月월]\s*(\d{1,2})\s*[日일号號]?/gu, (m) => [[m[1] ? Number(m[1]) : null, Number(m[2]), Number(m[3])]]],
  // ngày 26 tháng 5 năm 2024
  [/(?:ngày\s*)?(\d{1,2})\s*tháng\s*(\d{1,2})(?:\s*(?:năm|,)\s*(\d{4}))?/giu, (m) => [[m[3] ? Number(m[3]) : null, Number(m[2]), Number(m[1])]]],
  // 26 May 2024, 26. Mai 2024, 26 de mayo de 2024, 26 พฤษภาคม 2567
  [
    new RegExp(`\\b(\\d{1,2})\\.?\\s*(?:de\\s+)?(${MONTH_NAME_PATTERN})(?:,?\\s*(?:de\\s+|del\\s+|พ\\.ศ\\.\\s*|ค\\.ศ\\.\\s*)?(\\d{4}))?`, 'giu'),
    (m) => [[m[3] ? Number(m[3]) : null, monthNumber(m[2] ?? ''), Number(m[1])]],
  ],
  // May 26, 2024; May 26th
  [
    new RegExp(`(${MONTH_NAME_PATTERN})\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b(?:,?\\s*(\\d{4}))?`, 'giu'),
    (m) => [[m[3] ? Number(m[3]) : null, monthNumber(m[1] ?? ''), Number(m[2])]],
  ],
  // 26/5, 5/26 (no year)
  [/\b(\d{1,2})\/(\d{1,2})\b(?![/.]\d)/gu, (m) => dayMonthOrders(Number(m[1]), Number(m[2]), null)],
];

function dayMonthOrders(a: number, b: number, year: number | null): Array<[number | null, number, number | null]> {
  const out: Array<[number | null, number, number | null]> = [];
  if (b >= 1 && b <= 12 && a >= 1 && a <= 31) out.push([year, b, a]);
  if (a >= 1 && a <= 12 && b >= 1 && b <= 31 && a !== b) out.push([year, a, b]);
  return out;
}

function dateKeys(readings: ReadonlyArray<[number | null, number, number | null]>): string[] {
  return readings
    .filter(([, month]) => month >= 1 && month <= 12)
    .flatMap(([year, month, day]) => {
      // Thai writes Buddhist-era years (2567 = 2024).
      const years = year === null ? ['*'] : year > 2400 ? [String(year), String(year - 543)] : [String(year)];
      return years.map((y) => `date:${y}-${month}-${day ?? '*'}`);
    });
}

const TIME_PATTERNS: ReadonlyArray<[RegExp, (m: RegExpExecArray) => string[]]> = [
  // 14:30, 2:30 PM, 14h30, 14.30 น.
  [/\b(\d{1,2})(?::|h|\.(?=\d{2}\s*น))(\d{2})(?:\s*([ap])(?:\.\s*m\.?|\s*m\b))?/giu, (m) => timeKeys(clockReadings(Number(m[1]), Number(m[2]), m[3]))],
  // 2 PM, 2pm, 2 p.m. (the full stop after "2pm." ends the sentence, not the time)
  [/\b(\d{1,2})\s*([ap])(?:\.\s*m\.?|\s*m\b)/giu, (m) => timeKeys(clockReadings(Number(m[1]), 0, m[2]))],
  // 下午2点30分, 14時, 2点半
  [/(上午|下午|晚上|午前|午後)?\s*(\d{1,2})\s*[点點時时](?:\s*(\d{1,2})\s*分|(半))?/gu, (m) => timeKeys(clockReadings(Number(m[2]), m[4] ? 30 : Number(m[3] ?? 0), m[1] === '下午' || m[1] === '晚上' || m[1] === '午後' ? 'p' : m[1] ? 'a' : undefined))],
  // 3 giờ chiều, 8 giờ 30 sáng; a bare "10 giờ" is also ten hours, so it keeps its number too.
  [
    /\b(\d{1,2})\s*giờ(?:\s*(\d{1,2})(?:\s*phút)?)?(?:\s*(sáng|trưa|chiều|tối|đêm))?/giu,
    (m) => {
      const part = m[3]?.toLowerCase();
      const half = part === 'sáng' ? 'a' : part === 'chiều' || part === 'tối' ? 'p' : undefined;
      const keys = timeKeys(clockReadings(Number(m[1]), Number(m[2] ?? 0), half));
      return part === undefined && m[2] === undefined ? [...keys, `number:${Number(m[1])}`] : keys;
    },
  ],
];

function timeKeys(minutes: readonly number[]): string[] {
  return minutes.map((m) => `time:${m}`);
}

/** Minutes after midnight; a time without am/pm under 13 may be either half of the day. */
function clockReadings(hour: number, minute: number, half: string | undefined): number[] {
  if (hour > 23 || minute > 59) return [];
  const h = half?.toLowerCase();
  if (h === 'p') return [((hour % 12) + 12) * 60 + minute];
  if (h === 'a') return [(hour % 12) * 60 + minute];
  return hour < 13 ? [hour * 60 + minute, ((hour % 12) + 12) * 60 + minute, (hour % 12) * 60 + minute] : [hour * 60 + minute];
}

const CURRENCY = String.raw`[$€£¥₩₫฿₹₱]|US\$|USD|EUR|VND|THB|IDR|PHP|Rp\.?|đ|บาท|ดอลลาร์|đô(?: la)?|元|美元|円|ドル`;
const NUMBER = String.raw`\d+(?:[.,\u00a0\u202f]\d{3})*(?:[.,]\d+)?`;
const AMOUNT = new RegExp(`(?:(?:${CURRENCY})\\s?)?-?${NUMBER}(?:\\s?(?:${CURRENCY}))?%?`, 'gu');

/** Every numeric value a written number may mean: `1.000` is a thousand (de, vi, id) or one (en). */
export function numberReadings(written: string): string[] {
  // Both no-break spaces group digits (French); separators before or after the digits belong to no number.
  const digits = written.replace(/[^\d.,\u00a0\u202f]/g, '').replace(/\u00a0/g, '\u202f').replace(/^\D+|\D+$/g, '');
  const separators = [...new Set(digits.match(/[.,\u00a0\u202f]/g) ?? [])];
  const readings = new Set<number>();
  if (separators.length === 0) readings.add(Number(digits));
  else if (separators.length === 2) {
    const decimal = digits.match(/[.,](?=\d+$)/)?.[0];
    if (decimal !== undefined) readings.add(Number(digits.replace(new RegExp(`[^\\d${decimal === '.' ? '.' : ','}]`, 'g'), '').replace(',', '.')));
  } else {
    const groups = digits.split(separators[0] ?? '');
    if (groups.slice(1).every((g) => g.length === 3) && (groups[0]?.length ?? 0) <= 3) readings.add(Number(groups.join('')));
    if (groups.length === 2 && (separators[0] === '.' || separators[0] === ',')) readings.add(Number(groups.join('.')));
  }
  return [...readings].filter((n) => Number.isFinite(n)).map((n) => `number:${n}`);
}

/**
 * Frozen and value spans of a text, in order of position. `knownIds` are codes the caller knows to be identifiers
 * although nothing in their shape says so (an all-letter reservation code such as HXDUBJ).
 */
export function findSpans(original: string, knownIds: readonly string[] = []): { frozen: Span<FrozenKind>[]; values: Span<ValueKind>[] } {
  const text = asciiDigits(original);
  const taken: boolean[] = new Array<boolean>(text.length).fill(false);
  const span = <K extends string>(kind: K, m: RegExpExecArray, keys: string[]): Span<K> | null => {
    const start = m.index;
    return keys.length === 0 ? null : { kind, text: original.slice(start, start + m[0].length), start, end: start + m[0].length, keys };
  };
  const known = knownIdPattern(knownIds);
  const patterns: ReadonlyArray<[FrozenKind, RegExp]> = known === null ? FROZEN_PATTERNS : [['id', known], ...FROZEN_PATTERNS];
  const frozen = patterns.flatMap(([kind, pattern]) =>
    collect(text, taken, pattern, (m) => (kind === 'id' && NOT_AN_ID.test(m[0]) ? null : span(kind, m, [keyOf(kind, m[0])]))),
  );
  const dates = DATE_PATTERNS.flatMap(([pattern, read]) => collect(text, taken, pattern, (m) => span('date' as const, m, dateKeys(read(m)))));
  const times = TIME_PATTERNS.flatMap(([pattern, read]) =>
    collect(text, taken, pattern, (m) => span('time' as const, m, read(m))),
  );
  const numbers = collect(text, taken, AMOUNT, (m) => {
    const trimmed = m[0].trim();
    return /\d/.test(trimmed) ? span('number' as const, m, numberReadings(m[0].replace(new RegExp(CURRENCY, 'gu'), ''))) : null;
  });
  const byStart = <T extends Span>(a: T, b: T): number => a.start - b.start;
  return { frozen: frozen.sort(byStart), values: [...dates, ...times, ...numbers].sort(byStart) };
}
