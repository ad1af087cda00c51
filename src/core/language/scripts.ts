// Which writing system a name is written in: the badge the compare view shows and the key that routes romanization.

export type ScriptCode = 'Latn' | 'Hani' | 'Kana' | 'Deva' | 'Thai' | 'Hang' | 'Cyrl' | 'Arab' | 'Zyyy';

export const SCRIPT_PATTERNS: ReadonlyArray<readonly [Exclude<ScriptCode, 'Zyyy'>, RegExp]> = [
  ['Latn', /\p{Script=Latin}/u],
  ['Hani', /\p{Script=Han}/u],
  ['Kana', /[\p{Script=Hiragana}\p{Script=Katakana}]/u],
  ['Deva', /\p{Script=Devanagari}/u],
  ['Thai', /\p{Script=Thai}/u],
  ['Hang', /\p{Script=Hangul}/u],
  ['Cyrl', /\p{Script=Cyrillic}/u],
  ['Arab', /\p{Script=Arabic}/u],
];

/** The script of one character, or Zyyy (common: digits, punctuation, spaces, other scripts). */
export function charScript(char: string): ScriptCode {
  for (const [code, pattern] of SCRIPT_PATTERNS) if (pattern.test(char)) return code;
  return 'Zyyy';
}

/**
 * Scripts that name a language outright but that names are not routed by (nothing romanizes them), so charScript
 * leaves them common; language detection tells them apart through letterScript.
 */
type LanguageOnlyScript = 'Hebr' | 'Grek' | 'Beng' | 'Taml';

export type LetterScript = Exclude<ScriptCode, 'Zyyy'> | LanguageOnlyScript;

const LANGUAGE_ONLY_SCRIPT_PATTERNS: ReadonlyArray<readonly [LanguageOnlyScript, RegExp]> = [
  ['Hebr', /\p{Script=Hebrew}/u],
  ['Grek', /\p{Script=Greek}/u],
  ['Beng', /\p{Script=Bengali}/u],
  ['Taml', /\p{Script=Tamil}/u],
];

/** The script of one letter among every script a language is recognised by, or null for any other. */
export function letterScript(char: string): LetterScript | null {
  const code = charScript(char);
  if (code !== 'Zyyy') return code;
  return LANGUAGE_ONLY_SCRIPT_PATTERNS.find(([, pattern]) => pattern.test(char))?.[0] ?? null;
}

/**
 * The script most of the text's letters are written in. Kana wins over Han when both occur: Han with kana is Japanese
 * (a kanji family name with a kana given name), which is romanized per run anyway.
 */
export function detectScript(text: string): ScriptCode {
  const counts = new Map<ScriptCode, number>();
  for (const char of text) {
    const code = charScript(char);
    if (code !== 'Zyyy') counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  if ((counts.get('Kana') ?? 0) > 0 && (counts.get('Hani') ?? 0) > 0) return 'Kana';
  let best: ScriptCode = 'Zyyy';
  let most = 0;
  for (const [code, count] of counts) {
    if (count > most) {
      best = code;
      most = count;
    }
  }
  return best;
}
