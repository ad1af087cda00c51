// The GAIA2 judge log writes non-scalar arguments with Python's str(): ['a@x.com', 'b@x.com'] or {'k': 1}.
// Turning them back into JSON lets the views compare them with the agent's arguments from events.jsonl.
// Only complete list/dict literals of plain values are converted; anything else stays the original string.

type Value = string | number | boolean | null | Value[] | { [key: string]: Value };

class Parser {
  private i = 0;
  constructor(private readonly s: string) {}

  parseAll(): Value {
    const value = this.value();
    this.space();
    if (this.i !== this.s.length) throw new Error('trailing text');
    return value;
  }

  private space(): void {
    while (this.i < this.s.length && /\s/.test(this.s[this.i] ?? '')) this.i++;
  }

  private value(): Value {
    this.space();
    const c = this.s[this.i];
    if (c === '[' || c === '(') return this.sequence(c === '[' ? ']' : ')');
    if (c === '{') return this.dict();
    if (c === "'" || c === '"') return this.string(c);
    return this.word();
  }

  private sequence(close: string): Value[] {
    this.i++;
    const items: Value[] = [];
    for (;;) {
      this.space();
      if (this.s[this.i] === close) {
        this.i++;
        return items;
      }
      items.push(this.value());
      this.space();
      if (this.s[this.i] === ',') this.i++;
      else if (this.s[this.i] !== close) throw new Error('expected , or end of sequence');
    }
  }

  private dict(): { [key: string]: Value } {
    this.i++;
    const out: { [key: string]: Value } = {};
    for (;;) {
      this.space();
      if (this.s[this.i] === '}') {
        this.i++;
        return out;
      }
      const key = this.value();
      this.space();
      if (this.s[this.i] !== ':') throw new Error('expected :');
      this.i++;
      out[typeof key === 'string' ? key : JSON.stringify(key)] = this.value();
      this.space();
      if (this.s[this.i] === ',') this.i++;
      else if (this.s[this.i] !== '}') throw new Error('expected , or }');
    }
  }

  private string(quote: string): string {
    this.i++;
    let out = '';
    while (this.i < this.s.length) {
      const c = this.s[this.i++] ?? '';
      if (c === quote) return out;
      if (c !== '\\') {
        out += c;
        continue;
      }
      const e = this.s[this.i++] ?? '';
      const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"', '0': '\0' };
      if (e in simple) out += simple[e];
      else if (e === 'x' || e === 'u' || e === 'U') {
        const length = e === 'x' ? 2 : e === 'u' ? 4 : 8;
        const hex = this.s.slice(this.i, this.i + length);
        if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== length) throw new Error('bad escape');
        out += String.fromCodePoint(parseInt(hex, 16));
        this.i += length;
      } else out += `\\${e}`;
    }
    throw new Error('unterminated string');
  }

  private word(): Value {
    const match = /^(True|False|None|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(this.s.slice(this.i, this.i + 40));
    if (!match?.[1]) throw new Error('unexpected text');
    this.i += match[1].length;
    if (match[1] === 'True') return true;
    if (match[1] === 'False') return false;
    if (match[1] === 'None') return null;
    return Number(match[1]);
  }
}

/** The JSON value of a Python list/tuple/dict literal string, or the string itself when it is not one. */
export function fromPythonLiteral(value: string): unknown {
  const text = value.trim();
  const first = text[0];
  const last = text[text.length - 1];
  const closing: Record<string, string> = { '[': ']', '{': '}', '(': ')' };
  if (first === undefined || closing[first] !== last) return value;
  try {
    return new Parser(text).parseAll();
  } catch {
    return value;
  }
}

/** Arguments as the judge log wrote them, with Python-literal lists and dicts turned back into JSON. */
export function judgeLogArgs(args: unknown): Record<string, unknown> {
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return {};
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args)) {
    out[key] = typeof value === 'string' ? fromPythonLiteral(value) : value;
  }
  return out;
}
