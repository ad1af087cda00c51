import { diffArrays } from 'diff';
import type { TextDiffPart } from './comparison';
import { diffTokens } from './diffTokens';
import { equivalenceTokens, type EquivalenceToken } from './equivalence/equivalenceTokens';
import type { EquivalenceSides } from './equivalence/normalForm';

// Word-level diff of two texts (characters grouped into words by Intl.Segmenter for scripts without spaces). With
// equivalence sides, words and values that differ only by form are `equivalent` parts rather than changes.

// Beyond this many token edits the texts have little in common: show one replacement instead of spending the time.
const MAX_EDITS = 2000;
const WHITESPACE = /^\s*$/;

function append(parts: TextDiffPart[], op: 'equal' | 'delete' | 'insert', text: string): void {
  if (text === '') return;
  const last = parts[parts.length - 1];
  if (last && last.op === op) last.text += text;
  else parts.push({ op, text });
}

/** Length of the whitespace both texts share at their start (direction 1) or end (-1), leaving each a character. */
function sharedSpace(a: string, b: string, direction: 1 | -1): number {
  let n = 0;
  const max = Math.min(a.length, b.length) - 1;
  while (n < max) {
    const x = direction === 1 ? a[n] : a[a.length - 1 - n];
    const y = direction === 1 ? b[n] : b[b.length - 1 - n];
    if (x !== y || !WHITESPACE.test(x as string)) break;
    n++;
  }
  return n;
}

// Turns `delete a · equal " " · insert x · delete b · insert y` into `delete "a b" · insert "x y"`: a lone space between
// two changes reads better inside them than as a shared island.
function groupChanges(raw: TextDiffPart[]): TextDiffPart[] {
  const parts: TextDiffPart[] = [];
  let deleted = '';
  let inserted = '';
  const flush = (): void => {
    // Spaces both sides share at the edges of a change are shared text: `Zhang Wei` changed, not `Zhang Wei `.
    const lead = deleted && inserted ? sharedSpace(deleted, inserted, 1) : 0;
    const trail = deleted && inserted ? sharedSpace(deleted.slice(lead), inserted.slice(lead), -1) : 0;
    append(parts, 'equal', deleted.slice(0, lead));
    append(parts, 'delete', deleted.slice(lead, deleted.length - trail));
    append(parts, 'insert', inserted.slice(lead, inserted.length - trail));
    append(parts, 'equal', deleted.slice(deleted.length - trail));
    deleted = '';
    inserted = '';
  };
  raw.forEach((part, k) => {
    const inChange = deleted !== '' || inserted !== '';
    const next = raw[k + 1];
    const nextChanges = next !== undefined && (next.op === 'delete' || next.op === 'insert');
    if (part.op === 'equal' && inChange && nextChanges && WHITESPACE.test(part.text)) {
      deleted += part.text;
      inserted += part.text;
    } else if (part.op === 'delete') deleted += part.text;
    else if (part.op === 'insert') inserted += part.text;
    else {
      flush();
      if (part.op === 'equal') append(parts, 'equal', part.text);
      else parts.push(part);
    }
  });
  flush();
  return parts;
}

// Texts in two languages usually share no word at all; the edit search would only prove that, at quadratic cost,
// and segmenting them would be wasted too when they do not even share a letter or digit.
function shareALetter(a: string, b: string): boolean {
  const letters = new Set<number>();
  for (let i = 0; i < a.length; i++) if (isLetterOrDigit(a.charCodeAt(i))) letters.add(a.charCodeAt(i));
  for (let i = 0; i < b.length; i++) if (letters.has(b.charCodeAt(i))) return true;
  return false;
}

// ASCII letters and digits, and everything beyond ASCII except the space and punctuation blocks most texts use.
function isLetterOrDigit(c: number): boolean {
  if (c < 128) return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
  return c > 0xbf && !(c >= 0x2000 && c <= 0x206f) && !(c >= 0x3000 && c <= 0x303f) && !(c >= 0xff00 && c <= 0xff0f);
}

function shareAWord(a: readonly string[], b: readonly string[]): boolean {
  const words = new Set(a.filter((t) => !WHITESPACE.test(t)));
  return b.some((t) => words.has(t));
}

function replacement(baseline: string, target: string): TextDiffPart[] {
  return groupChanges([
    { op: 'delete', text: baseline },
    { op: 'insert', text: target },
  ]);
}

// Equal keys with different texts are equivalent parts; runs of equal keys stay one part.
function keyedParts(a: readonly EquivalenceToken[], b: readonly EquivalenceToken[]): TextDiffPart[] | null {
  const changes = diffArrays(
    a.map((t) => t.key),
    b.map((t) => t.key),
    { maxEditLength: MAX_EDITS },
  );
  if (!changes) return null;
  const raw: TextDiffPart[] = [];
  let i = 0;
  let j = 0;
  for (const change of changes) {
    if (change.removed) raw.push({ op: 'delete', text: a.slice(i, (i += change.count)).map((t) => t.text).join('') });
    else if (change.added) raw.push({ op: 'insert', text: b.slice(j, (j += change.count)).map((t) => t.text).join('') });
    else {
      for (let k = 0; k < change.count; k++, i++, j++) {
        const x = a[i] as EquivalenceToken;
        const y = b[j] as EquivalenceToken;
        const last = raw[raw.length - 1];
        if (x.text !== y.text) raw.push({ op: 'equivalent', text: x.text, target: y.text, normal: y.key });
        else if (last?.op === 'equal') last.text += x.text;
        else raw.push({ op: 'equal', text: x.text });
      }
    }
  }
  return groupChanges(raw);
}

function diffWithEquivalences(baseline: string, target: string, language: string | undefined, sides: EquivalenceSides): TextDiffPart[] {
  const a = equivalenceTokens(baseline, language, sides.baseline);
  const b = equivalenceTokens(target, language, sides.target);
  const keys = new Set(a.filter((t) => !WHITESPACE.test(t.key)).map((t) => t.key));
  const parts = b.some((t) => keys.has(t.key)) ? keyedParts(a, b) : null;
  return parts ?? replacement(baseline, target);
}

/**
 * Word diff of two texts. `equivalences`: the conventions each side is read with, to mark values that differ only by
 * form (dates, numbers, amounts, digits, width) as `equivalent` parts; without it, every difference is a change.
 */
export function diffText(baseline: string, target: string, language?: string, equivalences?: EquivalenceSides): TextDiffPart[] {
  if (baseline === target) return baseline === '' ? [] : [{ op: 'equal', text: baseline }];
  if (equivalences) return diffWithEquivalences(baseline, target, language, equivalences);
  if (!shareALetter(baseline, target)) return replacement(baseline, target);
  const a = diffTokens(baseline, language);
  const b = diffTokens(target, language);
  const changes = shareAWord(a, b) ? diffArrays(a, b, { maxEditLength: MAX_EDITS }) : undefined;
  if (!changes) return replacement(baseline, target);
  return groupChanges(
    changes.map((c): TextDiffPart => ({ op: c.added ? 'insert' : c.removed ? 'delete' : 'equal', text: c.value.join('') })),
  );
}
