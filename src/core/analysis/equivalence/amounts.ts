import type { LocaleConventions } from './localeConventions';

// Numbers with group and decimal separators read by the writer's locale (`1,234.50` in English, `1.234,50` in
// German, `1 234,50` in French are all 1234.5), and amounts with a currency symbol or code on either side
// (`$1,234.50`, `1.234,50 USD`, `US$ 1,234.50` are all `USD 1234.5`).

/** Digits grouped by `,` `.` space, no-break space or apostrophe, with an optional decimal part; or plain digits. */
export const NUMBER_PATTERN = String.raw`\d{1,3}(?:[,.\u0020\u00a0\u202f'’]\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?`;

const SYMBOLS: ReadonlyArray<readonly [string, string]> = [
  ['US$', 'USD'], ['R$', 'BRL'], ['S$', 'SGD'], ['A$', 'AUD'], ['HK$', 'HKD'], ['NT$', 'TWD'], ['$', 'USD'],
  ['€', 'EUR'], ['£', 'GBP'], ['₹', 'INR'], ['Rs.', 'INR'], ['Rs', 'INR'], ['฿', 'THB'], ['บาท', 'THB'],
  ['₫', 'VND'], ['đồng', 'VND'], ['₩', 'KRW'], ['₺', 'TRY'], ['₱', 'PHP'], ['Rp', 'IDR'], ['円', 'JPY'],
  ['人民币', 'CNY'], ['美元', 'USD'], ['欧元', 'EUR'], ['元', 'CNY'], ['ドル', 'USD'], ['ユーロ', 'EUR'],
];
const CODES = [
  'USD', 'EUR', 'GBP', 'JPY', 'CNY', 'RMB', 'INR', 'THB', 'VND', 'IDR', 'PHP', 'TRY', 'KRW', 'BRL', 'MXN', 'SGD',
  'AUD', 'CAD', 'CHF', 'HKD', 'TWD', 'MYR',
];
const CODE_OF = new Map<string, string>([...SYMBOLS, ...CODES.map((c): [string, string] => [c, c === 'RMB' ? 'CNY' : c])]);

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Any currency symbol, word or ISO code, longest first (`US$` before `$`). */
export const CURRENCY_PATTERN = `(?:${[...CODE_OF.keys(), '¥'].sort((a, b) => b.length - a.length).map(escape).join('|')})`;

/** The ISO code of a currency mark; `¥` depends on the locale (yen in Japanese, yuan in Chinese). */
export function currencyCode(mark: string, conventions: LocaleConventions): string | null {
  if (mark === '¥') return conventions.yen ?? 'JPY';
  return CODE_OF.get(mark) ?? CODE_OF.get(mark.toUpperCase()) ?? null;
}

function canonicalDecimal(integer: string, fraction: string): string {
  const whole = integer.replace(/^0+(?=\d)/, '');
  const decimals = fraction.replace(/0+$/, '');
  return decimals === '' ? whole : `${whole}.${decimals}`;
}

/**
 * The number a numeral writes, as `1234.5`, or null when its separators can be read two ways and the locale does not
 * say which (`1,234` with no known locale) or do not group by thousands.
 */
export function numberValue(text: string, conventions: LocaleConventions): string | null {
  const numeral = text.replace(/[\u0020\u00a0\u202f'’]/g, ' ');
  const separators = numeral.match(/\D/g) ?? [];
  // Leading zeros make an id or a code (`007`), not a quantity.
  if (separators.length === 0) return /^0\d/.test(numeral) ? null : numeral;
  const at = numeral.search(/\D\d*$/);
  const last = numeral[at] as string;
  const tail = numeral.slice(at + 1);
  let decimalAt: number | null;
  if (last === ' ' || separators.filter((s) => s === last).length > 1) decimalAt = null; // 1 234, 1,234,567
  else if (new Set(separators).size > 1) decimalAt = at; // 1,234.50, 1.234,50, 1 234,50
  else if (tail.length !== 3) decimalAt = at; // 12.5, 1234,50
  else if (conventions.decimal === null) return null; // 1,234: a thousand or a fraction, and nothing says which
  else decimalAt = last === conventions.decimal ? at : null;
  const integer = decimalAt === null ? numeral : numeral.slice(0, decimalAt);
  if (new Set(integer.replace(/\d/g, '')).size > 1) return null;
  const groups = integer.split(/\D/);
  if (groups.length > 1 && ((groups[0] as string).length > 3 || groups.slice(1).some((g) => g.length !== 3))) return null;
  return canonicalDecimal(groups.join(''), decimalAt === null ? '' : tail);
}
