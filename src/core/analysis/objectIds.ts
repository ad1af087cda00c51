import { STRONG_WEIGHT, addTextTokens, type TokenWeights } from './matchTokens';

// Ids of the things a tool created or targets: values under id-like keys, an id returned as a bare value, or an
// id-looking token inside a message such as "Event created with id evt_42".

const ID_KEY = /(?:^id$|_id$|Id$|^uid$|_uid$)/;
const BARE_ID = /^[\w.:@+-]{3,}$/;

function isIdKey(key: string): boolean {
  return ID_KEY.test(key);
}

function addIds(value: unknown, underIdKey: boolean, out: Set<string>): void {
  if (typeof value === 'number') {
    if (underIdKey) out.add(String(value));
  } else if (typeof value === 'string') {
    if (underIdKey || BARE_ID.test(value)) out.add(value);
    else {
      const tokens: TokenWeights = new Map();
      addTextTokens(value, tokens);
      for (const [token, weight] of tokens) if (weight === STRONG_WEIGHT && /\d/.test(token)) out.add(token);
    }
  } else if (Array.isArray(value)) {
    for (const item of value) addIds(item, underIdKey, out);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) if (isIdKey(key)) addIds(item, true, out);
  }
}

/** Ids a tool result hands back (the created object's id). */
export function idsInResult(result: unknown): Set<string> {
  const out = new Set<string>();
  if (typeof result === 'number') out.add(String(result));
  else addIds(result, false, out);
  return out;
}

/** Ids a call's arguments point at: values of id-like keys, else every scalar argument. */
export function idsInArgs(args: Record<string, unknown>): Set<string> {
  const out = new Set<string>();
  for (const [key, value] of Object.entries(args)) if (isIdKey(key)) addIds(value, true, out);
  if (out.size === 0) {
    for (const value of Object.values(args)) if (typeof value === 'string' || typeof value === 'number') out.add(String(value));
  }
  return out;
}

/** The first object inside `value` whose id-like key holds `id` (an item as a read returned it). */
export function findObjectById(value: unknown, id: string): Record<string, unknown> | null {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = findObjectById(item, id);
      if (found) return found;
    }
  } else if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    // Collections are often maps keyed by id.
    const keyed = record[id];
    if (keyed !== null && typeof keyed === 'object' && !Array.isArray(keyed)) return keyed as Record<string, unknown>;
    for (const [key, item] of Object.entries(record)) {
      if (isIdKey(key) && (typeof item === 'string' || typeof item === 'number') && String(item) === id) return record;
    }
    for (const item of Object.values(record)) {
      const found = findObjectById(item, id);
      if (found) return found;
    }
  }
  return null;
}
