import { canonicalJson } from './canonicalJson';
import { addTextTokens, addValueTokens, STRONG_WEIGHT, type TokenWeights } from './matchTokens';

// What of a value can change a verdict: its language-independent tokens (ids, emails, numbers, dates, codes), whether
// it is empty or an error. Free text (words a translation rewrites) cannot, on its own, tell two runs apart.

const NOTHING = /^\s*(?:\[\s*\]|\{\s*\}|null|none|no (?:results?|matches?|items?|records?)(?: found)?|not found|0 results?)\s*\.?\s*$/i;

function strong(weights: TokenWeights): Set<string> {
  const out = new Set<string>();
  for (const [token, weight] of weights) if (weight === STRONG_WEIGHT) out.add(token);
  return out;
}

/** The language-independent tokens of a JSON value. */
export function strongTokens(value: unknown): Set<string> {
  const weights: TokenWeights = new Map();
  addValueTokens(value, weights);
  return strong(weights);
}

/** The language-independent tokens of a text. */
export function strongTextTokens(text: string): Set<string> {
  const weights: TokenWeights = new Map();
  addTextTokens(text, weights);
  return strong(weights);
}

export function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size !== b.size) return false;
  for (const item of a) if (!b.has(item)) return false;
  return true;
}

/** A tool result that found or returned nothing. */
export function isEmptyResult(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '' || NOTHING.test(value);
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.values(value).every(isEmptyResult);
  return false;
}

function hasNonAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 127) return true;
  return false;
}

/**
 * Free text: words a translation rewrites (a name, a sentence), as opposed to an id, a date, a number or a single
 * ASCII word, which is usually an enum literal (`economy`) whose change matters.
 */
export function isFreeText(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const weights: TokenWeights = new Map();
  addTextTokens(value, weights);
  const weak = [...weights.values()].filter((w) => w !== STRONG_WEIGHT).length;
  if (weak === 0) return false;
  return weights.size > 1 || hasNonAscii(value);
}

/** The call's outcome as far as a verdict can tell: an error, nothing found, or what it returned. */
function resultKey(result: unknown, error: string | null): string {
  if (error !== null) return 'error';
  return isEmptyResult(result) ? 'empty' : 'found';
}

export interface CallOutcome {
  result: unknown;
  error: string | null;
}

const DATE = /^\d{4}-\d{2}-\d{2}/;
const MIN_ID_CHARS = 5;

/** An id, an email or a date: `evt_3a90`, `c_0193`, `P7HV3D`, `a@b.com`, `2024-10-19`, but not `2nd` or `Heads-up`. */
function isIdLike(token: string): boolean {
  if (token.includes('@') || DATE.test(token)) return true;
  return token.length >= MIN_ID_CHARS && /\d/.test(token) && /[A-Za-z]/.test(token);
}

function idTokens(value: unknown): Set<string> {
  return new Set([...strongTokens(value)].filter(isIdLike));
}

/**
 * Two results of a call differ when one failed or found nothing and the other did not; for reads also when they name
 * other ids, emails or dates (`sameCall`: the calls were identical, so only those count, not numbers or codes a
 * translated universe may write its own way; else any language-independent token). A write's own return value (a
 * fresh id) says nothing about the environment.
 */
export function resultsDiffer(a: CallOutcome, b: CallOutcome, write: boolean, sameCall: boolean): boolean {
  if (resultKey(a.result, a.error) !== resultKey(b.result, b.error)) return true;
  if (write || a.error !== null) return false;
  if (canonicalJson(a.result) === canonicalJson(b.result)) return false;
  return sameCall ? !sameSet(idTokens(a.result), idTokens(b.result)) : !sameSet(strongTokens(a.result), strongTokens(b.result));
}
