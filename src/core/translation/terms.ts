import { isObject, stringOrNull } from '../formats/gaia2/values';
import type { FindingDraft } from './translatedDocument';

// Term consistency: one source term, one rendering across task, app data and oracle. The approved renderings come
// from a term table when the directory has one, and from the translated value sets (data_model.json) for enum
// literals of several words (`gift_card` → "gift card" → บัตรของขวัญ): the rendering the app data uses.
//
// Term table: `terms.json` — [{"source": "gift card", "translation": "บัตรของขวัญ", "language": "th"}] — or
// `terms.csv` with the header `source,translation,language`. `language` may be left out in a table inside a
// language folder (data/tau2/domains/airline/th/terms.json): the folder's language applies.

/** File names of term tables, read wherever they sit: at the root of the run directory or in a language folder. */
export const TERM_TABLE_NAMES: readonly string[] = ['terms.json', 'terms.csv'];

export interface Term {
  source: string;
  translation: string;
  /** ISO 639-3 code; null for a table that names none and sits in no language folder. */
  language: string | null;
  /** Where the approved rendering comes from, for the message. */
  origin: string;
}

function fold(text: string): string {
  return text.normalize('NFC').toLowerCase();
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The source term as a whole word or phrase; spaces, hyphens and underscores between its words are interchangeable.
 * Not inside an identifier: `gift_card_8887175` is a payment id the translation keeps, not the term "gift card".
 */
function termPattern(source: string): RegExp {
  const words = source.trim().split(/[\s_-]+/).map(escapeRegExp);
  return new RegExp(`(?<![\\p{L}\\p{N}_])${words.join('[\\s_-]+')}(?![\\p{L}\\p{N}_])`, 'iu');
}

/** Terms of a parsed terms.json; entries without source or translation are skipped. */
export function termsFromJson(value: unknown, folderLanguage: string | null, origin: string, languageOf: (label: string) => string | null): Term[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isObject).flatMap((entry) => {
    const source = stringOrNull(entry.source);
    const translation = stringOrNull(entry.translation);
    const label = stringOrNull(entry.language);
    if (!source?.trim() || !translation?.trim()) return [];
    return [{ source, translation, language: label === null ? folderLanguage : languageOf(label), origin }];
  });
}

/** Terms of a terms.csv (header `source,translation[,language]`, fields optionally in double quotes). */
export function termsFromCsv(text: string, folderLanguage: string | null, origin: string, languageOf: (label: string) => string | null): Term[] {
  const rows = text.split(/\r?\n/).filter((line) => line.trim() !== '').map(csvFields);
  const [header, ...body] = rows;
  if (header === undefined) return [];
  const column = (name: string): number => header.findIndex((h) => h.trim().toLowerCase() === name);
  const [s, t, l] = [column('source'), column('translation'), column('language')];
  if (s < 0 || t < 0) return [];
  return termsFromJson(
    body.map((row) => ({ source: row[s], translation: row[t], ...(l >= 0 && row[l]?.trim() ? { language: row[l]?.trim() } : {}) })),
    folderLanguage,
    origin,
    languageOf,
  );
}

function csvFields(line: string): string[] {
  const fields: string[] = [];
  for (const match of line.matchAll(/(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g)) fields.push(match[1] !== undefined ? match[1].replace(/""/g, '"') : (match[2] ?? ''));
  return fields;
}

/** Multi-word enum literals of translated value sets as terms: the app data's rendering of each. */
export function termsFromValueSets(dataModel: unknown, language: string, origin: string): Term[] {
  const sets = isObject(dataModel) && isObject(dataModel.value_sets) ? dataModel.value_sets : {};
  return Object.values(sets).flatMap((set) =>
    (isObject(set) && Array.isArray(set.values) ? set.values.filter(isObject) : []).flatMap((entry): Term[] => {
      const canonical = stringOrNull(entry.canonical);
      const localized = stringOrNull(entry.localized);
      if (canonical === null || localized === null || !/[_\s-]/.test(canonical.trim()) || fold(canonical) === fold(localized)) return [];
      return [{ source: canonical.replace(/_/g, ' '), translation: localized, language, origin }];
    }),
  );
}

/** Terms the source string uses whose approved rendering the translated string lacks. */
export function checkTerms(source: string, translation: string, terms: readonly Term[]): FindingDraft[] {
  const folded = fold(translation);
  const seen = new Set<string>();
  return terms.flatMap((term): FindingDraft[] => {
    const key = fold(term.source);
    if (seen.has(key)) return [];
    const match = termPattern(term.source).exec(source);
    if (match === null) return [];
    seen.add(key);
    const renderings = terms.filter((t) => fold(t.source) === key).map((t) => t.translation);
    if (renderings.some((r) => folded.includes(fold(r)))) return [];
    return [{
      code: 'term-inconsistent',
      message: `"${match[0]}" is rendered "${renderings.join('" / "')}" in ${term.origin}, but not in this text`,
      source: match[0],
      translation: null,
      at: null,
    }];
  });
}
