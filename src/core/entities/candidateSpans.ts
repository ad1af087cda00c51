// Spans of free text that may be a person's name, in every script the linker reads. Deliberately generous: a span
// becomes a mention only when it matches a name found in a structured place (a search query, a contact record, an
// email address), so the window scans over unspaced scripts cost lookups, not false entities.

export interface Span {
  start: number;
  end: number;
  text: string;
}

// Capitalised words (Latin, full-width Latin, Cyrillic) joined by spaces or hyphenated parts.
const CAPITALISED_RUN = /\p{Lu}[\p{Ll}\p{M}'’]*(?:-\p{L}[\p{Ll}\p{M}'’]*)*(?:[ \u00A0\u3000]+\p{Lu}[\p{Ll}\p{M}'’]*(?:-\p{L}[\p{Ll}\p{M}'’]*)*)+/gu;
const WORD = /\S+/gu;
const HAN_RUN = /\p{Script=Han}{2,}/gu;
// Names of people outside Japan are written in katakana, as a whole run (チャン・ウェイ); Japanese names in running
// text are written in kanji, which the Han windows cover.
const KATAKANA_RUN = /[\p{Script=Katakana}ー][\p{Script=Katakana}ー・･ ]*[\p{Script=Katakana}ー]/gu;
const HANGUL_WORD = /\p{Script=Hangul}{2,}/gu;
// Words of scripts written with spaces and no letter case.
const SPACED_RUN = /(?:[\p{Script=Devanagari}\p{Script=Arabic}\p{Script=Thai}]+[ \u00A0]*)+/gu;

const MAX_WORDS = 4;
const HAN_NAME = { min: 2, max: 4 };

function wordSpans(text: string, offset: number): Span[] {
  return [...text.matchAll(WORD)].map((m) => ({ start: offset + m.index, end: offset + m.index + m[0].length, text: m[0] }));
}

/** Every run of 2..MAX_WORDS consecutive words (the sentence-initial "Email Zhang Wei" also yields "Zhang Wei"). */
function wordWindows(words: readonly Span[], source: string, minWords: number): Span[] {
  const spans: Span[] = [];
  for (let i = 0; i < words.length; i++) {
    for (let n = minWords; n <= MAX_WORDS && i + n <= words.length; n++) {
      const start = (words[i] as Span).start;
      const end = (words[i + n - 1] as Span).end;
      spans.push({ start, end, text: source.slice(start, end) });
    }
  }
  return spans;
}

function charWindows(run: string, offset: number, size: { min: number; max: number }): Span[] {
  const chars = [...run];
  const spans: Span[] = [];
  let start = offset;
  for (let i = 0; i < chars.length; i++) {
    let end = start;
    for (let n = 1; n <= size.max && i + n <= chars.length; n++) {
      end += (chars[i + n - 1] as string).length;
      if (n >= size.min) spans.push({ start, end, text: run.slice(start - offset, end - offset) });
    }
    start += (chars[i] as string).length;
  }
  return spans;
}

export function candidateSpans(text: string): Span[] {
  const spans: Span[] = [];
  for (const m of text.matchAll(CAPITALISED_RUN)) spans.push(...wordWindows(wordSpans(m[0], m.index), text, 2));
  for (const m of text.matchAll(HAN_RUN)) spans.push(...charWindows(m[0], m.index, HAN_NAME));
  for (const m of text.matchAll(KATAKANA_RUN)) spans.push({ start: m.index, end: m.index + m[0].length, text: m[0] });
  // A Korean name is one word, often with a particle attached (김민준에게): its first 2..4 syllables.
  for (const m of text.matchAll(HANGUL_WORD)) spans.push(...charWindows(m[0], m.index, HAN_NAME).filter((s) => s.start === m.index));
  for (const m of text.matchAll(SPACED_RUN)) spans.push(...wordWindows(wordSpans(m[0], m.index), text, 2));
  return spans;
}
