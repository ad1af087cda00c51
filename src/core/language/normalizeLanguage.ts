import { LANGUAGE_CODES } from './languageCodes';

/** The code for runs whose language could not be determined (ISO 639-3 "undetermined"). */
export const UNDETERMINED = 'und';

// language[-script][-region]; `_` is accepted as well (`en_US`, as POSIX locales and Python write them).
// Variants and extensions are not: `it-support` or `fr-notes` are folder names, not language tags.
const TAG = /^([a-z]{2,3})(?:[-_]([a-z]{4}))?(?:[-_]([a-z]{2}|\d{3}))?$/i;

/**
 * ISO 639-3 code for a language label — an ISO 639-1/639-2/639-3 code or a BCP 47 tag (`zh-CN`, `pt-BR`,
 * `zh-Hant-TW`, `en_US`), any case; script and region are dropped. Null when the label is not a language we
 * recognise, including ordinary folder names that happen to be codes (see NEVER_LANGUAGES).
 */
export function normalizeLanguage(label: string): string | null {
  const match = TAG.exec(label.trim());
  if (!match?.[1]) return null;
  return LANGUAGE_CODES.get(match[1].toLowerCase()) ?? null;
}

/**
 * A language code as a person names one in a setting or an option, where no folder name can be mistaken for it:
 * whatever normalizeLanguage accepts, plus any three-letter ISO 639-3 code as written (`cat`, `run`, `min`…).
 */
export function languageCode(value: string): string | null {
  const trimmed = value.trim();
  const lower = trimmed.toLowerCase();
  return normalizeLanguage(trimmed) ?? (/^[a-z]{3}$/.test(lower) && lower !== UNDETERMINED ? lower : null);
}
