import { localeConventions } from '../../../../src/core/analysis/equivalence/localeConventions';
import { sharedNormalForm } from '../../../../src/core/analysis/equivalence/normalForm';

// Two values as written by runs in two languages: the normal form they share, or null when they differ in substance.
export function shared(baseline: string, baselineLanguage: string, target: string, targetLanguage: string): string | null {
  return sharedNormalForm(baseline, target, {
    baseline: localeConventions(baselineLanguage),
    target: localeConventions(targetLanguage),
  });
}
