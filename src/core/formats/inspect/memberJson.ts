import type { Diagnostic } from '../../model';
import { isObject } from '../gaia2/values';
import { streamJsonBytes, type JsonKind, type JsonStreamOptions } from '../jsonStream';
import type { ZipArchive } from './zip/zipArchive';

// The JSON of a .eval member. One of at most `inMemoryBytes` uncompressed is decompressed whole and parsed with
// JSON.parse, the fastest way; a larger one is decompressed as a stream into a streaming JSON parser
// (@streamparser/json), so that memory follows what the caller keeps (a summary per sample, one sample to show),
// never the member's text, and no member is refused for its size. Problems name the .eval file and the member.

/** Members up to this size (uncompressed) are read whole. */
export const IN_MEMORY_MEMBER_BYTES = 32 * 1024 * 1024;

export interface MemberSource {
  archive: ZipArchive;
  /** The .eval file, which problems are reported against. */
  path: string;
  inMemoryBytes: number;
}

export interface MemberRead {
  /** The kind of the member's top-level value; null when it could not be read. */
  kind: JsonKind | null;
  /** True when the member was read to its end without a problem. */
  complete: boolean;
}

/** What is handed over: the whole value, some top-level members of an object, or the elements of a list. */
type Wanted =
  | { root(value: unknown): void }
  | { keys: readonly string[]; member(name: string, value: unknown): void }
  | { element(value: unknown): void };

function kindOf(value: unknown): JsonKind {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value as 'object' | 'string' | 'number' | 'boolean';
}

function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.length > 200 ? `${message.slice(0, 200)}…` : message;
}

async function readWhole(source: MemberSource, name: string, wanted: Wanted, diagnostics: Diagnostic[]): Promise<MemberRead> {
  const read = (await source.archive.read([name], source.inMemoryBytes)).get(name);
  if (read === undefined || read.bytes === null) {
    diagnostics.push({ path: source.path, line: null, message: read?.error ?? `${name}: not in the archive`, severity: 'error' });
    return { kind: null, complete: false };
  }
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(read.bytes));
  } catch (error) {
    diagnostics.push({ path: source.path, line: null, message: `${name}: not valid JSON: ${errorText(error)}`, severity: 'error' });
    return { kind: null, complete: false };
  }
  if ('root' in wanted) wanted.root(value);
  else if ('keys' in wanted) {
    if (isObject(value)) for (const key of wanted.keys) if (Object.hasOwn(value, key)) wanted.member(key, value[key]);
  } else if (Array.isArray(value)) value.forEach((element) => wanted.element(element));
  return { kind: kindOf(value), complete: true };
}

async function readStreamed(source: MemberSource, name: string, wanted: Wanted, diagnostics: Diagnostic[]): Promise<MemberRead> {
  const options: JsonStreamOptions =
    'root' in wanted
      ? { members: [], list: null, root: wanted.root }
      : 'keys' in wanted
        ? { members: wanted.keys, list: null, member: wanted.member }
        : { members: [], list: '', element: ({ value }) => wanted.element(value) };
  const result = await streamJsonBytes({ path: source.path, within: name, chunks: () => source.archive.stream(name) }, options);
  diagnostics.push(...result.diagnostics);
  return { kind: result.kind, complete: result.complete };
}

function readMember(source: MemberSource, name: string, wanted: Wanted, diagnostics: Diagnostic[]): Promise<MemberRead> {
  const size = source.archive.entries.get(name)?.size ?? 0;
  return size <= source.inMemoryBytes ? readWhole(source, name, wanted, diagnostics) : readStreamed(source, name, wanted, diagnostics);
}

/** The member's whole value (a sample to show); undefined when it cannot be read. */
export async function memberValue(source: MemberSource, name: string, diagnostics: Diagnostic[]): Promise<unknown> {
  let value: unknown;
  const read = await readMember(source, name, { root: (v) => (value = v) }, diagnostics);
  return read.complete ? value : undefined;
}

/**
 * The top-level `keys` of an object member, the rest dropped as it is parsed (a header without its plan, a sample's
 * summary fields without its messages); null when the member is not an object, undefined when it cannot be read.
 */
export async function memberFields(source: MemberSource, name: string, keys: readonly string[], diagnostics: Diagnostic[]): Promise<Record<string, unknown> | null | undefined> {
  const fields: Record<string, unknown> = {};
  const read = await readMember(source, name, { keys, member: (key, value) => (fields[key] = value) }, diagnostics);
  if (!read.complete) return undefined;
  return read.kind === 'object' ? fields : null;
}

/** Hands over each element of a list member; its kind, so that the caller can tell a member that is not a list. */
export function memberElements(source: MemberSource, name: string, element: (value: unknown) => void, diagnostics: Diagnostic[]): Promise<MemberRead> {
  return readMember(source, name, { element }, diagnostics);
}

/** Reads a member to its end for its problems only (`--check`), keeping nothing. */
export async function checkMember(source: MemberSource, name: string, diagnostics: Diagnostic[]): Promise<void> {
  await readMember(source, name, { keys: [], member: () => undefined }, diagnostics);
}
