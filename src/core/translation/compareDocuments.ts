import { checkStringPair } from './checkStringPair';
import type { TranslationFinding } from './finding';
import { placeFinding, type FindingDraft, type TranslatedDocument } from './translatedDocument';
import { findSpans } from './spans';
import { checkTerms, type Term } from './terms';
import { walkTranslatedStrings } from './walkTranslatedStrings';

// Compares every string of a source document with its counterpart in the translation. A string the translation lacks
// altogether loses every id and value it carried.

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Upper-case codes of five to twelve letters or digits; a string value on its own, such as a reservation id. */
const CODE_VALUE = /^(?=[A-Z0-9]*[A-Z])[A-Z0-9]{5,12}$/;

const CODE_IN_TEXT = /(?<![\p{L}\p{N}_])(?=[A-Z0-9]*[A-Z])[A-Z0-9]{5,12}(?![\p{L}\p{N}_])/gu;

/**
 * Codes that are identifiers wherever a text mentions them, although an all-letter code looks like a word in
 * capitals: those the source document holds as values of their own (tool arguments such as
 * `"reservation_id": "HXDUBJ"`), and those the translation carries over verbatim (a word in capitals for emphasis
 * is translated; a code is not). A code the source also writes in small letters is a word (PENDING, pending).
 */
function knownCodes(source: unknown, translation: unknown): string[] {
  const codes = new Set<string>();
  const words = new Set<string>();
  const visit = (value: unknown, inSource: boolean): void => {
    if (typeof value === 'string') {
      if (inSource && CODE_VALUE.test(value)) codes.add(value);
      if (inSource) for (const w of value.match(/\p{Ll}+/gu) ?? []) words.add(w);
      else for (const m of value.matchAll(CODE_IN_TEXT)) codes.add(m[0]);
    } else if (Array.isArray(value)) value.forEach((item) => visit(item, inSource));
    else if (isRecord(value)) Object.values(value).forEach((item) => visit(item, inSource));
  };
  visit(source, true);
  visit(translation, false);
  return [...codes].filter((code) => /\d/.test(code) || !words.has(code.toLowerCase()));
}

function missingStringDrafts(source: string, knownIds: readonly string[]): FindingDraft[] {
  const { frozen, values } = findSpans(source, knownIds);
  return [...frozen, ...values].map((span) => ({
    code: span.kind === 'date' || span.kind === 'time' || span.kind === 'number' ? 'value-changed' : 'frozen-span-changed',
    message: `${span.text} is missing: the translation has no counterpart of this text`,
    source: span.text,
    translation: null,
    at: null,
  }));
}

export function compareDocuments(source: unknown, translated: TranslatedDocument, sourceLanguage: string, terms: readonly Term[] = []): TranslationFinding[] {
  const findings: TranslationFinding[] = [];
  const knownIds = knownCodes(source, translated.value);
  walkTranslatedStrings(source, translated.value, (src, dst, pointer) => {
    const drafts =
      typeof dst === 'string'
        ? [...checkStringPair(src, dst, sourceLanguage, translated.language, knownIds), ...(src === dst ? [] : checkTerms(src, dst, terms))]
        : dst === undefined || dst === null
          ? missingStringDrafts(src, knownIds)
          : [];
    for (const draft of drafts) findings.push(placeFinding(translated, pointer, draft));
  });
  return findings;
}
