import { francAll } from 'franc-min';
import { letterScript } from '../language/scripts';
import { FUNCTION_WORDS } from './functionWords';

// Language of a short piece of conversation text, for drift: script first (Thai, Hangul, kana, Han, Devanagari… name
// the language outright, where trigram models are weak on short text), then, for Latin script, Vietnamese letters,
// function words, and franc-min restricted to plausible candidates. Identifiers, codes, URLs, emails and numbers are
// masked first: "QTR52M" or "JFK" in a Thai sentence says nothing about its language.

export interface LanguageGuess {
  /** ISO 639-3 code, or `und` when the text has too few letters or no language is clearly ahead. */
  language: string;
  /** ISO 15924 code of the dominant script of the letters (Latn, Thai, Hani, Jpan, Hang, Deva, Arab, Cyrl…), or Zyyy. */
  script: string;
  /** 0..1: how clearly the language is ahead (share of letters for script decisions). */
  confidence: number;
  /** Letters counted after masking identifiers. */
  letters: number;
}

/** Latin-script languages franc-min may choose from, unless the caller's expected language adds one. */
const LATIN_CANDIDATES = ['eng', 'vie', 'ind', 'fil', 'spa', 'fra', 'deu', 'ita', 'por', 'tur'];
/** franc-min's code where it differs from ours. */
const FRANC_CODE: Readonly<Record<string, string>> = { fil: 'tgl' };
const OUR_CODE: Readonly<Record<string, string>> = { tgl: 'fil' };

const MASKS: readonly RegExp[] = [
  /https?:\/\/\S+/gu,
  /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.\p{L}{2,}/gu,
  // Tokens with a digit or an underscore (QTR52M, HAT906, lia_wu_5820, 7PX284) and upper-case codes (JFK, USD).
  /[\p{Script=Latin}\p{N}_-]*[\p{N}_][\p{Script=Latin}\p{N}_-]*/gu,
  /\b\p{Lu}{2,}\b/gu,
];

/** The text with identifiers, codes, URLs, emails and numbers replaced by spaces (same length, same offsets). */
export function maskIdentifiers(text: string): string {
  return MASKS.reduce((masked, pattern) => masked.replace(pattern, (m) => ' '.repeat(m.length)), text);
}

/** The language a script names when the expected language does not use it. */
const SCRIPT_LANGUAGE: Readonly<Record<string, string>> = {
  Thai: 'tha', Hang: 'kor', Jpan: 'jpn', Hani: 'cmn', Deva: 'hin', Arab: 'arb', Cyrl: 'rus', Hebr: 'heb', Grek: 'ell', Beng: 'ben', Taml: 'tam',
};
/** Languages written in each non-Latin script, so that an expected `mar` keeps a Devanagari turn on target. */
const SCRIPT_OF_LANGUAGE: Readonly<Record<string, string>> = {
  tha: 'Thai', kor: 'Hang', jpn: 'Jpan', cmn: 'Hani', zho: 'Hani', yue: 'Hani', hin: 'Deva', mar: 'Deva', npi: 'Deva', nep: 'Deva',
  arb: 'Arab', ara: 'Arab', urd: 'Arab', pes: 'Arab', fas: 'Arab', rus: 'Cyrl', ukr: 'Cyrl', bul: 'Cyrl', heb: 'Hebr', ell: 'Grek',
  ben: 'Beng', tam: 'Taml',
};

/** The ISO 15924 script a language is usually written in (Latn when not listed). */
export function scriptOfLanguage(language: string): string {
  return SCRIPT_OF_LANGUAGE[language] ?? 'Latn';
}

/** Letters per script; kana makes Han text Japanese (Jpan), as kanji alone cannot tell Chinese from Japanese. */
function scriptCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const letter of text.match(/\p{L}/gu) ?? []) {
    const script = letterScript(letter) ?? 'Zzzz';
    counts.set(script, (counts.get(script) ?? 0) + 1);
  }
  const kana = counts.get('Kana') ?? 0;
  if (kana > 0) {
    counts.set('Jpan', kana + (counts.get('Hani') ?? 0));
    counts.delete('Kana');
    counts.delete('Hani');
  }
  return counts;
}

/** Function words of several languages (`no`, `de`, `la`, `a`…) tell none of them apart. */
const SHARED_WORDS: ReadonlySet<string> = (() => {
  const seen = new Map<string, number>();
  for (const list of Object.values(FUNCTION_WORDS)) for (const word of new Set(list)) seen.set(word, (seen.get(word) ?? 0) + 1);
  return new Set([...seen].filter(([, n]) => n > 1).map(([word]) => word));
})();

// Letters only Vietnamese uses among the candidates: ơ ư đ ă and the stacked tone marks of Latin Extended Additional.
const VIETNAMESE_LETTER = /[ơưđăƠƯĐĂ\u1EA0-\u1EF9]/gu;

function latinGuess(text: string, letters: number, expected: string | null): LanguageGuess {
  const words = text.toLowerCase().match(/[\p{L}\p{M}']+/gu) ?? [];
  const vietnamese = (text.match(VIETNAMESE_LETTER) ?? []).length;
  if (vietnamese >= 2 && vietnamese / Math.max(1, words.length) >= 0.2) {
    return { language: 'vie', script: 'Latn', confidence: Math.min(1, 0.6 + vietnamese / Math.max(1, words.length)), letters };
  }
  const hits = Object.entries(FUNCTION_WORDS)
    .map(([language, list]) => ({ language, count: words.filter((w) => list.includes(w) && !SHARED_WORDS.has(w)).length }))
    .sort((a, b) => b.count - a.count);
  const [best, second] = hits;
  const share = best ? best.count / words.length : 0;
  // Two function words ahead, or one that stands alone in a short turn ("Thank you!").
  const decisive = best !== undefined && (best.count >= 2 ? best.count >= 2 * (second?.count ?? 0) : best.count === 1 && share >= 0.2 && second?.count === 0);
  if (best && decisive) {
    return { language: best.language, script: 'Latn', confidence: Math.min(1, 0.5 + share + (best.count - (second?.count ?? 0)) * 0.05), letters };
  }
  const candidates = [...new Set([...LATIN_CANDIDATES, ...(expected !== null && scriptOfLanguage(expected) === 'Latn' ? [expected] : [])])];
  const ranked = francAll(text, { minLength: 10, only: candidates.map((c) => FRANC_CODE[c] ?? c) });
  const [top, next] = ranked;
  if (!top || top[0] === 'und') return { language: 'und', script: 'Latn', confidence: 0, letters };
  const gap = 1 - (next?.[1] ?? 0);
  return { language: OUR_CODE[top[0]] ?? top[0], script: 'Latn', confidence: Math.min(1, gap * 4), letters };
}

/**
 * Guesses the language of `text`. `expected` (ISO 639-3) settles which language of a shared script is meant
 * (Devanagari → mar when Marathi is expected) and joins the Latin candidates.
 */
export function detectLanguage(text: string, expected: string | null = null): LanguageGuess {
  const masked = maskIdentifiers(text);
  const counts = scriptCounts(masked);
  const letters = [...counts.values()].reduce((a, b) => a + b, 0);
  if (letters === 0) return { language: 'und', script: 'Zyyy', confidence: 0, letters: 0 };
  const [script, count] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0] ?? ['Zzzz', 0];
  const share = count / letters;
  if (script === 'Latn') {
    const guess = latinGuess(masked, letters, expected);
    return { ...guess, confidence: guess.confidence * share };
  }
  // Kanji without kana is still Japanese when Japanese is expected.
  const sameScript = expected !== null && (scriptOfLanguage(expected) === script || (expected === 'jpn' && script === 'Hani'));
  const language = sameScript && expected !== null ? expected : (SCRIPT_LANGUAGE[script] ?? 'und');
  return { language, script, confidence: share, letters };
}
