// The search query language: whitespace-separated terms, all of which must hold (AND).
//
//   field:value            exact (after NFKC and case folding)
//   field:~value           substring
//   field:a,b,"c d"        any of the values (OR); quotes keep spaces and commas, \" and \\ escape inside them
//   arg:key=value          a tool argument `key` whose value is exactly value
//   arg:key~value          … whose value contains value
//   arg:key                … that is present at all
//   word, "two words"      same as text:word
//
// Full-width punctuation (：，＂～＝) counts as its ASCII form, so a query typed with a CJK input method parses alike.
import type { Outcome } from '../model';
import { languageCode } from '../language/normalizeLanguage';
import { fold, foldToolName } from './fold';

/** Fields the run index answers without loading a trajectory. */
export const RUN_FIELDS = ['lang', 'outcome', 'family', 'agent', 'scenario', 'capability', 'setting'] as const;
/** Fields matched against a run's steps (text also against the task, final answer and judge rationales). */
export const STEP_FIELDS = ['tool', 'arg', 'text'] as const;

export type RunField = (typeof RUN_FIELDS)[number];

const OUTCOMES: readonly Outcome[] = ['pass', 'fail', 'infra', 'unknown'];

export interface RunTerm {
  kind: 'run';
  field: RunField;
  /** Folded values; for `lang` an exact value is the ISO 639-3 code when it names a language. */
  values: string[];
  substring: boolean;
  source: string;
}

export interface ToolTerm {
  kind: 'tool';
  /** Folded `app.fn` names (or a bare function name, which matches that function in any app). */
  values: string[];
  substring: boolean;
  source: string;
}

export interface ArgTerm {
  kind: 'arg';
  /** Folded argument name. */
  key: string;
  /** Folded values; null when the term only asks for the argument to be present. */
  values: string[] | null;
  substring: boolean;
  source: string;
}

export interface TextTerm {
  kind: 'text';
  /** Folded values, always matched as substrings. */
  values: string[];
  source: string;
}

export type StepTerm = ToolTerm | ArgTerm | TextTerm;

export interface SearchQuery {
  runTerms: RunTerm[];
  stepTerms: StepTerm[];
}

export interface QueryError {
  message: string;
  /** The bad term as written. */
  term: string;
  /** Offset of the term in the query. */
  offset: number;
}

export type ParsedQuery = { ok: true; query: SearchQuery } | { ok: false; error: QueryError };

/** The syntax a user sees in prompts and help. */
export const QUERY_SYNTAX =
  'tool:App.fn arg:key~value lang:cmn,jpn outcome:fail family:tool_count agent:… scenario:… text:"two words" (terms AND-ed, commas OR, ~ substring)';

const SYNTAX_CHARS = new Set([':', ',', '"', '~', '=', '\\']);

/** The character as syntax reads it: full-width punctuation becomes its ASCII form. */
function syntaxChar(c: string): string {
  const normal = c.normalize('NFKC');
  return SYNTAX_CHARS.has(normal) ? normal : c;
}

class TermError extends Error {}

interface RawTerm {
  text: string;
  offset: number;
}

/** Splits the query at whitespace outside quotes. */
function splitTerms(query: string): RawTerm[] | QueryError {
  const chars = Array.from(query);
  const terms: RawTerm[] = [];
  let offset = 0;
  let current: RawTerm | null = null;
  let quoted = false;
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i] as string;
    const s = syntaxChar(c);
    if (!quoted && /\s/u.test(c)) {
      if (current) terms.push(current);
      current = null;
    } else {
      current ??= { text: '', offset };
      current.text += c;
      if (quoted && s === '\\' && i + 1 < chars.length) {
        current.text += chars[++i] as string;
        offset += c.length;
        continue;
      }
      if (s === '"') quoted = !quoted;
    }
    offset += c.length;
  }
  if (current) {
    if (quoted) {
      const shown = current.text.split(/\s/u)[0] ?? current.text;
      return { message: `unbalanced quote in \`${shown}\``, term: current.text, offset: current.offset };
    }
    terms.push(current);
  }
  return terms;
}

/** `a,"b c",d` → its values, unquoted; empty values and stray quotes are errors. */
function splitValues(text: string, term: string): string[] {
  const chars = Array.from(text);
  const values: string[] = [];
  let i = 0;
  for (;;) {
    let value = '';
    if (syntaxChar(chars[i] ?? '') === '"') {
      i++;
      while (i < chars.length && syntaxChar(chars[i] as string) !== '"') {
        if (syntaxChar(chars[i] as string) === '\\' && i + 1 < chars.length) i++;
        value += chars[i++] as string;
      }
      i++; // the closing quote (splitTerms saw every quote closed)
      if (i < chars.length && syntaxChar(chars[i] as string) !== ',') {
        throw new TermError(`text after a quoted value in \`${term}\`: separate values with commas`);
      }
      if (value.trim() === '') throw new TermError(`empty value in \`${term}\``);
    } else {
      while (i < chars.length && syntaxChar(chars[i] as string) !== ',') {
        if (syntaxChar(chars[i] as string) === '"') throw new TermError(`quote inside a value in \`${term}\`: quote the whole value`);
        value += chars[i++] as string;
      }
      if (value === '') throw new TermError(`empty value in \`${term}\``);
    }
    values.push(value);
    if (i >= chars.length) return values;
    i++; // the comma
    if (i >= chars.length) throw new TermError(`empty value in \`${term}\``);
  }
}

/** `~rest` → substring of rest; `=rest` → exact; else exact. */
function operator(rest: string): { substring: boolean; rest: string } {
  const first = syntaxChar(Array.from(rest)[0] ?? '');
  if (first === '~' || first === '=') return { substring: first === '~', rest: rest.slice((Array.from(rest)[0] ?? '').length) };
  return { substring: false, rest };
}

function argTerm(rest: string, source: string): ArgTerm {
  const chars = Array.from(rest);
  const at = chars.findIndex((c) => ['~', '=', '"'].includes(syntaxChar(c)));
  const key = (at < 0 ? chars : chars.slice(0, at)).join('');
  if (key === '') throw new TermError(`missing argument name in \`${source}\` (arg:name, arg:name=value or arg:name~value)`);
  if (at < 0) return { kind: 'arg', key: fold(key), values: null, substring: false, source };
  if (syntaxChar(chars[at] as string) === '"') throw new TermError(`quote in the argument name in \`${source}\``);
  const substring = syntaxChar(chars[at] as string) === '~';
  const valueText = chars.slice(at + 1).join('');
  if (valueText === '') throw new TermError(`empty value in \`${source}\``);
  return { kind: 'arg', key: fold(key), values: splitValues(valueText, source).map(fold), substring, source };
}

function runTerm(field: RunField, rest: string, source: string): RunTerm {
  const { substring, rest: valueText } = operator(rest);
  if (valueText === '') throw new TermError(`empty value in \`${source}\``);
  const raw = splitValues(valueText, source);
  if (field === 'outcome' && !substring) {
    const bad = raw.find((v) => !OUTCOMES.includes(fold(v) as Outcome));
    if (bad !== undefined) throw new TermError(`unknown outcome \`${bad}\` in \`${source}\` (${OUTCOMES.join(', ')})`);
  }
  const values = raw.map((v) => (field === 'lang' && !substring ? (languageCode(v.normalize('NFKC')) ?? fold(v)) : fold(v)));
  return { kind: 'run', field, values, substring, source };
}

function parseTerm(raw: RawTerm): RunTerm | StepTerm {
  const chars = Array.from(raw.text);
  const colon = chars.findIndex((c) => syntaxChar(c) === ':' || syntaxChar(c) === '"');
  if (colon < 0 || syntaxChar(chars[colon] as string) === '"') {
    return { kind: 'text', values: splitValues(raw.text, raw.text).map(fold), source: raw.text };
  }
  const name = fold(chars.slice(0, colon).join(''));
  const rest = chars.slice(colon + 1).join('');
  if (name === 'arg') return argTerm(rest, raw.text);
  if (name === 'tool') {
    const { substring, rest: valueText } = operator(rest);
    if (valueText === '') throw new TermError(`empty value in \`${raw.text}\``);
    return { kind: 'tool', values: splitValues(valueText, raw.text).map(foldToolName), substring, source: raw.text };
  }
  if (name === 'text') {
    const { rest: valueText } = operator(rest);
    if (valueText === '') throw new TermError(`empty value in \`${raw.text}\``);
    return { kind: 'text', values: splitValues(valueText, raw.text).map(fold), source: raw.text };
  }
  if ((RUN_FIELDS as readonly string[]).includes(name)) return runTerm(name as RunField, rest, raw.text);
  const known = [...STEP_FIELDS, ...RUN_FIELDS].join(', ');
  throw new TermError(`unknown field \`${chars.slice(0, colon).join('')}\` in \`${raw.text}\` (fields: ${known})`);
}

/** Parses a query; never throws: a bad query gives a message naming the bad term. */
export function parseQuery(text: string): ParsedQuery {
  const split = splitTerms(text);
  if (!Array.isArray(split)) return { ok: false, error: split };
  if (split.length === 0) return { ok: false, error: { message: `empty query: ${QUERY_SYNTAX}`, term: '', offset: 0 } };
  const query: SearchQuery = { runTerms: [], stepTerms: [] };
  for (const raw of split) {
    try {
      const term = parseTerm(raw);
      if (term.kind === 'run') query.runTerms.push(term);
      else query.stepTerms.push(term);
    } catch (error) {
      if (!(error instanceof TermError)) throw error;
      return { ok: false, error: { message: error.message, term: raw.text, offset: raw.offset } };
    }
  }
  return { ok: true, query };
}
