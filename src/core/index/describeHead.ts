// What a file no reader recognised looked like, for the "unrecognised" diagnostic: enough for a user to tell which
// file it is and why it is not a run (its top-level keys, or what it starts with), never its contents at length.

const KEYS_SHOWN = 5;
const START_SHOWN = 24;

function keyList(keys: readonly string[]): string {
  const shown = keys.slice(0, KEYS_SHOWN).map((k) => JSON.stringify(k));
  return `${shown.join(', ')}${keys.length > KEYS_SHOWN ? ', …' : ''}`;
}

function describeValue(value: unknown): string {
  if (value === null) return 'JSON null';
  if (Array.isArray(value)) return 'a JSON array';
  if (typeof value !== 'object') return `a JSON ${typeof value}`;
  const keys = Object.keys(value);
  return keys.length === 0 ? 'an empty JSON object' : `a JSON object with keys ${keyList(keys)}`;
}

/** Control characters and undecodable bytes, shown as `·` when quoting a file's start. */
function isControl(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0xfffd;
}

/** What a JSON text starts like when it cannot be parsed whole (only its head was read, or it is malformed). */
function describeStart(text: string, complete: boolean): string {
  if (text.startsWith('{')) {
    const firstKey = /^\{\s*("(?:[^"\\]|\\.){0,60}")/.exec(text)?.[1];
    const start = firstKey === undefined ? 'a JSON object' : `a JSON object starting with key ${firstKey}`;
    return complete ? `${start}, not valid JSON` : start;
  }
  if (text.startsWith('[')) return complete ? 'a JSON array, not valid JSON' : 'a JSON array';
  const start = [...text.slice(0, START_SHOWN)].map((c) => (isControl(c) ? '·' : c)).join('');
  return `not JSON (it starts with ${JSON.stringify(start)})`;
}

/**
 * Describes a candidate file from its head (decoded text). `complete` is true when the head is the whole file.
 * `.jsonl` files are described by their first line.
 */
export function describeHead(name: string, head: string, complete: boolean): string {
  if (head.length === 0) return 'the file is empty';
  const lower = name.toLowerCase();
  if (lower.endsWith('.eval')) return head.startsWith('PK\u0003\u0004') ? 'a zip archive of no known format' : 'not a zip archive';
  const text = head.replace(/^\uFEFF/, '').trimStart();
  const jsonl = lower.endsWith('.jsonl');
  const newline = text.indexOf('\n');
  const part = jsonl && newline >= 0 ? text.slice(0, newline) : text;
  const whole = complete || (jsonl && newline >= 0);
  try {
    const value: unknown = JSON.parse(part);
    return jsonl ? `its first line is ${describeValue(value)}` : describeValue(value);
  } catch {
    const start = describeStart(part, whole);
    return jsonl ? `its first line is ${start}` : start;
  }
}
