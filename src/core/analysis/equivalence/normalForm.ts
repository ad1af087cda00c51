import { foldCharacters, foldText } from './foldCharacters';
import type { LocaleConventions } from './localeConventions';
import { findValueSpans, type ValueSpan } from './valueSpans';

// The normal form of a text: what is left when form is set aside (width, native digits, how dates, numbers and
// amounts are written). Two texts with the same normal form say the same thing; each is read with the conventions
// of the run that wrote it.

/** A value in the original text (offsets into it) with its normal form. */
export type OriginalSpan = ValueSpan;

// Pure ASCII without digits has no other form: skipped without folding (alignment normalizes every argument).
const MAY_HAVE_FORMS = /[\d\u0080-\uffff]/;

/** The values of a text, with offsets into the text as given (not the folded one). */
export function valueSpans(text: string, conventions: LocaleConventions): OriginalSpan[] {
  if (!MAY_HAVE_FORMS.test(text)) return [];
  const folded = foldCharacters(text);
  return findValueSpans(folded.text, conventions).map((span) => ({
    start: folded.origin[span.start] as number,
    end: folded.origin[span.end] as number,
    normal: span.normal,
  }));
}

/** The text folded, with every value replaced by its normal form. */
export function normalForm(text: string, conventions: LocaleConventions): string {
  if (!MAY_HAVE_FORMS.test(text)) return text;
  const folded = foldText(text);
  let out = '';
  let last = 0;
  for (const span of findValueSpans(folded, conventions)) {
    out += folded.slice(last, span.start) + span.normal;
    last = span.end;
  }
  return out + folded.slice(last);
}

/** The conventions each side of a comparison is read with. */
export interface EquivalenceSides {
  baseline: LocaleConventions;
  target: LocaleConventions;
}

/** The normal form both texts share when they differ only by form, else null (also when they are identical). */
export function sharedNormalForm(baseline: string, target: string, sides: EquivalenceSides): string | null {
  if (baseline === target) return null;
  const normal = normalForm(baseline, sides.baseline);
  return normal === normalForm(target, sides.target) ? normal : null;
}
