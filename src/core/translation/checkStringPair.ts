import { detectLanguage, scriptOfLanguage } from '../drift/detectLanguage';
import { FUNCTION_WORDS } from '../drift/functionWords';
import { segmentTurn } from '../drift/segmentTurn';
import { spelledForDigits } from './numberWords';
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

/** The long digit runs of an id (4410377 in credit_card_4410377): what a translator who translates its words keeps. */
function digitRuns(text: string): string {
  return (text.match(/\d{3,}/g) ?? []).join(' ');
}

/**
 * What stands in the place of a missing source span: the translation's span of the same kind that matches nothing
 * in the source and, for identifiers, looks like an edit of it or keeps its number.
 */
function replacementOf(missing: Span, candidates: readonly Span[]): Span | null {
  const sameKind = candidates.filter((c) => c.kind === missing.kind);
  if (missing.kind !== 'id' && missing.kind !== 'email' && missing.kind !== 'url' && missing.kind !== 'file') return sameKind[0] ?? null;
  const digits = digitRuns(missing.text);
  const scored = sameKind
    .map((c) => ({ c, d: digits !== '' && digitRuns(c.text) === digits ? 0 : editDistance(c.text, missing.text) }))
    .filter(({ d }) => d <= Math.max(2, Math.floor(missing.text.length / 3)));
  return scored.sort((a, b) => a.d - b.d)[0]?.c ?? null;
}

/**
 * Source spans the translation lacks. Each translated span stands for one source span, so a value the source gives
 * twice must be there twice: dropping one of two mentions of JFK loses it. `spelled`: how often the translation
 * writes out a count of one to ten in words, which no span carries; each word stands for one number.
 */
function spanDrafts(sourceSpans: readonly Span[], translatedSpans: readonly Span[], code: FindingDraft['code'], spelled: Map<string, number> = new Map()): FindingDraft[] {
  const free = [...translatedSpans];
  const missing: Span[] = [];
  for (const span of sourceSpans) {
    const match = free.findIndex((t) => sharesKey(span, [t]));
    const word = span.keys.find((k) => (spelled.get(k) ?? 0) > 0);
    if (match >= 0) free.splice(match, 1);
    else if (word !== undefined) spelled.set(word, (spelled.get(word) ?? 0) - 1);
    else if (!missing.some((m) => m.keys.join() === span.keys.join())) missing.push(span);
  }
  const unmatched = free.filter((t) => !sharesKey(t, sourceSpans));
  return missing.map((span) => {
    const replacement = replacementOf(span, unmatched);
    if (replacement !== null) unmatched.splice(unmatched.indexOf(replacement), 1);
    const what = KIND_NAMES[span.kind] ?? span.kind;
    const inSource = sourceSpans.filter((o) => o.keys.join() === span.keys.join()).length;
    const inTranslation = translatedSpans.filter((t) => sharesKey(span, [t])).length;
    const message =
      replacement !== null
        ? `${what} ${span.text} reads ${replacement.text} in the translation`
        : inTranslation > 0
          ? `${what} ${span.text} appears ${inSource} times in the source but ${inTranslation} in the translation`
          : `${what} ${span.text} is missing from the translation`;
    return {
      code,
      message,
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

/** Quoted passages: a sentence the text asks someone to say, which may sit inside a translated sentence. */
const QUOTED = /'([^']+)'|"([^"]+)"|“([^”]+)”|‘([^’]+)’|«([^»]+)»|「([^」]+)」/gu;

function quotedPassages(text: string): Array<{ text: string; start: number }> {
  return [...text.matchAll(QUOTED)].map((m) => {
    const inner = m.slice(1).find((g) => g !== undefined) ?? '';
    return { text: inner, start: (m.index ?? 0) + 1 };
  });
}

function untranslatedDrafts(source: string, translation: string, sourceLanguage: string, targetLanguage: string): FindingDraft[] {
  if (sourceLanguage === targetLanguage) return [];
  const latinTarget = scriptOfLanguage(targetLanguage) === 'Latn';
  const drafts: FindingDraft[] = [];
  // Sentences, and quotations inside sentences: "end each reply with 'You are …'" keeps its frame translated.
  for (const piece of [...segmentTurn(translation), ...quotedPassages(translation)]) {
    const guess = detectLanguage(piece.text, targetLanguage);
    if (guess.language !== sourceLanguage || guess.letters < MIN_UNTRANSLATED_LETTERS || guess.confidence < 0.5) continue;
    if (functionWordCount(piece.text, sourceLanguage) < MIN_FUNCTION_WORDS) continue;
    // In a Latin-script target, a sentence must also be found in the source to count as left over.
    const trimmed = piece.text.trim().replace(/^['"“‘«「]+|['"”’»」]+$/gu, '');
    if (latinTarget && !source.includes(trimmed)) continue;
    const start = piece.start + piece.text.indexOf(trimmed);
    const end = start + trimmed.length;
    if (drafts.some((d) => d.at !== null && d.at.start < end && start < d.at.end)) continue;
    drafts.push({ code: 'untranslated-span', message: `left in the source language: ${trimmed}`, source: trimmed, translation: trimmed, at: { start, end } });
  }
  return drafts;
}

/**
 * Problems of one translated string against its source string. `knownIds`: codes the documents use as identifiers
 * although nothing in their shape says so (all-letter reservation codes), checked like any other id.
 */
export function checkStringPair(source: string, translation: string, sourceLanguage: string, targetLanguage: string, knownIds: readonly string[] = []): FindingDraft[] {
  if (source === translation) return [];
  const src = findSpans(source, knownIds);
  const dst = findSpans(translation, knownIds);
  return [
    ...spanDrafts(src.frozen, dst.frozen, 'frozen-span-changed'),
    ...spanDrafts(src.values, dst.values, 'value-changed', spelledForDigits(source, sourceLanguage, translation, targetLanguage)),
    ...untranslatedDrafts(source, translation, sourceLanguage, targetLanguage),
  ].sort((a, b) => (a.at?.start ?? -1) - (b.at?.start ?? -1));
}
