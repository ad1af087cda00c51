// gaia2-cli is Python: its failure reasons print argument dicts with repr(), and its JSONL files come from json.dumps().
// These helpers print values the same way, so the generated files look like the real ones.

function reprString(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of s) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === '\\') out += '\\\\';
    else if (ch === quote) out += `\\${quote}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else out += ch;
  }
  return out + quote;
}

export function pyRepr(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'string') return reprString(value);
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return `[${value.map(pyRepr).join(', ')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => `${reprString(k)}: ${pyRepr(v)}`);
    return `{${entries.join(', ')}}`;
  }
  return reprString(String(value));
}

/** The judge log's `args_summary`: the same arguments with every string cut to 80 characters. */
export function argsSummary(value: unknown): unknown {
  if (typeof value === 'string') {
    const chars = Array.from(value);
    return chars.length > 80 ? `${chars.slice(0, 80).join('')}...` : value;
  }
  if (Array.isArray(value)) return value.map(argsSummary);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, argsSummary(v)]));
  }
  return value;
}

/** One line as Python's json.dumps() writes it: `", "` and `": "` separators; ensure_ascii escapes every non-ASCII character. */
export function pyJsonLine(value: unknown, ensureAscii = false): string {
  const json = JSON.stringify(value) ?? 'null';
  // One pass over the compact JSON, adding a space after every separator outside strings.
  let out = '';
  let last = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x2c || c === 0x3a) {
      out += `${json.slice(last, i + 1)} `;
      last = i + 1;
    }
  }
  out += json.slice(last);
  return ensureAscii ? out.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) : out;
}
