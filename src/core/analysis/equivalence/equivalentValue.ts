import type { LocaleConventions } from './localeConventions';
import { normalForm, sharedNormalForm, type EquivalenceSides } from './normalForm';

// Equivalence of JSON values: scalars by the normal form of their text (`"12"`, `12` and `"十二"` alike), lists and
// objects element by element. Used for argument diffs and for alignment.

/** A JSON value with every scalar (except booleans and null) replaced by the normal form of its text. */
export function normalValue(value: unknown, conventions: LocaleConventions): unknown {
  if (typeof value === 'string') return normalForm(value, conventions);
  if (typeof value === 'number' || typeof value === 'bigint') return normalForm(String(value), conventions);
  if (Array.isArray(value)) return value.map((item) => normalValue(item, conventions));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, normalValue(item, conventions)]));
  }
  return value;
}

/** The normal form two differing scalars share, or null when they differ in substance (or are not scalars). */
export function equivalentValue(baseline: unknown, target: unknown, sides: EquivalenceSides): string | null {
  const scalar = (v: unknown): v is string | number | bigint => typeof v === 'string' || typeof v === 'number' || typeof v === 'bigint';
  if (!scalar(baseline) || !scalar(target)) return null;
  return sharedNormalForm(String(baseline), String(target), sides);
}
