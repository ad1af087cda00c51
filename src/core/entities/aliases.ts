import type { MentionPlace } from './inventory';
import { detectScript } from '../language/scripts';
import type { TextField } from './textFields';

// Known equivalences no phonetic rule finds: a translated enum literal and its canonical value (ประหยัด ≙ economy,
// from a data_model.json value set), or a term table's source and rendering. Their forms are found in the runs as
// values (an argument `cabin: "ประหยัด"`) and inside free text, when distinctive enough.

export interface EntityAlias {
  /** The forms that name one thing, in any scripts. */
  forms: string[];
  /** Where the equivalence comes from, as the view names it: `value set in <path>`, `term table <path>`. */
  source: string;
}

/** A form found in a field: which alias and which of its forms. */
export interface AliasHit {
  alias: number;
  form: number;
  place: MentionPlace;
  text: string;
}

/**
 * Shorter forms are left out: "no", Thai ไม่ ("not") or เงิน ("money", also silver) occur everywhere, and the view
 * colours a form wherever its text appears. Scripts written without spaces need longer forms, being matched inside words.
 */
const MIN_SPACED_FORM = 4;
const MIN_UNSPACED_FORM = 5;
const UNSPACED_SCRIPTS = new Set(['Thai', 'Hani', 'Kana']);

function fold(text: string): string {
  return text.normalize('NFKC').toLowerCase().trim();
}

/** Spaces, hyphens and underscores between words are interchangeable (`one_way`, "one way"). */
function wordsKey(text: string): string {
  return fold(text).split(/[\s_-]+/).join(' ');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

interface IndexedForm {
  alias: number;
  form: number;
}

export class AliasMatcher {
  private readonly forms = new Map<string, IndexedForm>();
  private readonly pattern: RegExp | null;
  /** Pairs of aliases that share a form: one thing, so one entity. */
  readonly shared: Array<[number, number]> = [];

  constructor(readonly aliases: readonly EntityAlias[]) {
    const patterns: string[] = [];
    aliases.forEach((alias, a) =>
      alias.forms.forEach((text, f) => {
        const key = wordsKey(text);
        const unspaced = UNSPACED_SCRIPTS.has(detectScript(key));
        if ([...key].length < (unspaced ? MIN_UNSPACED_FORM : MIN_SPACED_FORM)) return;
        const known = this.forms.get(key);
        if (known !== undefined) {
          if (known.alias !== a) this.shared.push([known.alias, a]);
          return;
        }
        this.forms.set(key, { alias: a, form: f });
        const words = key.split(' ').map(escapeRegExp).join('[\\s_-]+');
        // Words of spaced scripts are matched whole ("economy", not "economy" in "economyclass"); others anywhere.
        patterns.push(unspaced ? words : `(?<![\\p{L}\\p{M}\\p{N}_])${words}(?![\\p{L}\\p{M}\\p{N}_])`);
      }),
    );
    // Longest first, so ประหยัดพื้นฐาน (basic economy) is not read as ประหยัด (economy).
    patterns.sort((x, y) => y.length - x.length);
    this.pattern = patterns.length === 0 ? null : new RegExp(patterns.join('|'), 'giu');
  }

  /** The alias forms in one field's text. */
  hits(field: TextField, text: string): AliasHit[] {
    if (this.pattern === null) return [];
    const found: AliasHit[] = [];
    for (const match of text.matchAll(this.pattern)) {
      const form = this.forms.get(wordsKey(match[0]));
      if (form === undefined) continue;
      const place: MentionPlace = { side: field.side, step: field.step, field: field.field, start: match.index, end: match.index + match[0].length };
      found.push({ ...form, place, text: match[0] });
    }
    return found;
  }
}
