import type { FileSource } from '../fileSource';

// Byte ranges of one file. A source with ranged reads reads just the bytes asked for. Without them (a source that
// only streams), a file up to IN_MEMORY_BYTES is read once and sliced, and a larger one is streamed once per batch of
// ranges, keeping only the bytes asked for: a zip's directory sits at its end and one sample sits anywhere, and a
// multi-gigabyte log must not be held in memory to read either.

const IN_MEMORY_BYTES = 64 * 1024 * 1024;
/** Chunks of a streamed range. */
export const RANGE_CHUNK_BYTES = 1 << 20;

/** A half-open byte range [start, end). */
export type ByteRange = readonly [number, number];

export interface ByteSource {
  readonly size: number;
  /** The bytes of each range, in the order asked; ranges are clipped to the file. */
  read(ranges: readonly ByteRange[]): Promise<Uint8Array[]>;
  /** The bytes of one range in chunks of at most `chunkBytes`, never held whole; throws when the file ends first. */
  stream(range: ByteRange, chunkBytes?: number): AsyncIterable<Uint8Array>;
}

function clip(range: ByteRange, size: number): [number, number] {
  const start = Math.max(0, Math.min(range[0], size));
  return [start, Math.max(start, Math.min(range[1], size))];
}

function endedEarly(offset: number, end: number): Error {
  return new Error(`the file ended at byte ${offset}, before byte ${end}`);
}

class MemoryBytes implements ByteSource {
  constructor(private readonly bytes: Uint8Array) {}

  get size(): number {
    return this.bytes.length;
  }

  read(ranges: readonly ByteRange[]): Promise<Uint8Array[]> {
    return Promise.resolve(ranges.map((r) => this.bytes.subarray(...clip(r, this.bytes.length))));
  }

  async *stream(range: ByteRange, chunkBytes = RANGE_CHUNK_BYTES): AsyncIterable<Uint8Array> {
    const [start, end] = clip(range, this.bytes.length);
    for (let at = start; at < end; at += chunkBytes) yield this.bytes.subarray(at, Math.min(end, at + chunkBytes));
    if (end < range[1]) throw endedEarly(end, range[1]);
  }
}

type RangeReader = (path: string, start: number, end: number) => Promise<Uint8Array>;

class RangedBytes implements ByteSource {
  constructor(
    private readonly readRange: RangeReader,
    private readonly path: string,
    readonly size: number,
  ) {}

  async read(ranges: readonly ByteRange[]): Promise<Uint8Array[]> {
    const out: Uint8Array[] = [];
    for (const range of ranges) out.push(await this.readRange(this.path, ...clip(range, this.size)));
    return out;
  }

  async *stream(range: ByteRange, chunkBytes = RANGE_CHUNK_BYTES): AsyncIterable<Uint8Array> {
    const [start, end] = clip(range, this.size);
    for (let at = start; at < end; ) {
      const chunk = await this.readRange(this.path, at, Math.min(end, at + chunkBytes));
      // The file shrank since it was measured.
      if (chunk.length === 0) throw endedEarly(at, range[1]);
      at += chunk.length;
      yield chunk;
    }
    if (end < range[1]) throw endedEarly(end, range[1]);
  }
}

class StreamedBytes implements ByteSource {
  constructor(
    private readonly fs: FileSource,
    private readonly path: string,
    readonly size: number,
  ) {}

  async read(ranges: readonly ByteRange[]): Promise<Uint8Array[]> {
    const wanted = ranges.map((r) => clip(r, this.size));
    const out = wanted.map(([start, end]) => new Uint8Array(end - start));
    const last = Math.max(0, ...wanted.map(([, end]) => end));
    let offset = 0;
    for await (const chunk of this.fs.readStream(this.path)) {
      const chunkEnd = offset + chunk.length;
      wanted.forEach(([start, end], i) => {
        const from = Math.max(start, offset);
        const to = Math.min(end, chunkEnd);
        if (from < to) out[i]?.set(chunk.subarray(from - offset, to - offset), from - start);
      });
      offset = chunkEnd;
      if (offset >= last) break;
    }
    if (offset < last) throw endedEarly(offset, last);
    return out;
  }

  async *stream(range: ByteRange, chunkBytes = RANGE_CHUNK_BYTES): AsyncIterable<Uint8Array> {
    const [start, end] = range;
    if (end <= start) return;
    let offset = 0;
    for await (const chunk of this.fs.readStream(this.path)) {
      const chunkEnd = offset + chunk.length;
      for (let from = Math.max(start, offset); from < Math.min(end, chunkEnd); from += chunkBytes) {
        yield chunk.subarray(from - offset, Math.min(end, chunkEnd, from + chunkBytes) - offset);
      }
      offset = chunkEnd;
      if (offset >= end) return;
    }
    throw endedEarly(offset, end);
  }
}

/** The source's ranged reads, or its origin's when it only observes reads and offers none itself. */
function rangeReader(fs: FileSource): RangeReader | null {
  if (fs.readRange !== undefined) return fs.readRange.bind(fs);
  const origin = fs.origin;
  return origin?.readRange === undefined ? null : origin.readRange.bind(origin);
}

/**
 * Throws when the file cannot be read. Read by ranges when the source can; otherwise files above `inMemoryBytes`
 * are streamed and smaller ones read whole.
 */
export async function openBytes(fs: FileSource, path: string, inMemoryBytes = IN_MEMORY_BYTES): Promise<ByteSource> {
  const stat = await fs.stat(path);
  if (stat === null) throw new Error('the file does not exist');
  const ranged = rangeReader(fs);
  if (ranged !== null) return new RangedBytes(ranged, path, stat.size);
  if (stat.size <= inMemoryBytes) return new MemoryBytes(await fs.read(path));
  return new StreamedBytes(fs, path, stat.size);
}
