import type { Diagnostic } from '../../model';

// The few keys of a PolyWorkBench task.toml the index needs (id, name, category, tags), read by a small parser of
// the TOML subset these files use: top-level `key = value` pairs with strings, numbers, booleans and arrays of them
// (arrays may span lines). Tables (`[environment]`…) and everything after the first one are not read.

export type TomlValue = string | number | boolean | TomlValue[];

export interface TomlHead {
  values: Map<string, TomlValue>;
  diagnostics: Diagnostic[];
}

const KEY = /^([A-Za-z0-9_-]+|"[^"]*"|'[^']*')\s*=\s*/;
const ESCAPES: Record<string, string> = { b: '\b', t: '\t', n: '\n', f: '\f', r: '\r', '"': '"', '\\': '\\' };

class Cursor {
  i = 0;
  constructor(readonly text: string) {}

  get char(): string {
    return this.text[this.i] ?? '';
  }

  /** Skips spaces, and with `newlines` also line breaks and comments (inside arrays). */
  skip(newlines: boolean): void {
    for (;;) {
      const c = this.char;
      if (c === ' ' || c === '\t' || (newlines && (c === '\n' || c === '\r'))) this.i++;
      else if (newlines && c === '#') while (this.i < this.text.length && this.char !== '\n') this.i++;
      else return;
    }
  }
}

class TomlError extends Error {}

function basicString(cur: Cursor): string {
  cur.i++;
  let out = '';
  while (cur.i < cur.text.length) {
    const c = cur.char;
    if (c === '"') {
      cur.i++;
      return out;
    }
    if (c === '\n') break;
    if (c === '\\') {
      const e = cur.text[cur.i + 1] ?? '';
      const hex = e === 'u' ? 4 : e === 'U' ? 8 : 0;
      if (hex > 0) {
        const code = Number.parseInt(cur.text.slice(cur.i + 2, cur.i + 2 + hex), 16);
        if (Number.isNaN(code) || code > 0x10ffff) throw new TomlError('invalid unicode escape');
        out += String.fromCodePoint(code);
        cur.i += 2 + hex;
        continue;
      }
      const escaped = ESCAPES[e];
      if (escaped === undefined) throw new TomlError(`invalid escape \\${e}`);
      out += escaped;
      cur.i += 2;
      continue;
    }
    out += c;
    cur.i++;
  }
  throw new TomlError('unterminated string');
}

function literalString(cur: Cursor): string {
  const end = cur.text.indexOf("'", cur.i + 1);
  const newline = cur.text.indexOf('\n', cur.i + 1);
  if (end < 0 || (newline >= 0 && newline < end)) throw new TomlError('unterminated string');
  const value = cur.text.slice(cur.i + 1, end);
  cur.i = end + 1;
  return value;
}

function scalar(cur: Cursor): string | number | boolean {
  const match = /^[^\s,\]#]+/.exec(cur.text.slice(cur.i, cur.i + 64));
  const word = match?.[0] ?? '';
  cur.i += word.length;
  if (word === 'true') return true;
  if (word === 'false') return false;
  const number = Number(word.replace(/_/g, ''));
  if (word !== '' && Number.isFinite(number)) return number;
  throw new TomlError(word === '' ? 'missing value' : `unsupported value ${word}`);
}

function value(cur: Cursor): TomlValue {
  const c = cur.char;
  if (cur.text.startsWith('"""', cur.i) || cur.text.startsWith("'''", cur.i)) throw new TomlError('multi-line strings are not read');
  if (c === '"') return basicString(cur);
  if (c === "'") return literalString(cur);
  if (c === '{') throw new TomlError('inline tables are not read');
  if (c !== '[') return scalar(cur);
  cur.i++;
  const items: TomlValue[] = [];
  for (;;) {
    cur.skip(true);
    if (cur.char === ']') {
      cur.i++;
      return items;
    }
    if (cur.i >= cur.text.length) throw new TomlError('unterminated array');
    items.push(value(cur));
    cur.skip(true);
    if (cur.char === ',') cur.i++;
    else if (cur.i >= cur.text.length) throw new TomlError('unterminated array');
    else if (cur.char !== ']') throw new TomlError('expected , or ] in array');
  }
}

function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** Top-level keys before the first table. A line that cannot be read is reported and skipped. */
export function parseTomlHead(text: string, path: string): TomlHead {
  const values = new Map<string, TomlValue>();
  const diagnostics: Diagnostic[] = [];
  const cur = new Cursor(text);
  const toLineEnd = (): void => {
    const newline = text.indexOf('\n', cur.i);
    cur.i = newline < 0 ? text.length : newline + 1;
  };
  while (cur.i < text.length) {
    cur.skip(true);
    if (cur.i >= text.length || cur.char === '[') break;
    const start = cur.i;
    const key = KEY.exec(text.slice(cur.i, cur.i + 256));
    try {
      if (!key?.[1]) throw new TomlError('expected key = value');
      cur.i += key[0].length;
      const parsed = value(cur);
      cur.skip(false);
      if (cur.char !== '' && cur.char !== '\n' && cur.char !== '\r' && cur.char !== '#') throw new TomlError('unexpected text after the value');
      values.set(key[1].replace(/^["']|["']$/g, ''), parsed);
      toLineEnd();
    } catch (error) {
      if (!(error instanceof TomlError)) throw error;
      diagnostics.push({ path, line: lineOf(text, start), message: `cannot read this line: ${error.message}`, severity: 'warning' });
      // A multi-line string would otherwise be read as keys line by line: skip to its end.
      const quote = text.startsWith('"""', cur.i) ? '"""' : text.startsWith("'''", cur.i) ? "'''" : null;
      if (quote !== null) {
        const end = text.indexOf(quote, cur.i + 3);
        cur.i = end < 0 ? text.length : end + 3;
      }
      toLineEnd();
    }
  }
  return { values, diagnostics };
}

export function tomlString(values: Map<string, TomlValue>, key: string): string | null {
  const value = values.get(key);
  return typeof value === 'string' ? value : null;
}

export function tomlStrings(values: Map<string, TomlValue>, key: string): string[] {
  const value = values.get(key);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
