import { detectLanguage, scriptOfLanguage } from '../drift/detectLanguage';
import { FUNCTION_WORDS } from '../drift/functionWords';
import { segmentTurn } from '../drift/segmentTurn';
import type { FindingDraft } from './translatedDocument';
import { findSpans, type Span } from './spans';

// Compares one source string with its translation: every identifier-like span and every value of the source must
// be in the translation (values in any localized format), and no sentence of the translation may be left in the
// source language. A string identical to its source was kept verbatim on purpose (ids, canonical arguments) and
// is only checked for what it carries, never as an untranslated sentence.

/** A leftover sentence needs at least this many letters (after masking ids) to be reported: names are shorter. */
const MIN_UNTRANSLATED_LETTERS = 20;
/** …and at least this many function words of the source language: product and place names have none. */
const MIN_FUNCTION_WORDS = 2;

const KIND_NAMES: Readonly<Record<string, string>> = {
  url: 'URL', email: 'email address', file: 'file name', phone: 'phone number', id: 'identifier', date: 'date', time: 'time', number: 'number',
};

function sharesKey(span: Span, others: readonly Span[]): boolean {
  return others.some((o) => o.keys.some((k) => span.keys.includes(k)));
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, k) => k);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row.push(Math.min((previous[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1)));
    previous = row;
  }
  return previous[b.length] ?? 0;
}

/**
 * What stands in the place of a missing source span: the translation's span of the same kind that matches nothing
 * in the source and, for identifiers, looks like an edit of it.
 */
function replacementOf(missing: Span, candidates: readonly Span[]): Span | null {
  const sameKind = candidates.filter((c) => c.kind === missing.kind);
  if (missing.kind !== 'id' && missing.kind !== 'email' && missing.kind !== 'url' && missing.kind !== 'file') return sameKind[0] ?? null;
  const scored = sameKind.map((c) => ({ c, d: editDistance(c.text, missing.text) })).filter(({ d }) => d <= Math.max(2, Math.floor(missing.text.length / 3)));
  return scored.sort((a, b) => a.d - b.d)[0]?.c ?? null;
}

function spanDrafts(sourceSpans: readonly Span[], translatedSpans: readonly Span[], code: FindingDraft['code']): FindingDraft[] {
  const missing = sourceSpans.filter((s, k) => !sharesKey(s, translatedSpans) && sourceSpans.findIndex((o) => o.keys.join() === s.keys.join()) === k);
  const unmatched = translatedSpans.filter((t) => !sharesKey(t, sourceSpans));
  return missing.map((span) => {
    const replacement = replacementOf(span, unmatched);
    if (replacement !== null) unmatched.splice(unmatched.indexOf(replacement), 1);
    const what = KIND_NAMES[span.kind] ?? span.kind;
    return {
      code,
      message: replacement === null ? `${what} ${span.text} is missing from the translation` : `${what} ${span.text} reads ${replacement.text} in the translation`,
      source: span.text,
      translation: replacement?.text ?? null,
      at: replacement === null ? null : { start: replacement.start, end: replacement.end },
    };
  });
}

function functionWordCount(text: string, language: string): number {
  const list = FUNCTION_WORDS[language];
  if (list === undefined) return MIN_FUNCTION_WORDS;
  return (text.toLowerCase().match(/[\p{L}']+/gu) ?? []).filter((w) => list.includes(w)).length;
}

function untranslatedDrafts(source: string, translation: string, sourceLanguage: string, targetLanguage: string): FindingDraft[] {
  if (sourceLanguage === targetLanguage) return [];
  const latinTarget = scriptOfLanguage(targetLanguage) === 'Latn';
  return segmentTurn(translation).flatMap((segment): FindingDraft[] => {
    const guess = detectLanguage(segment.text, targetLanguage);
    if (guess.language !== sourceLanguage || guess.letters < MIN_UNTRANSLATED_LETTERS || guess.confidence < 0.5) return [];
    if (functionWordCount(segment.text, sourceLanguage) < MIN_FUNCTION_WORDS) return [];
    // In a Latin-script target, a sentence must also be found in the source to count as left over.
    const trimmed = segment.text.trim();
    if (latinTarget && !source.includes(trimmed)) return [];
    const start = segment.start + segment.text.indexOf(trimmed);
    return [{
      code: 'untranslated-span',
      message: `left in the source language: ${trimmed}`,
      source: trimmed,
      translation: trimmed,
      at: { start, end: start + trimmed.length },
    }];
  });
}

/** Problems of one translated string against its source string. */
export function checkStringPair(source: string, translation: string, sourceLanguage: string, targetLanguage: string): FindingDraft[] {
  if (source === translation) return [];
  const src = findSpans(source);
  const dst = findSpans(translation);
  return [
    ...spanDrafts(src.frozen, dst.frozen, 'frozen-span-changed'),
    ...spanDrafts(src.values, dst.values, 'value-changed'),
    ...untranslatedDrafts(source, translation, sourceLanguage, targetLanguage),
  ].sort((a, b) => (a.at?.start ?? -1) - (b.at?.start ?? -1));
}
