import { isObject, stringOrNull } from '../formats/gaia2/values';
import { scriptOfLanguage } from '../drift/detectLanguage';
import { charScript } from '../language/scripts';
import type { TranslationFinding } from './finding';
import { placeFinding, type TranslatedDocument } from './translatedDocument';

// Every enum literal of a translated data_model.json needs a localized form: a value set entry without one (or,
// in a language not written in Latin letters, with the canonical English word left in place) cannot be mapped, and
// a literal the source schema has but the translation's set lacks is missing altogether.

function localizedForms(entry: Record<string, unknown>): string[] {
  const localized = Array.isArray(entry.localized) ? entry.localized : [entry.localized];
  return localized.filter((l): l is string => typeof l === 'string' && l.trim() !== '');
}

function escapeKey(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

function canonicalValues(set: unknown): string[] {
  return (isObject(set) && Array.isArray(set.values) ? set.values : []).flatMap((v) => {
    const canonical = isObject(v) ? stringOrNull(v.canonical) : typeof v === 'string' ? v : null;
    return canonical === null ? [] : [canonical];
  });
}

export function checkLiterals(doc: TranslatedDocument, sourceModel: unknown): TranslationFinding[] {
  const sets = isObject(doc.value) && isObject(doc.value.value_sets) ? doc.value.value_sets : {};
  const nonLatin = scriptOfLanguage(doc.language) !== 'Latn';
  const findings: TranslationFinding[] = [];
  for (const [name, set] of Object.entries(sets)) {
    const pointer = `/value_sets/${escapeKey(name)}`;
    const values = isObject(set) && Array.isArray(set.values) ? set.values : [];
    values.forEach((entry, k) => {
      if (!isObject(entry)) return;
      const canonical = stringOrNull(entry.canonical);
      if (canonical === null) return;
      const forms = localizedForms(entry);
      const at = `${pointer}/values/${k}/canonical`;
      if (forms.length === 0) {
        findings.push(placeFinding(doc, at, { code: 'literal-missing', message: `${name}: "${canonical}" has no localized form`, source: canonical, translation: null, at: null }));
      } else if (nonLatin && forms.every((f) => f === canonical || [...f].some((c) => charScript(c) === 'Latn'))) {
        const form = forms[0] ?? canonical;
        findings.push(placeFinding(doc, `${pointer}/values/${k}/localized`, { code: 'literal-missing', message: `${name}: "${canonical}" is left as "${form}", not localized`, source: canonical, translation: form, at: { start: 0, end: form.length } }));
      }
    });
    const present = new Set(canonicalValues(set));
    const sourceSet = isObject(sourceModel) && isObject(sourceModel.value_sets) ? sourceModel.value_sets[name] : undefined;
    for (const canonical of canonicalValues(sourceSet).filter((c) => !present.has(c))) {
      findings.push(placeFinding(doc, `${pointer}/values`, { code: 'literal-missing', message: `${name}: "${canonical}" is in the source schema but not in the translation`, source: canonical, translation: null, at: null }));
    }
  }
  return findings;
}
