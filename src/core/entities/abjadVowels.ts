import { rewriteToken, type KeyMode } from './phoneticKey';

// Arabic script writes long vowels (ا و ي) and leaves short ones out. Consonant skeletons alone cannot tell Hassan
// (حسن) from Hussein (حسين), or Omar (عمر) from Amer (عامر): where the Arabic writes a long vowel, the Latin spelling
// must have a matching vowel in the same place between the same consonants.

const VOWELS = /[aeiouwy]/;
// Which Latin vowels each written Arabic vowel accepts; alif also takes u before the article (Abdullah: عبدالله).
const ACCEPTS: Readonly<Record<string, RegExp>> = { a: /[aeu]/, e: /[aeu]/, w: /[ouw]/, o: /[ouw]/, u: /[ouw]/, y: /[iey]/, i: /[iey]/ };

interface Slots {
  consonants: string[];
  /** slots[0] precedes the first consonant; slots[i + 1] follows consonants[i]. */
  slots: string[];
}

function slotsOf(key: string): Slots {
  const consonants: string[] = [];
  const slots: string[] = [''];
  for (const char of key) {
    if (VOWELS.test(char)) slots[slots.length - 1] += char;
    else if (consonants[consonants.length - 1] === char) continue;
    else {
      consonants.push(char);
      slots.push('');
    }
  }
  // A final h is the unwritten or silent ending (ة, Fatimah): the skeleton drops it too.
  if (consonants[consonants.length - 1] === 'h') {
    consonants.pop();
    const last = slots.pop() as string;
    slots[slots.length - 1] += last;
  }
  return { consonants, slots };
}

/** Whether every long vowel the Arabic token writes has a counterpart in the other token. */
export function longVowelsAgree(arabic: string, other: string, mode: KeyMode): boolean {
  const a = slotsOf(rewriteToken(arabic, mode));
  const b = slotsOf(rewriteToken(other, mode));
  if (a.consonants.join('') !== b.consonants.join('')) return true;
  return a.slots.every((slot, i) => [...slot].every((vowel) => ACCEPTS[vowel]?.test(b.slots[i] ?? '') ?? true));
}
