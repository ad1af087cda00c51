import { normalizeLanguage } from '../../language/normalizeLanguage';

// How a language writes what is ambiguous without it: the decimal separator of `1,234` (one thousand two hundred
// and thirty-four, or one point two three four) and the order of `03/04/2024` (March 4 or 3 April). Each run's
// values are read with its own language's conventions; a language not listed reads only what is unambiguous.

export interface LocaleConventions {
  decimal: ',' | '.' | null;
  /** Numeric dates with the month first (`10/16/2024`), else the day first; null when unknown. */
  monthFirst: boolean | null;
  /** Years over 2400 are Buddhist Era years (Thai: 2567 BE = 2024 CE). */
  buddhistYears: boolean;
  /** The currency a bare `¥` stands for. */
  yen: 'JPY' | 'CNY' | null;
}

const COMMA_DECIMAL = new Set(['spa', 'deu', 'fra', 'ita', 'por', 'ind', 'tur', 'vie', 'nld', 'rus', 'pol']);
const POINT_DECIMAL = new Set(['eng', 'cmn', 'zho', 'yue', 'jpn', 'kor', 'hin', 'tha', 'fil', 'tgl', 'msa', 'zsm']);
const MONTH_FIRST = new Set(['eng', 'fil', 'tgl']);
const DAY_FIRST = new Set(['spa', 'deu', 'fra', 'ita', 'por', 'ind', 'tur', 'vie', 'hin', 'tha', 'nld', 'rus', 'pol', 'msa', 'zsm']);

export const UNKNOWN_CONVENTIONS: LocaleConventions = { decimal: null, monthFirst: null, buddhistYears: false, yen: null };

/** The conventions of a run's language (any code or tag normalizeLanguage reads); unknown for anything else. */
export function localeConventions(language: string | null | undefined): LocaleConventions {
  const code = language ? (normalizeLanguage(language) ?? language) : null;
  if (code === null) return UNKNOWN_CONVENTIONS;
  return {
    decimal: COMMA_DECIMAL.has(code) ? ',' : POINT_DECIMAL.has(code) ? '.' : null,
    monthFirst: MONTH_FIRST.has(code) ? true : DAY_FIRST.has(code) ? false : null,
    buddhistYears: code === 'tha',
    yen: code === 'jpn' ? 'JPY' : code === 'cmn' || code === 'zho' || code === 'yue' ? 'CNY' : null,
  };
}
