import type { LocaleConventions } from './localeConventions';
import { normalForm, sharedNormalForm, type EquivalenceSides } from './normalForm';

// Equivalence of JSON values: scalars by the normal form of their text (`"12"`, `12` and `"十二"` alike), lists and
// objects element by element. Used for argument diffs and for alignment.

/**
 * A JSON value with every scalar (except booleans and null) replaced by the normal form of its text. Pass one
 * `forms` map to many calls to normalize each distinct text once (alignment normalizes every argument of a run).
 */
export function normalValue(value: unknown, conventions: LocaleConventions, forms: Map<string, string> = new Map()): unknown {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') {
    const text = String(value);
    let form = forms.get(text);
    if (form === undefined) {
      form = normalForm(text, conventions);
      forms.set(text, form);
    }
    return form;
  }
  // Containers whose items are all in normal form already are returned as they are: callers can tell by identity.
  if (Array.isArray(value)) {
    const items = value.map((item) => normalValue(item, conventions, forms));
    return items.every((item, k) => item === value[k]) ? value : items;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    const normal = entries.map(([key, item]): [string, unknown] => [key, normalValue(item, conventions, forms)]);
    return normal.every(([, item], k) => item === entries[k]?.[1]) ? value : Object.fromEntries(normal);
  }
  return value;
}

/** The normal form two differing scalars share, or null when they differ in substance (or are not scalars). */
export function equivalentValue(baseline: unknown, target: unknown, sides: EquivalenceSides): string | null {
  const scalar = (v: unknown): v is string | number | bigint => typeof v === 'string' || typeof v === 'number' || typeof v === 'bigint';
  if (!scalar(baseline) || !scalar(target)) return null;
  return sharedNormalForm(String(baseline), String(target), sides);
}
