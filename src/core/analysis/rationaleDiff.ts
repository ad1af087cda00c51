import { detectLanguage, type LanguageGuess } from '../drift/detectLanguage';
import type { RationaleDiff } from './comparison';
import { diffText } from './diffText';
import { localeConventions } from './equivalence/localeConventions';
import { languageDisplayName } from '../language/displayName';

// Two judge rationales for one oracle event, one per run: diffed word by word (Chinese, Japanese and Thai by the
// words Intl.Segmenter finds) when they are written in one language, else set side by side, as a word diff of two
// languages only says that every word differs. Each rationale's language is detected; the judge often writes
// English whatever the run's language.

// A Latin-script guess below this is too unsure to call two texts different languages.
const SURE = 0.5;

function differentLanguages(a: LanguageGuess, b: LanguageGuess): boolean {
  if (a.language === 'und' || b.language === 'und' || a.language === b.language) return false;
  if (a.script !== b.script) return true;
  return a.confidence >= SURE && b.confidence >= SURE;
}

/**
 * The diff of two rationales, or null when one is missing. `runLanguages` are the runs' languages, which settle a
 * script several languages share (kanji alone → Japanese in a Japanese run).
 */
export function rationaleDiff(
  baseline: string | null,
  target: string | null,
  runLanguages: { baseline: string; target: string },
  equivalentForms = true,
): RationaleDiff | null {
  if (!baseline || !target) return null;
  const a = detectLanguage(baseline, runLanguages.baseline);
  const b = detectLanguage(target, runLanguages.target);
  if (differentLanguages(a, b)) {
    return {
      mode: 'side-by-side',
      baselineLanguage: a.language,
      targetLanguage: b.language,
      baselineLanguageName: languageDisplayName(a.language),
      targetLanguageName: languageDisplayName(b.language),
    };
  }
  const language = a.language === 'und' ? b.language : a.language;
  const conventions = localeConventions(language === 'und' ? null : language);
  const equivalences = equivalentForms ? { baseline: conventions, target: conventions } : undefined;
  const known = language === 'und' ? undefined : language;
  return {
    mode: 'diff',
    language,
    languageName: known === undefined ? null : languageDisplayName(known),
    parts: diffText(baseline, target, known, equivalences),
  };
}
