import type { FileSource } from '../../fileSource';
import type { Diagnostic } from '../../model';
import { forEachJsonLine } from '../jsonLines';
import { isObject } from '../gaia2/values';
import { parseBodyLine, parseHeader, recordType, type BodyRecord, type CanonicalHeader } from './canonicalRecords';
import { FileDiagnostics } from '../fileDiagnostics';
import { CANONICAL_SCHEMA } from './schema';

// Reading a canonical file: its run headers (indexing), or one run's records (loading a run). Both stream the file
// line by line; neither holds more than the lines they return.

/** Bytes read to decide whether a `.jsonl` file starts with a run header. */
const SNIFF_BYTES = 1024 * 1024;
const SCHEMA_FAMILY = 'trajectory-lens/';

function isHeaderLine(value: unknown): value is Record<string, unknown> {
  return isObject(value) && value.type === 'run';
}

export interface Sniffed {
  canonical: boolean;
  /** Why the file is not canonical. */
  reason: string;
}

/** Is the first line of this `.jsonl` file a run header of some trajectory-lens schema version? */
export async function sniffCanonical(fs: FileSource, path: string): Promise<Sniffed> {
  let head: Uint8Array;
  try {
    head = await fs.readHead(path, SNIFF_BYTES);
  } catch (error) {
    return { canonical: false, reason: `cannot read file: ${error instanceof Error ? error.message : String(error)}` };
  }
  const newline = head.indexOf(0x0a);
  return sniffFirstLine(new TextDecoder('utf-8').decode(newline < 0 ? head : head.subarray(0, newline)));
}

/** Does a `.jsonl` file whose head is `head` (decoded text) start with a run header? */
export function startsWithRunHeader(name: string, head: string): boolean {
  if (!/\.jsonl$/i.test(name)) return false;
  const newline = head.indexOf('\n');
  return sniffFirstLine(newline < 0 ? head : head.slice(0, newline)).canonical;
}

function sniffFirstLine(line: string): Sniffed {
  const firstLine = line.replace(/^\uFEFF/, '');
  let value: unknown;
  try {
    value = JSON.parse(firstLine);
  } catch {
    return { canonical: false, reason: 'its first line is not a JSON object (a canonical file starts with a run header)' };
  }
  const schema = isHeaderLine(value) ? value.schema : undefined;
  if (typeof schema === 'string' && schema.startsWith(SCHEMA_FAMILY)) return { canonical: true, reason: '' };
  return { canonical: false, reason: `its first line is not a run header {"type":"run","schema":"${CANONICAL_SCHEMA}",…}` };
}

export interface HeadersResult {
  headers: CanonicalHeader[];
  diagnostics: Diagnostic[];
}

function byLine(a: Diagnostic, b: Diagnostic): number {
  return (a.line ?? Infinity) - (b.line ?? Infinity);
}

/** The file's usable run headers, in order; a header repeating an earlier run's id is reported and skipped. */
export async function readCanonicalHeaders(fs: FileSource, path: string): Promise<HeadersResult> {
  const problems = new FileDiagnostics(path);
  const headers: CanonicalHeader[] = [];
  const ids = new Set<string>();
  let first = true;
  const diagnostics = await forEachJsonLine(fs, path, ({ line, value }) => {
    const isFirst = first;
    first = false;
    if (!isHeaderLine(value)) {
      const message = `line ${line}: the file does not start with a run header; lines before the first header are skipped`;
      if (isFirst) problems.add(line, message, 'error');
      return;
    }
    const header = parseHeader(value, line, problems);
    if (header === null) return;
    if (ids.has(header.id)) {
      const message = `line ${line}: run id ${JSON.stringify(header.id)} is already used by an earlier run in this file`;
      problems.add(line, `${message}; this run is skipped`, 'error');
      return;
    }
    ids.add(header.id);
    headers.push(header);
  });
  // An empty file is named, not passed over: a run listed before it was emptied must not vanish unnoticed.
  if (first && diagnostics.length === 0) problems.add(null, 'file is empty: no run header, no run read', 'error');
  return { headers, diagnostics: [...diagnostics, ...problems.list()].sort(byLine) };
}

export interface RunRecords {
  /** Null when the file holds no usable run with this id. */
  header: CanonicalHeader | null;
  records: BodyRecord[];
  /** Problems on the run's lines, and problems with the file as a whole. */
  diagnostics: Diagnostic[];
}

/** The records of the first run with id `key`: the lines after its header, up to the next header. */
export async function readCanonicalRun(fs: FileSource, path: string, key: string): Promise<RunRecords> {
  const problems = new FileDiagnostics(path);
  const records: BodyRecord[] = [];
  // Set inside the line callback, so kept in an object the compiler does not narrow.
  const run: { header: CanonicalHeader | null; inside: boolean; end: number } = {
    header: null,
    inside: false,
    end: Infinity,
  };
  const diagnostics = await forEachJsonLine(fs, path, ({ line, value }) => {
    if (isHeaderLine(value)) {
      if (run.inside) {
        run.inside = false;
        run.end = line;
      } else if (run.header === null && value.id === key) {
        run.header = parseHeader(value, line, problems);
        run.inside = run.header !== null;
      }
      return;
    }
    if (!run.inside) return;
    const type = recordType(value, line, problems);
    if (type === null || type === 'run' || !isObject(value)) return;
    const record = parseBodyLine(type, value, line, problems);
    if (record !== null) records.push(record);
  });
  const start = run.header?.line ?? Infinity;
  const onRun = diagnostics.filter((d) => d.line === null || (d.line >= start && d.line < run.end));
  return { header: run.header, records, diagnostics: [...onRun, ...problems.list()].sort(byLine) };
}
