import { Tokenizer, TokenParser, TokenType, type ParsedTokenInfo } from '@streamparser/json';
import type { FileSource } from '../fileSource';
import type { Diagnostic } from '../model';
import type { ByteRange } from './byteSource';
import { readErrorText } from './jsonLines';
import { firstInvalidUtf8 } from './utf8Position';

// Reads one JSON document of any size as a stream, with @streamparser/json: the members asked for are handed over
// whole, the elements of one list one at a time with the byte range each occupies in the file, and everything else is
// dropped as soon as it is parsed. Memory is that of the largest element, never that of the file; an element is read
// again later by its byte range. Never throws: problems become diagnostics naming the file, line and column.

export type JsonKind = 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null';

export interface StreamedElement {
  /** Position in the list. */
  index: number;
  value: unknown;
  /** Where the element's text lies in the file (bytes, half-open). */
  range: ByteRange;
}

export interface JsonStreamOptions {
  /** Top-level members handed to `member` once parsed. */
  members: readonly string[];
  /**
   * The top-level member whose elements go to `element` one at a time; '' for the elements of a top-level array;
   * null for no list (only the members are handed over, and a top-level value of any kind is read to its end).
   */
  list: string | null;
  member?(name: string, value: unknown): void;
  element?(element: StreamedElement): void;
  /** The whole top-level value, once parsed (nothing else is handed over): for a document that is needed whole. */
  root?(value: unknown): void;
}

/** A document's bytes: a file, or a document held within one (a zip member). */
export interface JsonBytes {
  /** The file problems are reported against. */
  path: string;
  /** '' for the file itself; else the document within it (a zip member's name), which messages name with its own lines. */
  within: string;
  /** The document's bytes from its start; called again to find the line of a problem. */
  chunks(): AsyncIterable<Uint8Array>;
}

export interface JsonStreamResult {
  /** The kind of the top-level value; null when the file is empty or unreadable. */
  kind: JsonKind | null;
  /** The kind of each top-level member's value, when the top-level value is an object. */
  memberKinds: Map<string, JsonKind>;
  /** True when the document was read to its end without a problem. */
  complete: boolean;
  diagnostics: Diagnostic[];
}

const BOM = [0xef, 0xbb, 0xbf];
const BINARY_SNIFF_BYTES = 8192;
/** A column is counted in characters only on lines up to this long; past it, in bytes. */
const MAX_COLUMN_LINE_BYTES = 1024 * 1024;

function kindOfToken(token: TokenType): JsonKind | null {
  switch (token) {
    case TokenType.LEFT_BRACE:
      return 'object';
    case TokenType.LEFT_BRACKET:
      return 'array';
    case TokenType.STRING:
      return 'string';
    case TokenType.NUMBER:
      return 'number';
    case TokenType.TRUE:
    case TokenType.FALSE:
      return 'boolean';
    case TokenType.NULL:
      return 'null';
    default:
      return null;
  }
}

function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.length > 200 ? `${message.slice(0, 200)}…` : message;
}

/** 1-based line and column of a byte offset, found by reading the document again up to it (only done for a problem). */
async function positionAt(source: JsonBytes, offset: number): Promise<{ line: number; column: number }> {
  let line = 1;
  let lineStart = 0;
  let lineBytes: Uint8Array[] = [];
  let lineLength = 0;
  let base = 0;
  try {
    for await (const chunk of source.chunks()) {
      const end = Math.min(chunk.length, offset - base);
      let from = 0;
      for (let at = chunk.indexOf(0x0a); at >= 0 && at < end; at = chunk.indexOf(0x0a, at + 1)) {
        line++;
        lineStart = base + at + 1;
        from = at + 1;
        lineBytes = [];
        lineLength = 0;
      }
      if (lineLength <= MAX_COLUMN_LINE_BYTES) {
        lineBytes.push(chunk.subarray(from, Math.max(from, end)));
        lineLength += Math.max(0, end - from);
      }
      base += chunk.length;
      if (base >= offset) break;
    }
  } catch {
    // The position is a courtesy: a file that cannot be read again is reported at the line counted so far.
  }
  if (lineLength > MAX_COLUMN_LINE_BYTES) return { line, column: offset - lineStart + 1 };
  const prefix = new Uint8Array(lineLength);
  let at = 0;
  for (const piece of lineBytes) {
    prefix.set(piece, at);
    at += piece.length;
  }
  return { line, column: new TextDecoder('utf-8').decode(prefix).length + 1 };
}

/** Feeds the strict decoder a chunk (null: the end of the file); false when the bytes are not UTF-8. */
function validUtf8(decoder: TextDecoder, chunk: Uint8Array | null): boolean {
  try {
    if (chunk === null) decoder.decode();
    else decoder.decode(chunk, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/** A problem of the document: at a line of the file, or of a document within it, named first. */
function problemAt(source: JsonBytes, message: string, at: { line: number; column: number } | null): Diagnostic {
  if (source.within === '') return { path: source.path, line: at?.line ?? null, ...(at === null ? {} : { column: at.column }), message, severity: 'error' };
  const where = at === null ? '' : ` (line ${at.line}, column ${at.column})`;
  return { path: source.path, line: null, message: `${source.within}: ${message}${where}`, severity: 'error' };
}

async function invalidUtf8(source: JsonBytes, offset: number): Promise<Diagnostic> {
  const at = await positionAt(source, offset);
  return source.within === '' ? problemAt(source, `not valid UTF-8 text (line ${at.line}, column ${at.column})`, at) : problemAt(source, 'not valid UTF-8 text', at);
}

function pathsOf(options: JsonStreamOptions): string[] {
  if (options.root !== undefined) return ['$'];
  if (options.list === '') return ['$.*'];
  const members = options.members.map((m) => `$.${m}`);
  return options.list === null ? members : [`$.${options.list}.*`, ...members];
}

/** Streams the JSON document at `path`, handing over the members and list elements asked for. */
export function streamJson(fs: FileSource, path: string, options: JsonStreamOptions): Promise<JsonStreamResult> {
  return streamJsonBytes({ path, within: '', chunks: () => fs.readStream(path) }, options);
}

/** Streams a JSON document held within a file (a zip member); problems name the file and the document. */
export async function streamJsonBytes(source: JsonBytes, options: JsonStreamOptions): Promise<JsonStreamResult> {
  const memberKinds = new Map<string, JsonKind>();
  const result = (kind: JsonKind | null, diagnostics: Diagnostic[], complete = false): JsonStreamResult => ({ kind, memberKinds, complete, diagnostics });
  const paths = pathsOf(options);
  const tokenizer = new Tokenizer({ stringBufferSize: 64 * 1024 });
  const parser = new TokenParser({ paths, keepStack: false });

  let kind: JsonKind | null = null;
  /** The length of the file's byte-order mark, if it has one: the tokenizer counts offsets from the byte after it. */
  let shift = 0;
  let depth = 0;
  let topKey: string | null = null;
  let expectKey = false;
  let elementStart = 0;
  let elementIndex = 0;
  let failure: { offset: number; message: string } | null = null as { offset: number; message: string } | null;
  let token: ParsedTokenInfo | null = null;
  /** Stops the read once the top-level value is known not to be the container that was asked for. */
  let stop = false;

  const inList = (): boolean => (options.list === '' ? depth === 1 : options.list !== null && depth === 2 && topKey === options.list);
  let base = 0;
  let ended = false;
  /** Where a problem is: the tokenizer names the byte; the parser, the token it was given; the end, the file's end. */
  const fail = (error: unknown, tokenizerPosition: boolean): void => {
    if (failure !== null) return;
    const message = errorText(error);
    const named = tokenizerPosition ? /absolute position "(\d+)"/.exec(message) : null;
    const offset = ended ? base : named ? Number(named[1]) + shift : (token?.offset ?? 0) + shift;
    failure = { offset, message };
  };

  parser.onValue = ({ value, key, stack }) => {
    if (options.root !== undefined) {
      if (stack.length === 0) options.root(value);
    } else if (typeof key === 'number' && stack.length === (options.list === '' ? 1 : 2)) {
      options.element?.({ index: elementIndex++, value, range: [elementStart, (token?.offset ?? 0) + shift + 1] });
    } else if (typeof key === 'string' && stack.length === 1 && options.list !== '') {
      options.member?.(key, value);
    }
  };
  parser.onError = (error) => fail(error, false);
  tokenizer.onError = (error) => fail(error, true);
  tokenizer.onToken = (info) => {
    token = info;
    if (kind === null) {
      kind = kindOfToken(info.token);
      const wanted = options.list === null || options.root !== undefined ? kind : options.list === '' ? 'array' : 'object';
      if (kind !== wanted) {
        stop = true;
        return;
      }
    }
    const opens = info.token === TokenType.LEFT_BRACE || info.token === TokenType.LEFT_BRACKET;
    const closes = info.token === TokenType.RIGHT_BRACE || info.token === TokenType.RIGHT_BRACKET;
    // An element of the list starts with its first token (a primitive element also ends there).
    if (inList() && info.token !== TokenType.COMMA && !closes) elementStart = info.offset + shift;
    if (closes) depth--;
    if (depth === 1 && options.list !== '' && kind === 'object') {
      if (info.token === TokenType.STRING && expectKey) {
        topKey = info.value as string;
        expectKey = false;
      } else if (info.token === TokenType.COMMA) {
        expectKey = true;
      } else if (topKey !== null && info.token !== TokenType.COLON && !closes && !memberKinds.has(topKey)) {
        const valueKind = kindOfToken(info.token);
        if (valueKind !== null) memberKinds.set(topKey, valueKind);
      }
    }
    if (opens) {
      depth++;
      if (depth === 1) expectKey = true;
    }
    parser.write(info);
  };

  const decoder = new TextDecoder('utf-8', { fatal: true });
  const head: number[] = [];
  try {
    for await (const chunk of source.chunks()) {
      if (base === 0 && chunk.subarray(0, BINARY_SNIFF_BYTES).indexOf(0) >= 0) {
        return result(null, [problemAt(source, source.within === '' ? 'binary content (NUL bytes): not a JSON file' : 'binary content (NUL bytes): not JSON', null)]);
      }
      // The tokenizer skips a byte-order mark and counts offsets from the byte after it.
      for (let i = 0; base + i < BOM.length && i < chunk.length; i++) head.push(chunk[i] as number);
      if (head.length === BOM.length && BOM.every((b, i) => head[i] === b)) shift = BOM.length;
      if (!validUtf8(decoder, chunk)) return result(null, [await invalidUtf8(source, base + Math.max(0, firstInvalidUtf8(chunk)))]);
      base += chunk.length;
      tokenizer.write(chunk);
      if (stop || failure !== null) break;
    }
    if (!stop && failure === null) {
      if (!validUtf8(decoder, null)) return result(null, [await invalidUtf8(source, Math.max(0, base - 1))]);
      ended = true;
      tokenizer.end();
      if (failure === null && kind !== null && !parser.isEnded) parser.end();
    }
  } catch (error) {
    if (failure === null) return result(null, [problemAt(source, source.within === '' ? readErrorText(error) : errorText(error), null)]);
  }
  if (stop) return result(kind, [], false);
  if (failure !== null) {
    const { offset, message } = failure;
    return result(kind, [problemAt(source, `invalid JSON: ${message}`, await positionAt(source, offset))]);
  }
  if (kind === null) return result(null, [problemAt(source, source.within === '' ? 'file is empty' : 'empty', null)]);
  return result(kind, [], true);
}
