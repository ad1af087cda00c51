// The writing systems the letters of a text belong to, to tell `张伟` (Han) from `Zhang Wei` (Latin).

const SCRIPTS: ReadonlyArray<[string, RegExp]> = [
  ['Latin', /\p{Script=Latin}/u],
  ['Han', /\p{Script=Han}/u],
  ['Hiragana', /\p{Script=Hiragana}/u],
  ['Katakana', /\p{Script=Katakana}/u],
  ['Hangul', /\p{Script=Hangul}/u],
  ['Devanagari', /\p{Script=Devanagari}/u],
  ['Bengali', /\p{Script=Bengali}/u],
  ['Tamil', /\p{Script=Tamil}/u],
  ['Thai', /\p{Script=Thai}/u],
  ['Arabic', /\p{Script=Arabic}/u],
  ['Hebrew', /\p{Script=Hebrew}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Greek', /\p{Script=Greek}/u],
];

/** Scripts of the text's letters; digits, spaces and punctuation have none. */
export function letterScripts(text: string): Set<string> {
  const found = new Set<string>();
  for (const letter of text.match(/\p{L}/gu) ?? []) {
    found.add(SCRIPTS.find(([, pattern]) => pattern.test(letter))?.[0] ?? 'Other');
  }
  return found;
}

/** Both texts have letters and share no script: the same name written in two writing systems, if it is one name. */
export function inDifferentScripts(a: string, b: string): boolean {
  const sa = letterScripts(a);
  const sb = letterScripts(b);
  if (sa.size === 0 || sb.size === 0) return false;
  for (const script of sa) if (sb.has(script)) return false;
  return true;
}
