import { longVowelsAgree } from './abjadVowels';
import { keyMode, MIN_KEY_LENGTH, phoneticKey, type KeyMode } from './phoneticKey';
import type { NameForm, Reading } from './romanize';

// Whether two written names are the same person's name. Guards against short-key false links: the joined key must be
// long enough for the mode, multi-token names must agree on their token count (in any order: "Zhang Wei" ≙ "Wei Zhang"),
// and a Han or Hangul name (family + given) never matches a single Latin word.

function rotations(tokens: readonly string[]): string[] {
  return tokens.map((_, i) => [...tokens.slice(i), ...tokens.slice(0, i)].join(''));
}

/** Pairs the Arabic tokens with tokens of the other name of the same key, each with agreeing long vowels. */
function arabicTokensAgree(arabic: readonly string[], other: readonly string[], mode: KeyMode): boolean {
  const unused = [...other];
  return arabic.every((token) => {
    const key = phoneticKey(token, mode);
    const i = unused.findIndex((o) => phoneticKey(o, mode) === key && longVowelsAgree(token, o, mode));
    if (i < 0) return false;
    unused.splice(i, 1);
    return true;
  });
}

function readingsMatch(a: Reading, b: Reading, mode: KeyMode, arabic: 'a' | 'b' | null): boolean {
  const ka = a.tokens.map((t) => phoneticKey(t, mode)).filter((k) => k.length > 0);
  const kb = b.tokens.map((t) => phoneticKey(t, mode)).filter((k) => k.length > 0);
  const min = MIN_KEY_LENGTH[mode.vowels];
  if (ka.join('').length < min || kb.join('').length < min) return false;
  if (!a.flexible && !b.flexible) {
    if (ka.length !== kb.length || [...ka].sort().join(' ') !== [...kb].sort().join(' ')) return false;
    if (arabic === 'a') return arabicTokensAgree(a.tokens, b.tokens, mode);
    if (arabic === 'b') return arabicTokensAgree(b.tokens, a.tokens, mode);
    return true;
  }
  if (a.flexible && b.flexible) return ka.join('') === kb.join('');
  const [flexible, fixed, fixedKeys, flexibleKeys] = a.flexible ? [a, b, kb, ka] : [b, a, ka, kb];
  if (fixed.tokens.length < flexible.minTokens) return false;
  return rotations(fixedKeys).includes(flexibleKeys.join(''));
}

export function sameName(a: NameForm, b: NameForm): boolean {
  const mode = keyMode(a.script, b.script);
  // Two Arabic-script names compare their letters as written; the long-vowel check is for a name in another script.
  const arabic = a.script === b.script ? null : a.script === 'Arab' ? 'a' : b.script === 'Arab' ? 'b' : null;
  return a.readings.some((ra) => b.readings.some((rb) => readingsMatch(ra, rb, mode, arabic)));
}

const LOOSEST: KeyMode = { vowels: 'skeleton', kana: true };

/**
 * The set of consonants of a name's loosest key, sorted: equal for any two names that can match in any mode and
 * token order, so linking compares names pairwise only within a bucket.
 */
export function bucketKeys(form: NameForm): string[] {
  const keys = form.readings.map((r) => {
    const consonants = r.tokens.map((t) => phoneticKey(t, LOOSEST).replace(/ng/g, 'n')).join('');
    return [...new Set(consonants)].sort().join('');
  });
  return [...new Set(keys)];
}
