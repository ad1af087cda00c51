import { checkStringPair } from './checkStringPair';
import type { TranslationFinding } from './finding';
import { placeFinding, type FindingDraft, type TranslatedDocument } from './translatedDocument';
import { findSpans } from './spans';
import { checkTerms, type Term } from './terms';

// Walks a source document and its translation in parallel (same keys, same array positions) and compares their
// strings. A string the translation lacks altogether loses every id and value it carried.

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function escapeKey(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Tasks listed in another order: source index → translated index, paired by their `id` when every item has one. */
function counterpartsById(src: readonly unknown[], dst: readonly unknown[]): Map<number, number> | null {
  const idOf = (item: unknown): string | null => (isRecord(item) && (typeof item.id === 'string' || typeof item.id === 'number') ? String(item.id) : null);
  const dstIds = dst.map(idOf);
  if (src.length === 0 || dstIds.some((id) => id === null)) return null;
  const pairs = new Map<number, number>();
  for (const [k, item] of src.entries()) {
    const id = idOf(item);
    if (id === null) return null;
    const index = dstIds.indexOf(id);
    if (index >= 0) pairs.set(k, index);
  }
  return pairs;
}

function missingStringDrafts(source: string): FindingDraft[] {
  const { frozen, values } = findSpans(source);
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
  const walk = (src: unknown, dst: unknown, pointer: string): void => {
    if (typeof src === 'string') {
      const drafts =
        typeof dst === 'string'
          ? [...checkStringPair(src, dst, sourceLanguage, translated.language), ...(src === dst ? [] : checkTerms(src, dst, terms))]
          : dst === undefined || dst === null
            ? missingStringDrafts(src)
            : [];
      for (const draft of drafts) findings.push(placeFinding(translated, pointer, draft));
    } else if (Array.isArray(src)) {
      const byId = Array.isArray(dst) ? counterpartsById(src, dst) : null;
      src.forEach((item, k) => {
        const index = byId?.get(k) ?? k;
        walk(item, Array.isArray(dst) ? dst[index] : undefined, `${pointer}/${index}`);
      });
    } else if (isRecord(src)) {
      for (const [key, item] of Object.entries(src)) walk(item, isRecord(dst) ? dst[key] : undefined, `${pointer}/${escapeKey(key)}`);
    }
  };
  walk(source, translated.value, '');
  return findings;
}
