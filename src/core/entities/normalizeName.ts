// Folding that makes two spellings of one name compare equal without touching what distinguishes names in other scripts.

const LATIN_WITH_MARKS = /(\p{Script=Latin})\p{M}+/gu;

/**
 * NFKC (full-width Ｚｈａｎｇ → Zhang, half-width kana → kana), combining marks stripped only after Latin letters
 * (José → Jose; the dakuten of ガ, Devanagari vowel signs and Cyrillic й stay), lower case.
 */
export function normalizeName(text: string): string {
  return text.normalize('NFKC').normalize('NFD').replace(LATIN_WITH_MARKS, '$1').normalize('NFC').toLowerCase();
}
