import { pipeline, Readable, type Transform } from 'node:stream';
import * as zlib from 'node:zlib';
import { megabytesText, type FileSource } from '../../../fileSource';
import { openBytes, type ByteRange, type ByteSource } from '../../byteSource';
import { crc32 } from './crc32';

// A reader for standard zip archives (an Inspect .eval log is one): the end-of-central-directory record (zip64 too),
// the central directory, and entries stored or deflated (zstd where the runtime has it). Every problem is an error
// message for the caller to report; nothing here throws on bad bytes.

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const EOCD_BYTES = 22;
const MAX_COMMENT = 0xffff;
/** Bytes read from the end first: the end records, and the whole central directory of most logs. */
const TAIL_BYTES = 1024 * 1024;
const LOCAL_HEADER_BYTES = 30;
const STORED = 0;
const DEFLATED = 8;
const ZSTD = 93;
/** Chunks a streamed entry is decompressed in. */
const OUTPUT_CHUNK_BYTES = 256 * 1024;

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
}

export type EntryRead = { bytes: Uint8Array; error: null } | { bytes: null; error: string };

export interface ZipArchive {
  /** Entries by name; a name written twice (an appended log) keeps its last entry. */
  readonly entries: ReadonlyMap<string, ZipEntry>;
  /** Reads and decompresses entries whole (in one pass over the file when it is streamed). */
  read(names: readonly string[], maxBytes: number): Promise<Map<string, EntryRead>>;
  /**
   * An entry's decompressed bytes in chunks, never held whole, whatever its size; throws (a message without the
   * entry's name) when it cannot be read, and at the end when its size or CRC does not match.
   */
  stream(name: string): AsyncIterable<Uint8Array>;
}

export type ZipOpen = { archive: ZipArchive; error: null } | { archive: null; error: string };

class ZipError extends Error {}

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function u64(data: DataView, at: number): number {
  const value = data.getBigUint64(at, true);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new ZipError('a zip64 size or offset is out of range');
  return Number(value);
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Offset of the end-of-central-directory record within `tail`, or -1. */
function findEocd(tail: Uint8Array, tailStart: number, size: number): number {
  const data = view(tail);
  const lowest = Math.max(0, tail.length - EOCD_BYTES - MAX_COMMENT);
  for (let i = tail.length - EOCD_BYTES; i >= lowest; i--) {
    // The comment length must reach exactly the end of the file, so a signature inside the comment is not taken.
    if (data.getUint32(i, true) === EOCD && tailStart + i + EOCD_BYTES + data.getUint16(i + 20, true) === size) return i;
  }
  return -1;
}

interface Directory {
  count: number;
  offset: number;
  size: number;
}

async function readDirectoryBounds(bytes: ByteSource, tail: Uint8Array, tailStart: number): Promise<Directory> {
  const at = findEocd(tail, tailStart, bytes.size);
  if (at < 0) throw new ZipError('no end-of-central-directory record: not a zip archive, or truncated');
  const eocd = view(tail.subarray(at));
  const directory: Directory = { count: eocd.getUint16(10, true), size: eocd.getUint32(12, true), offset: eocd.getUint32(16, true) };
  if (directory.count !== 0xffff && directory.size !== 0xffffffff && directory.offset !== 0xffffffff) return directory;
  const locatorAt = at - 20;
  if (locatorAt < 0 || view(tail).getUint32(locatorAt, true) !== ZIP64_LOCATOR) {
    if (directory.count === 0xffff && directory.size !== 0xffffffff && directory.offset !== 0xffffffff) return directory;
    throw new ZipError('zip64 sizes without a zip64 locator');
  }
  const recordOffset = u64(view(tail), locatorAt + 8);
  const [record] = await bytes.read([[recordOffset, recordOffset + 56]]);
  if (record === undefined || record.length < 56 || view(record).getUint32(0, true) !== ZIP64_EOCD) {
    throw new ZipError('the zip64 end-of-central-directory record is missing');
  }
  const data = view(record);
  return { count: u64(data, 32), size: u64(data, 40), offset: u64(data, 48) };
}

/** Replaces 0xffffffff fields with their values from the zip64 extra field (id 1). */
function applyZip64(entry: ZipEntry, extra: Uint8Array): void {
  const data = view(extra);
  for (let i = 0; i + 4 <= extra.length; ) {
    const id = data.getUint16(i, true);
    const length = data.getUint16(i + 2, true);
    if (id === 1) {
      let at = i + 4;
      const next = (): number => {
        if (at + 8 > i + 4 + length) throw new ZipError(`the zip64 field of ${entry.name} is too short`);
        const value = u64(data, at);
        at += 8;
        return value;
      };
      if (entry.size === 0xffffffff) entry.size = next();
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = next();
      if (entry.offset === 0xffffffff) entry.offset = next();
      return;
    }
    i += 4 + length;
  }
}

function parseDirectory(cd: Uint8Array, directory: Directory, fileSize: number): Map<string, ZipEntry> {
  const data = view(cd);
  const names = new TextDecoder('utf-8');
  const entries = new Map<string, ZipEntry>();
  let at = 0;
  for (let n = 0; n < directory.count; n++) {
    if (at + 46 > cd.length || data.getUint32(at, true) !== CENTRAL) throw new ZipError(`central directory entry ${n + 1} is damaged`);
    const nameLength = data.getUint16(at + 28, true);
    const extraLength = data.getUint16(at + 30, true);
    const commentLength = data.getUint16(at + 32, true);
    const end = at + 46 + nameLength + extraLength + commentLength;
    if (end > cd.length) throw new ZipError(`central directory entry ${n + 1} is truncated`);
    const entry: ZipEntry = {
      name: names.decode(cd.subarray(at + 46, at + 46 + nameLength)),
      flags: data.getUint16(at + 8, true),
      method: data.getUint16(at + 10, true),
      crc: data.getUint32(at + 16, true),
      compressedSize: data.getUint32(at + 20, true),
      size: data.getUint32(at + 24, true),
      offset: data.getUint32(at + 42, true),
    };
    applyZip64(entry, cd.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength));
    if (entry.offset + LOCAL_HEADER_BYTES + entry.compressedSize > fileSize) {
      throw new ZipError(`entry ${entry.name} lies beyond the end of the file (truncated archive)`);
    }
    entries.set(entry.name, entry);
    at = end;
  }
  return entries;
}

function decompressWith(
  run: (data: Uint8Array, options: zlib.ZlibOptions, callback: (error: Error | null, result: Buffer) => void) => void,
  data: Uint8Array,
  maxBytes: number,
): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    run(data, { maxOutputLength: Math.max(1, maxBytes) }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** zstd decompression, present in newer Node runtimes only. */
type ZstdDecompress = (data: Uint8Array, options: zlib.ZlibOptions, callback: (error: Error | null, result: Buffer) => void) => void;

function zstdOf(module: object): ZstdDecompress | null {
  const candidate: unknown = (module as Record<string, unknown>).zstdDecompress;
  return typeof candidate === 'function' ? (candidate as ZstdDecompress) : null;
}

async function decompress(entry: ZipEntry, data: Uint8Array, maxBytes: number): Promise<Uint8Array> {
  switch (entry.method) {
    case STORED:
      return data;
    case DEFLATED:
      return decompressWith(zlib.inflateRaw, data, maxBytes);
    case ZSTD: {
      const zstd = zstdOf(zlib);
      if (zstd === null) throw new ZipError('zstd-compressed; this runtime cannot decompress zstd (Node 22.15 or later can)');
      return decompressWith(zstd, data, maxBytes);
    }
    default:
      throw new ZipError(`compression method ${entry.method} is not supported (stored, deflate and zstd are)`);
  }
}

/** A streaming decompressor for the entry's method (null: stored). */
function decompressor(entry: ZipEntry): Transform | null {
  const options = { chunkSize: OUTPUT_CHUNK_BYTES };
  switch (entry.method) {
    case STORED:
      return null;
    case DEFLATED:
      return zlib.createInflateRaw(options);
    case ZSTD: {
      const create: unknown = (zlib as Record<string, unknown>).createZstdDecompress;
      if (typeof create !== 'function') throw new ZipError('zstd-compressed; this runtime cannot decompress zstd (Node 22.15 or later can)');
      return (create as (options: zlib.ZlibOptions) => Transform)(options);
    }
    default:
      throw new ZipError(`compression method ${entry.method} is not supported (stored, deflate and zstd are)`);
  }
}

/** Where the entry's compressed data starts, from its local header (whose name and extra lengths may differ). */
async function dataStart(bytes: ByteSource, entry: ZipEntry): Promise<number> {
  const [head] = await bytes.read([[entry.offset, entry.offset + LOCAL_HEADER_BYTES]]);
  if (head === undefined || head.length < LOCAL_HEADER_BYTES || view(head).getUint32(0, true) !== LOCAL) {
    throw new ZipError('its local header is missing or damaged');
  }
  const start = entry.offset + LOCAL_HEADER_BYTES + view(head).getUint16(26, true) + view(head).getUint16(28, true);
  if (start + entry.compressedSize > bytes.size) throw new ZipError('its data is truncated');
  return start;
}

async function* streamEntry(bytes: ByteSource, entry: ZipEntry): AsyncIterable<Uint8Array> {
  if (entry.flags & 1) throw new ZipError('encrypted');
  const inflater = decompressor(entry);
  const start = await dataStart(bytes, entry);
  const raw = bytes.stream([start, start + entry.compressedSize]);
  // pipeline() destroys the decompressor with the source's error, so a failed read ends the iteration below with it.
  const output: AsyncIterable<Uint8Array> = inflater === null ? raw : pipeline(Readable.from(raw), inflater, () => undefined);
  let size = 0;
  let crc = 0;
  for await (const chunk of output) {
    size += chunk.length;
    // Past the declared size the data is corrupt (or a decompression bomb): stop before reading more.
    if (size > entry.size) throw new ZipError('its data is corrupt (size or CRC mismatch)');
    crc = crc32(chunk, crc);
    yield chunk;
  }
  if (size !== entry.size || crc !== entry.crc) throw new ZipError('its data is corrupt (size or CRC mismatch)');
}

async function extract(entry: ZipEntry, raw: Uint8Array | undefined, maxBytes: number): Promise<EntryRead> {
  try {
    if (entry.flags & 1) throw new ZipError('encrypted');
    if (entry.size > maxBytes) throw new ZipError(`larger than ${megabytesText(maxBytes)} uncompressed; not read`);
    if (raw === undefined || raw.length < LOCAL_HEADER_BYTES || view(raw).getUint32(0, true) !== LOCAL) {
      throw new ZipError('its local header is missing or damaged');
    }
    const start = LOCAL_HEADER_BYTES + view(raw).getUint16(26, true) + view(raw).getUint16(28, true);
    const data = raw.subarray(start, start + entry.compressedSize);
    if (data.length < entry.compressedSize) throw new ZipError('its data is truncated');
    const bytes = await decompress(entry, data, maxBytes);
    if (bytes.length !== entry.size || crc32(bytes) !== entry.crc) throw new ZipError('its data is corrupt (size or CRC mismatch)');
    return { bytes, error: null };
  } catch (error) {
    return { bytes: null, error: `${entry.name}: ${errorText(error)}` };
  }
}

function archiveOf(bytes: ByteSource, entries: Map<string, ZipEntry>): ZipArchive {
  return {
    entries,
    async read(names, maxBytes) {
      const wanted = names.map((name) => entries.get(name)).filter((e): e is ZipEntry => e !== undefined);
      const ranges = wanted.map((e): ByteRange => [e.offset, e.offset + LOCAL_HEADER_BYTES + 2 * 0xffff + e.compressedSize]);
      const out = new Map<string, EntryRead>();
      let raws: Uint8Array[];
      try {
        raws = await bytes.read(ranges);
      } catch (error) {
        for (const name of names) out.set(name, { bytes: null, error: `${name}: cannot read: ${errorText(error)}` });
        return out;
      }
      for (const [i, entry] of wanted.entries()) out.set(entry.name, await extract(entry, raws[i], maxBytes));
      for (const name of names) if (!out.has(name)) out.set(name, { bytes: null, error: `${name}: not in the archive` });
      return out;
    },
    async *stream(name) {
      const entry = entries.get(name);
      if (entry === undefined) throw new ZipError('not in the archive');
      yield* streamEntry(bytes, entry);
    },
  };
}

/** Reads the archive's directory. Archives above `inMemoryBytes` (64 MB by default) are streamed, never held whole. */
export async function openZip(fs: FileSource, path: string, options: { inMemoryBytes?: number } = {}): Promise<ZipOpen> {
  try {
    const bytes = await openBytes(fs, path, options.inMemoryBytes);
    if (bytes.size < EOCD_BYTES) throw new ZipError(`${bytes.size} bytes: too short to be a zip archive`);
    const tailStart = Math.max(0, bytes.size - TAIL_BYTES);
    const [tail = new Uint8Array()] = await bytes.read([[tailStart, bytes.size]]);
    const directory = await readDirectoryBounds(bytes, tail, tailStart);
    if (directory.offset + directory.size > bytes.size) throw new ZipError('the central directory lies beyond the end of the file');
    const [cd = new Uint8Array()] =
      directory.offset >= tailStart
        ? [tail.subarray(directory.offset - tailStart, directory.offset - tailStart + directory.size)]
        : await bytes.read([[directory.offset, directory.offset + directory.size]]);
    return { archive: archiveOf(bytes, parseDirectory(cd, directory, bytes.size)), error: null };
  } catch (error) {
    return { archive: null, error: errorText(error) };
  }
}
