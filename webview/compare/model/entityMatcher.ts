// Finds the forms of the compared entities in any text the view shows. Matching the forms' text (rather than the
// offsets the host found them at) colours every lane the same way, whatever shape the text takes there: a JSON value,
// a piece of a diff, a truncated preview, an oracle argument.
import type { ComparedEntities, ComparedEntity } from '../../../src/core/entities/compareEntities';
import type { ScriptCode } from '../../../src/core/language/scripts';

/** A form found in a text: [start, end) in UTF-16 units. */
export interface EntityRange {
  start: number;
  end: number;
  entity: ComparedEntity;
  script: ScriptCode;
  /** False when the form goes on in the next piece of text (a diff split it): its badge goes there. */
  ends: boolean;
}

export interface EntityMatcher {
  find(text: string): EntityRange[];
}

export const NO_ENTITY_MATCHER: EntityMatcher = { find: () => [] };

/**
 * Letters of these scripts are written in words: a form must not start or end inside one ("Wei" in "Weimar"). Each
 * script's letters, then the letters its words are made of.
 */
const WORD_SCRIPTS: ReadonlyArray<readonly [RegExp, RegExp]> = [
  [/\p{Script=Latin}/u, /[\p{Script=Latin}\p{N}]/u],
  [/\p{Script=Cyrillic}/u, /[\p{Script=Cyrillic}\p{N}]/u],
  [/\p{Script=Devanagari}/u, /[\p{Script=Devanagari}\p{N}]/u],
  [/\p{Script=Arabic}/u, /[\p{Script=Arabic}\p{N}]/u],
];

/** The letters that must not touch a form's first or last letter `char`; null when its script runs on (Han, kana, Thai, Hangul). */
function wordLetters(char: string): RegExp | null {
  return WORD_SCRIPTS.find(([letter]) => letter.test(char))?.[1] ?? null;
}
/** Shorter forms would colour stray letters. */
const MIN_FORM_LENGTH = 2;
const CACHE_SIZE = 2000;

interface Form {
  /** Lower-cased, NFC: texts are compared lower-cased. */
  lower: string;
  entity: ComparedEntity;
  script: ScriptCode;
  /** Letters that must not touch the form's first / last letter, or null (Han, kana, Thai, Hangul run on). */
  lead: RegExp | null;
  trail: RegExp | null;
}

function touches(letters: RegExp | null, char: string | undefined): boolean {
  return letters !== null && char !== undefined && letters.test(char);
}

/**
 * Forms are looked up by their first letter and compared in place: a regular expression alternating hundreds of
 * forms tries every one at every position, which is far too slow for a 10,000-step run's text.
 */
export function entityMatcher({ entities }: ComparedEntities): EntityMatcher {
  const byFirst = new Map<number, Form[]>();
  const seen = new Set<string>();
  for (const entity of entities) {
    for (const form of entity.forms) {
      const lower = form.text.trim().normalize('NFC').toLowerCase();
      // A spelling shared by two entities belongs to the first: one colour per span.
      if (lower.length < MIN_FORM_LENGTH || seen.has(lower)) continue;
      seen.add(lower);
      const lead = wordLetters(lower.charAt(0));
      const trail = wordLetters(lower.charAt(lower.length - 1));
      const first = lower.charCodeAt(0);
      byFirst.set(first, [...(byFirst.get(first) ?? []), { lower, entity, script: form.script, lead, trail }]);
    }
  }
  if (byFirst.size === 0) return NO_ENTITY_MATCHER;
  // Longest first, so "Zhang Wei" wins over a shorter form it starts with.
  for (const forms of byFirst.values()) forms.sort((a, b) => b.lower.length - a.lower.length);
  // The same strings come back on every render and scroll (JSON keys, repeated queries): each is searched once.
  const cache = new Map<string, EntityRange[]>();
  const search = (text: string): EntityRange[] => {
    const lower = text.toLowerCase();
    // Lower-casing changed some character's length: offsets would be wrong, so nothing is coloured.
    if (lower.length !== text.length) return [];
    const ranges: EntityRange[] = [];
    for (let at = 0; at < lower.length; at++) {
      const candidates = byFirst.get(lower.charCodeAt(at));
      if (candidates === undefined) continue;
      for (const form of candidates) {
        const end = at + form.lower.length;
        if (!lower.startsWith(form.lower, at) || touches(form.lead, text[at - 1]) || touches(form.trail, text[end])) continue;
        ranges.push({ start: at, end, entity: form.entity, script: form.script, ends: true });
        at = end - 1;
        break;
      }
    }
    return ranges;
  };
  return {
    find(text) {
      let ranges = cache.get(text);
      if (ranges === undefined) {
        ranges = search(text);
        if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
        cache.set(text, ranges);
      }
      return ranges;
    },
  };
}

/** The ranges of a whole text that fall in its piece [from, to), relative to the piece. */
export function rangesWithin(ranges: readonly EntityRange[], from: number, to: number): EntityRange[] {
  return ranges
    .filter((r) => r.start < to && r.end > from)
    .map((r) => ({ ...r, start: Math.max(r.start, from) - from, end: Math.min(r.end, to) - from, ends: r.end <= to }));
}
