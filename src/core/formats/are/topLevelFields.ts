import type { FileSource } from '../../fileSource';
import type { Diagnostic } from '../../model';

// Reads chosen top-level fields of a large JSON object without building the rest of it. ARE writes an hf export's
// small `metadata` after megabytes of app state and logs, and a lite export's verdict beside a long interaction
// history; indexing needs only those few fields. The file is streamed once: its structure (strings, escapes and
// bracket nesting) is checked throughout, the chosen fields' text is kept (up to a bound) and parsed at the end.

const MAX_FIELD_BYTES = 4 * 1024 * 1024;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const NEWLINE = 0x0a;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const BYTE_ORDER_MARK = [0xef, 0xbb, 0xbf];
/** Top-level field names remembered; real exports have about ten. */
const MAX_KEYS = 1000;

function isSpace(byte: number): boolean {
  return byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;
}

/** Where the scanner is in the top-level object; nested values and strings are tracked apart from this. */
type Mode = 'start' | 'first-key' | 'key' | 'colon' | 'value' | 'scalar' | 'after' | 'end';

class Scanner {
  line = 1;
  error: string | null = null;
  readonly raw = new Map<string, Uint8Array[] | 'too large'>();
  readonly keys = new Set<string>();
  private mode: Mode = 'start';
  /** Brackets open below the top-level object. */
  private readonly stack: number[] = [];
  private inString = false;
  private escaped = false;
  private keyBytes: number[] | null = null;
  private key: string | null = null;
  private pieces: Uint8Array[] | null = null;
  private captureStart = 0;
  private captured = 0;

  constructor(private readonly wanted: ReadonlySet<string>) {}

  private fail(message: string): void {
    this.error ??= message;
  }

  private keep(chunk: Uint8Array, start: number, end: number): void {
    if (this.pieces === null || end <= start) return;
    this.captured += end - start;
    if (this.captured > MAX_FIELD_BYTES) {
      this.raw.set(this.key ?? '', 'too large');
      this.pieces = null;
    } else {
      this.pieces.push(chunk.slice(start, end));
    }
  }

  private beginValue(start: number): void {
    this.pieces = this.key !== null && this.wanted.has(this.key) && !this.raw.has(this.key) ? [] : null;
    this.captureStart = start;
    this.captured = 0;
  }

  private endValue(chunk: Uint8Array, end: number): void {
    this.keep(chunk, this.captureStart, end);
    if (this.pieces !== null && this.key !== null) this.raw.set(this.key, this.pieces);
    this.pieces = null;
    this.key = null;
    this.mode = 'after';
  }

  /** One byte of a string (key or value); the closing quote ends it. */
  private stringByte(chunk: Uint8Array, i: number, byte: number): void {
    if (this.escaped) this.escaped = false;
    else if (byte === BACKSLASH) this.escaped = true;
    else if (byte === QUOTE) {
      this.inString = false;
      if (this.keyBytes !== null) {
        this.key = decodeKey(this.keyBytes);
        this.keyBytes = null;
        if (this.keys.size < MAX_KEYS) this.keys.add(this.key);
        this.mode = 'colon';
      } else if (this.stack.length === 0) {
        this.endValue(chunk, i + 1);
      }
      return;
    }
    this.keyBytes?.push(byte);
  }

  /** One structural byte inside a nested object or array. */
  private nestedByte(chunk: Uint8Array, i: number, byte: number): void {
    if (byte === QUOTE) this.inString = true;
    else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) this.stack.push(byte);
    else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) {
      const open = this.stack.pop();
      if ((byte === CLOSE_OBJECT) !== (open === OPEN_OBJECT)) return this.fail(`mismatched bracket on line ${this.line}`);
      if (this.stack.length === 0) this.endValue(chunk, i + 1);
    }
  }

  /** One byte of the top-level object outside any string or nested value. */
  private topByte(i: number, byte: number): void {
    switch (this.mode) {
      case 'start':
        if (BYTE_ORDER_MARK.includes(byte)) return;
        if (byte !== OPEN_OBJECT) return this.fail('not a JSON object');
        this.mode = 'first-key';
        return;
      case 'first-key':
      case 'key':
        if (byte === QUOTE) {
          this.inString = true;
          this.keyBytes = [];
        } else if (byte === CLOSE_OBJECT && this.mode === 'first-key') this.mode = 'end';
        else this.fail(`expected a field name on line ${this.line}`);
        return;
      case 'colon':
        if (byte !== COLON) return this.fail(`expected ":" on line ${this.line}`);
        this.mode = 'value';
        return;
      case 'value':
        this.beginValue(i);
        if (byte === QUOTE) this.inString = true;
        else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) this.stack.push(byte);
        else this.mode = 'scalar';
        return;
      case 'after':
        if (byte === COMMA) this.mode = 'key';
        else if (byte === CLOSE_OBJECT) this.mode = 'end';
        else this.fail(`expected "," or "}" on line ${this.line}`);
        return;
      case 'scalar':
        return;
      case 'end':
        return this.fail(`text after the end of the JSON object on line ${this.line}`);
    }
  }

  feed(chunk: Uint8Array): void {
    this.captureStart = 0;
    for (let i = 0; i < chunk.length && this.error === null; i++) {
      const byte = chunk[i] as number;
      if (byte === NEWLINE) this.line++;
      if (this.inString) this.stringByte(chunk, i, byte);
      else if (this.stack.length > 0) {
        if (!isSpace(byte)) this.nestedByte(chunk, i, byte);
      } else {
        // A number or literal ends at the first space or delimiter, which is then read as what follows it.
        if (this.mode === 'scalar' && (isSpace(byte) || byte === COMMA || byte === CLOSE_OBJECT)) this.endValue(chunk, i);
        if (!isSpace(byte)) this.topByte(i, byte);
      }
    }
    this.keep(chunk, this.captureStart, chunk.length);
  }

  finish(): void {
    if (this.error !== null || this.mode === 'end') return;
    this.fail(this.mode === 'start' ? 'the file is empty' : 'truncated: the JSON object is not closed at the end of the file');
  }
}

function decodeKey(bytes: readonly number[]): string {
  try {
    return JSON.parse(`"${new TextDecoder().decode(Uint8Array.from(bytes))}"`) as string;
  } catch {
    return '';
  }
}

function joined(pieces: readonly Uint8Array[]): string {
  const bytes = new Uint8Array(pieces.reduce((sum, p) => sum + p.length, 0));
  let offset = 0;
  for (const piece of pieces) {
    bytes.set(piece, offset);
    offset += piece.length;
  }
  return new TextDecoder().decode(bytes);
}

export interface TopLevelFields {
  /** The chosen fields found, parsed; null when the file is not a well-formed JSON object (see diagnostics). */
  fields: Map<string, unknown> | null;
  /** Every top-level field name (up to a bound), chosen or not. */
  keys: ReadonlySet<string>;
  diagnostics: Diagnostic[];
}

/** The `wanted` top-level fields of the JSON object in `path`, read in one pass with bounded memory. */
export async function readTopLevelFields(fs: FileSource, path: string, wanted: ReadonlySet<string>): Promise<TopLevelFields> {
  const scanner = new Scanner(wanted);
  const failed = (line: number | null, message: string): TopLevelFields => {
    return { fields: null, keys: scanner.keys, diagnostics: [{ path, line, message, severity: 'error' }] };
  };
  try {
    for await (const chunk of fs.readStream(path)) {
      scanner.feed(chunk);
      if (scanner.error !== null) break;
    }
  } catch (error) {
    return failed(null, `cannot read file: ${error instanceof Error ? error.message : String(error)}`);
  }
  scanner.finish();
  if (scanner.error !== null) return failed(scanner.line, `invalid JSON: ${scanner.error}`);
  const fields = new Map<string, unknown>();
  const diagnostics: Diagnostic[] = [];
  for (const [key, raw] of scanner.raw) {
    if (raw === 'too large') {
      const message = `field "${key}" is larger than ${MAX_FIELD_BYTES / 1024 / 1024} MB; not read`;
      diagnostics.push({ path, line: null, message, severity: 'warning' });
      continue;
    }
    try {
      fields.set(key, JSON.parse(joined(raw)) as unknown);
    } catch (error) {
      const message = `invalid JSON in field "${key}": ${error instanceof Error ? error.message : String(error)}`;
      diagnostics.push({ path, line: null, message, severity: 'error' });
    }
  }
  return { fields, keys: scanner.keys, diagnostics };
}
