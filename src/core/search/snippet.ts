// One line of context around a match, with the matched part's position in it.
import { fold } from './fold';

/** Characters of context shown before a match, and the longest snippet. */
const BEFORE = 30;
const MAX_LENGTH = 100;

export interface Snippet {
  snippet: string;
  /** [start, end) of the matched text in `snippet`; null when nothing in particular matched. */
  highlight: [number, number] | null;
}

/**
 * Maps a range of `fold(text)` back onto `text`. Folding keeps lengths for nearly all text; where it does not
 * (ligatures, `İ`), characters are folded one by one to find where the range starts and ends.
 */
function originalRange(text: string, foldedLength: number, start: number, end: number): [number, number] {
  if (foldedLength === text.length) return [start, end];
  let from = -1;
  let folded = 0;
  let original = 0;
  for (const c of text) {
    if (from < 0 && folded + fold(c).length > start) from = original;
    if (folded >= end) return [Math.max(from, 0), original];
    folded += fold(c).length;
    original += c.length;
  }
  return [Math.max(from, 0), text.length];
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** `text` cut to one line around [start, end), with an ellipsis where it was cut; offsets are into `text`. */
export function snippetOf(text: string, start: number, end: number, prefix = ''): Snippet {
  let from = Math.max(0, start - BEFORE);
  let to = Math.min(text.length, Math.max(end, from + MAX_LENGTH - prefix.length));
  if (to - from > MAX_LENGTH) to = from + MAX_LENGTH;
  if (from > 0 && isLowSurrogate(text.charCodeAt(from))) from++;
  if (to < text.length && isLowSurrogate(text.charCodeAt(to))) to--;
  const lead = `${prefix}${from > 0 ? '…' : ''}`;
  // Whitespace becomes a space one for one, so the offsets stay right.
  const shown = text.slice(from, to).replace(/\s/g, ' ');
  const highlightStart = lead.length + Math.min(start, to) - from;
  const highlightEnd = lead.length + Math.min(end, to) - from;
  return {
    snippet: `${lead}${shown}${to < text.length ? '…' : ''}`,
    highlight: highlightEnd > highlightStart ? [highlightStart, highlightEnd] : null,
  };
}

/** A snippet around the first occurrence of `needle` (folded) in `text`; null when it does not occur. */
export function findSnippet(text: string, folded: string, needle: string, prefix = ''): Snippet | null {
  const at = folded.indexOf(needle);
  if (at < 0) return null;
  const [start, end] = originalRange(text, folded.length, at, at + needle.length);
  return snippetOf(text, start, end, prefix);
}
