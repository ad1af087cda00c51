// The text of one raw file as the prefilter compares it, at the least cost that still never hides a match. Decoding
// and folding (NFKC, lower case) whole files is most of what a full-text search spends, yet the letters and digits of
// an ASCII needle can only come out of ASCII bytes or of the few hundred characters whose fold holds them. So unless
// the file holds one of those (or a JSON escape), its bytes read as Latin-1 and lowered hold each run of letters and
// digits of the needle wherever the folded file holds the needle: multi-byte characters are bytes above 0x7f there,
// which neither match nor lower into ASCII. Spaces and punctuation are left out: far more characters fold into them
// (a full-width comma, an ideographic space), and ruling those out would cost more than it saves.
import { isAscii } from 'node:buffer';
import { fold } from './fold';

/** Code points above ASCII whose fold differs from themselves, with what they fold to (found once, on first use). */
let changing: [string, string][] | undefined;

const CHANGES_WHEN_FOLDED = /[\p{Changes_When_NFKC_Casefolded}\p{Changes_When_Lowercased}]/gu;
const BLOCK = 0x1000;

function changingCharacters(): [string, string][] {
  if (changing === undefined) {
    const found: [string, string][] = [];
    // A block of code points matched at a time: a match per code point costs ten times more.
    for (let start = 0x80; start <= 0x10ffff; start += BLOCK) {
      const codePoints: number[] = [];
      for (let cp = start; cp < Math.min(start + BLOCK, 0x110000); cp++) if (cp < 0xd800 || cp > 0xdfff) codePoints.push(cp);
      for (const [c] of String.fromCodePoint(...codePoints).matchAll(CHANGES_WHEN_FOLDED)) found.push([c, fold(c)]);
    }
    changing = found;
  }
  return changing;
}

/** Every character above ASCII whose fold holds one of `targets`. */
export function charactersFoldingInto(targets: ReadonlySet<string>): string[] {
  return changingCharacters()
    .filter(([, folded]) => Array.from(folded).some((c) => targets.has(c)))
    .map(([c]) => c);
}

/** No character of the set starts here. */
const NONE = -1;
/** A character of the set ends at this byte. */
const FOUND = 0;

/**
 * The UTF-8 forms of a set of characters as a byte trie: the table at 0 is the first byte's; an entry is NONE, FOUND,
 * or where the next byte's table starts. A loop over the bytes with it finds any of them without decoding (a regex of the same
 * alternatives costs several times more).
 */
export class Utf8Set {
  /** Tables of 256 entries one after the other; an entry that leads on is the start of the next byte's table. */
  private readonly trie: Int32Array;
  /** The smallest first byte of any of the characters (they are all above ASCII). */
  private readonly lowest: number;

  constructor(characters: Iterable<string>) {
    const tables: number[] = new Array<number>(256).fill(NONE);
    let lowest = 0x100;
    for (const c of characters) {
      const bytes = Buffer.from(c, 'utf8');
      lowest = Math.min(lowest, bytes[0] as number);
      let table = 0;
      bytes.forEach((b, i) => {
        if (i === bytes.length - 1) {
          tables[table + b] = FOUND;
          return;
        }
        if ((tables[table + b] as number) <= FOUND) {
          tables[table + b] = tables.length;
          for (let k = 0; k < 256; k++) tables.push(NONE);
        }
        table = tables[table + b] as number;
      });
    }
    this.trie = Int32Array.from(tables);
    this.lowest = lowest;
  }

  /** Whether the bytes hold one of the characters. */
  foundIn(bytes: Uint8Array): boolean {
    const trie = this.trie;
    const lowest = this.lowest;
    const length = bytes.length;
    for (let i = 0; i < length; i++) {
      const b = bytes[i] as number;
      if (b < lowest) continue;
      let next = trie[b] as number;
      for (let j = i + 1; next > FOUND && j < length; j++) next = trie[next + (bytes[j] as number)] as number;
      if (next === FOUND) return true;
    }
    return false;
  }
}

/** How the files of one search are read for its needles. */
export interface RawTextPlan {
  /**
   * The characters that fold into a letter or digit of some needle; null when the needles need every file folded.
   */
  foldsIntoNeedle: Utf8Set | null;
}

/** A file's text as the plan read it: folded, or its bytes lowered. */
export interface RawText {
  folded: boolean;
  text: string;
}

const WORD_RUNS = /[a-z0-9]+/g;

/** The plan for needles (folded): the cheap reading serves needles of ASCII alone, each with a letter or digit. */
export function rawTextPlan(needles: readonly (readonly string[])[]): RawTextPlan {
  const all = needles.flat();
  // eslint-disable-next-line no-control-regex
  const cheap = all.length > 0 && all.every((needle) => /^[\x00-\x7f]*$/.test(needle) && /[a-z0-9]/.test(needle));
  if (!cheap) return { foldsIntoNeedle: null };
  const targets = new Set(all.flatMap((needle) => needle.match(WORD_RUNS)?.join('') ?? '').flatMap((word) => Array.from(word)));
  return { foldsIntoNeedle: new Utf8Set(charactersFoldingInto(targets)) };
}

/** Whether `needle` may occur in the folded file: it does, or, in bytes lowered, each of its runs of letters and digits does. */
export function mayHold(file: RawText, needle: string): boolean {
  if (file.folded) return file.text.includes(needle);
  return (needle.match(WORD_RUNS) ?? []).every((word) => file.text.includes(word));
}

const decoder = new TextDecoder();
const BACKSLASH = 0x5c;

function decodeJsonEscapes(text: string): string {
  // Most files escape only quotes and newlines: the replace runs over those that hold one of the two escapes at all.
  if (!text.includes('\\u') && !text.includes('\\/')) return text;
  return text.replace(/\\u([0-9a-fA-F]{4})|\\\//g, (escape, hex: string | undefined) =>
    hex === undefined ? '/' : String.fromCharCode(parseInt(hex, 16)),
  );
}

/** The file folded in full: decoded, JSON escapes read, NFKC and lower case. */
function foldedText(bytes: Uint8Array): string {
  return fold(decodeJsonEscapes(decoder.decode(bytes)));
}

/** Whether the bytes hold `\u` or `\/`, the escapes that write a character as other characters. */
function hasEscape(bytes: Buffer): boolean {
  for (let at = bytes.indexOf(BACKSLASH); at >= 0 && at + 1 < bytes.length; at = bytes.indexOf(BACKSLASH, at + 2)) {
    const next = bytes[at + 1];
    if (next === 0x75 || next === 0x2f) return true;
    // Otherwise the backslash escapes the next byte (`\\u` is a backslash, then a u): both are skipped.
  }
  return false;
}

/** The file folded, or, where the plan allows, its bytes lowered (see mayHold). */
export function rawText(raw: Uint8Array, plan: RawTextPlan): RawText {
  const folded = { folded: true, text: '' };
  if (plan.foldsIntoNeedle === null) return { ...folded, text: foldedText(raw) };
  const bytes = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
  if (hasEscape(bytes)) return { ...folded, text: foldedText(raw) };
  if (!isAscii(bytes) && plan.foldsIntoNeedle.foundIn(bytes)) return { ...folded, text: foldedText(raw) };
  // Lowering Latin-1 also changes bytes 0xc0–0xde, which are never ASCII before or after.
  return { folded: false, text: bytes.toString('latin1').toLowerCase() };
}
