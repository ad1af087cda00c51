import { visit } from 'jsonc-parser';
import { FileRefusedError, megabytesText, type FileSource } from '../fileSource';
import type { Diagnostic } from '../model';
import { byteLines } from './byteLines';
import { FileDiagnostics } from './fileDiagnostics';
import { invalidUtf8Position } from './utf8Position';

// Shared, size-bounded readers for JSON, JSONL and text files. They never throw: every problem (unreadable, empty,
// binary, invalid UTF-8, invalid JSON, truncated or over-long line) becomes a Diagnostic naming the file and line.

const MB = 1024 * 1024;
/** Default bound on one JSONL line: large enough for an LLM call with its whole history, far below memory limits. */
export const DEFAULT_MAX_LINE_BYTES = 16 * MB;
/** Bytes inspected for NUL bytes to recognise a binary file before parsing it line by line. */
const BINARY_SNIFF_BYTES = 8192;
const NEWLINE = 0x0a;

export interface JsonRecord {
  /** 1-based line number in the file. */
  line: number;
  value: unknown;
}

export interface JsonLinesOptions {
  maxLineBytes?: number;
}

export interface JsonLinesResult {
  records: JsonRecord[];
  diagnostics: Diagnostic[];
}

export interface JsonFileResult {
  /** Undefined when the file could not be parsed. */
  value: unknown;
  diagnostics: Diagnostic[];
}

export interface TextFileResult {
  /** Null when the file could not be decoded. */
  text: string | null;
  diagnostics: Diagnostic[];
}

function problem(path: string, line: number | null, message: string): Diagnostic {
  return { path, line, message, severity: 'error' };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A refusal says what the entry is ("a FIFO (named pipe), not a regular file; not read"); other errors are prefixed. */
export function readErrorText(error: unknown): string {
  return error instanceof FileRefusedError ? error.message : `cannot read file: ${errorText(error)}`;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Decodes UTF-8 strictly; null when the bytes are not valid UTF-8. Drops a leading byte-order mark. */
function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    const text = utf8.decode(bytes);
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  } catch {
    return null;
  }
}

function hasNulByte(bytes: Uint8Array, limit = bytes.length): boolean {
  return (limit < bytes.length ? bytes.subarray(0, limit) : bytes).indexOf(0) >= 0;
}

/** 1-based line and column of a character offset. */
function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === NEWLINE) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

function shortMessage(error: unknown): string {
  const message = errorText(error);
  return message.length > 200 ? `${message.slice(0, 200)}…` : message;
}

/** Offset of the first JSON syntax error in `text` (which JSON.parse rejected), where a scan finds it. */
function jsonErrorOffset(text: string): number {
  // Engines word and locate parse errors differently, and the web extension host runs in browsers, so the position
  // comes from a strict scan, not from JSON.parse's message. An error inside a string is placed at the string.
  let offset: number | null = null;
  try {
    visit(
      text,
      {
        onError: (_error, at) => {
          offset ??= at;
        },
      },
      { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false },
    );
  } catch {
    // Nested too deeply to scan: the error is where the scan stopped, or unknown.
  }
  return offset ?? 0;
}

/**
 * Streams a JSONL file and calls `visit` for each parsed line, in order. Lines longer than `maxLineBytes` are
 * skipped without being assembled (a 50 MB line costs one pass over its bytes, never a 50 MB string). Blank lines
 * are ignored; a final line without a newline is accepted when it parses and reported as truncated when it does not.
 */
export async function forEachJsonLine(
  fs: FileSource,
  path: string,
  visit: (record: JsonRecord) => void,
  options: JsonLinesOptions = {},
): Promise<Diagnostic[]> {
  const maxLineBytes = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
  const sink = new FileDiagnostics(path, 'error');
  let binary = false;

  const parseLine = (bytes: Uint8Array, lineNumber: number, terminated: boolean): void => {
    if (hasNulByte(bytes)) {
      sink.add(lineNumber, `line ${lineNumber} contains binary data (NUL bytes)`);
      return;
    }
    const text = decodeUtf8(bytes);
    if (text === null) {
      const column = invalidUtf8Position(bytes)?.column;
      sink.add(lineNumber, `line ${lineNumber} is not valid UTF-8 text${column === undefined ? '' : ` (column ${column})`}`);
      return;
    }
    if (text.trim() === '') return;
    try {
      visit({ line: lineNumber, value: JSON.parse(text) });
    } catch (error) {
      const message = shortMessage(error);
      sink.add(
        lineNumber,
        terminated
          ? `line ${lineNumber} is not valid JSON: ${message}`
          : `line ${lineNumber} is truncated (no newline at end of file, and not valid JSON: ${message})`,
      );
    }
  };

  /** Every line of a file read in one chunk: decoded once and split, when it is valid UTF-8 without NUL bytes. */
  const parseWhole = (bytes: Uint8Array): boolean => {
    if (hasNulByte(bytes)) return false;
    const text = decodeUtf8(bytes);
    if (text === null) return false;
    const lines = text.split('\n');
    // Text ending in a newline leaves an empty last piece, which is not a line.
    const count = text.endsWith('\n') ? lines.length - 1 : lines.length;
    for (let i = 0; i < count; i++) {
      const line = lines[i] as string;
      if (line.trim() === '') continue;
      const lineNumber = i + 1;
      try {
        visit({ line: lineNumber, value: JSON.parse(line.charCodeAt(0) === 0xfeff ? line.slice(1) : line) });
      } catch (error) {
        const message = shortMessage(error);
        const terminated = i < lines.length - 1;
        sink.add(
          lineNumber,
          terminated
            ? `line ${lineNumber} is not valid JSON: ${message}`
            : `line ${lineNumber} is truncated (no newline at end of file, and not valid JSON: ${message})`,
        );
      }
    }
    return true;
  };

  try {
    const chunks = fs.readStream(path)[Symbol.asyncIterator]();
    const first = await chunks.next();
    if (!first.done && hasNulByte(first.value, BINARY_SNIFF_BYTES)) {
      binary = true;
      await chunks.return?.();
    } else {
      const second = first.done ? first : await chunks.next();
      // Most run files come in one chunk: parsed in one go, without a promise per line. A file with a problem to
      // place, or in several chunks, goes line by line.
      const whole = second.done && first.value !== undefined && first.value.length <= maxLineBytes && parseWhole(first.value);
      if (!whole) {
        const rest = async function* (): AsyncGenerator<Uint8Array> {
          if (!first.done) yield first.value;
          if (!second.done) yield second.value;
          for (let next = second.done ? second : await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
        };
        let lineNumber = 0;
        for await (const line of byteLines(rest(), maxLineBytes)) {
          lineNumber++;
          if (line.bytes === null) sink.add(lineNumber, `line ${lineNumber} is longer than ${megabytesText(maxLineBytes)}; skipped`);
          else if (line.length > 0) parseLine(line.bytes, lineNumber, line.terminated);
        }
      }
    }
  } catch (error) {
    sink.add(null, readErrorText(error));
  }
  if (binary) return [{ path, line: null, message: 'binary content (NUL bytes): not a JSON Lines text file', severity: 'error' }];
  return sink.list();
}

/** Reads a whole JSONL file into memory (records keep their line numbers). */
export async function readJsonLines(
  fs: FileSource,
  path: string,
  options: JsonLinesOptions = {},
): Promise<JsonLinesResult> {
  const records: JsonRecord[] = [];
  const diagnostics = await forEachJsonLine(fs, path, (record) => records.push(record), options);
  return { records, diagnostics };
}

/** What reading a whole file gave: its bytes, or the error that stopped the read. */
export type FileRead = { bytes: Uint8Array; error?: undefined } | { bytes?: undefined; error: unknown };

/** Reads a whole file of at most `maxBytes`; never throws. */
export async function readFileBytes(fs: FileSource, path: string, maxBytes: number): Promise<FileRead> {
  try {
    return { bytes: await fs.read(path, maxBytes) };
  } catch (error) {
    return { error };
  }
}

/** Like readFileBytes, at once; null when the source cannot read at once (see FileSource.readSync). */
export function readFileBytesSync(fs: FileSource, path: string, maxBytes: number): FileRead | null {
  if (fs.readSync === undefined) return null;
  try {
    return { bytes: fs.readSync(path, maxBytes) };
  } catch (error) {
    return { error };
  }
}

function textOfRead(path: string, read: FileRead, what: string): TextFileResult {
  const { bytes } = read;
  if (bytes === undefined) return { text: null, diagnostics: [problem(path, null, readErrorText(read.error))] };
  if (hasNulByte(bytes)) {
    return { text: null, diagnostics: [problem(path, null, `binary content (NUL bytes): not a ${what} file`)] };
  }
  const text = decodeUtf8(bytes);
  if (text === null) {
    const at = invalidUtf8Position(bytes);
    const where = at === null ? '' : ` (line ${at.line}, column ${at.column})`;
    return { text: null, diagnostics: [{ ...problem(path, at?.line ?? null, `not valid UTF-8 text${where}`), column: at?.column ?? null }] };
  }
  return { text, diagnostics: [] };
}

/** The JSON document a read of the file at `path` gave, or what is wrong with it. */
export function jsonOfRead(path: string, read: FileRead): JsonFileResult {
  const { text, diagnostics } = textOfRead(path, read, 'JSON');
  if (text === null) return { value: undefined, diagnostics };
  try {
    return { value: JSON.parse(text), diagnostics: [] };
  } catch (error) {
    // Looked for only when the parse fails: trimming every document would copy it.
    if (text.trim() === '') return { value: undefined, diagnostics: [problem(path, null, 'file is empty')] };
    const { line, column } = lineAndColumn(text, jsonErrorOffset(text));
    const diagnostic: Diagnostic = { ...problem(path, line, `invalid JSON: ${shortMessage(error)}`), column };
    return { value: undefined, diagnostics: [diagnostic] };
  }
}

/** Reads and parses one JSON file of at most `maxBytes`. */
export async function readJsonFile(fs: FileSource, path: string, maxBytes: number): Promise<JsonFileResult> {
  return jsonOfRead(path, await readFileBytes(fs, path, maxBytes));
}

/** Reads one UTF-8 text file of at most `maxBytes`. */
export async function readTextFile(fs: FileSource, path: string, maxBytes: number): Promise<TextFileResult> {
  return textOfRead(path, await readFileBytes(fs, path, maxBytes), 'text');
}
