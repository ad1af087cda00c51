import { diffTokens } from '../diffTokens';
import { foldCharacters } from './foldCharacters';
import type { LocaleConventions } from './localeConventions';
import { valueSpans } from './normalForm';

// The units of an equivalence-aware word diff: each value with a normal form (date, amount, number) is one unit
// keyed by that form; the words between are diff tokens keyed by their folded form (half-width, ASCII digits).

export interface EquivalenceToken {
  /** The text as written. */
  text: string;
  /** What two tokens must share to be the same: the normal form. */
  key: string;
}

// Full-width punctuation (`，` `（`) is how CJK text is written, not another form of a value: marking it would only
// add noise between an English and a Chinese text, so punctuation keeps its own form.
const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

function pushWords(text: string, language: string | undefined, out: EquivalenceToken[]): void {
  if (text === '') return;
  for (const word of diffTokens(text, language)) {
    out.push({ text: word, key: HAS_LETTER_OR_DIGIT.test(word) ? foldCharacters(word).text : word });
  }
}

export function equivalenceTokens(text: string, language: string | undefined, conventions: LocaleConventions): EquivalenceToken[] {
  const tokens: EquivalenceToken[] = [];
  let last = 0;
  for (const span of valueSpans(text, conventions)) {
    pushWords(text.slice(last, span.start), language, tokens);
    tokens.push({ text: text.slice(span.start, span.end), key: span.normal });
    last = span.end;
  }
  pushWords(text.slice(last), language, tokens);
  return tokens;
}
