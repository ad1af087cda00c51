import type { FileSource } from '../fileSource';

// Byte ranges of one file. The FileSource offers whole reads and streams but no reads at an offset, so a file up to
// IN_MEMORY_BYTES is read once and sliced, and a larger one is streamed once per batch of ranges, keeping only the
// bytes asked for: a zip's directory sits at its end and one sample sits anywhere, and a multi-gigabyte log must not
// be held in memory to read either.

const IN_MEMORY_BYTES = 64 * 1024 * 1024;

/** A half-open byte range [start, end). */
export type ByteRange = readonly [number, number];

export interface ByteSource {
  readonly size: number;
  /** The bytes of each range, in the order asked; ranges are clipped to the file. */
  read(ranges: readonly ByteRange[]): Promise<Uint8Array[]>;
}

function clip(range: ByteRange, size: number): [number, number] {
  const start = Math.max(0, Math.min(range[0], size));
  return [start, Math.max(start, Math.min(range[1], size))];
}

class MemoryBytes implements ByteSource {
  constructor(private readonly bytes: Uint8Array) {}

  get size(): number {
    return this.bytes.length;
  }

  read(ranges: readonly ByteRange[]): Promise<Uint8Array[]> {
    return Promise.resolve(ranges.map((r) => this.bytes.subarray(...clip(r, this.bytes.length))));
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
    if (offset < last) throw new Error(`the file ended at byte ${offset}, before byte ${last}`);
    return out;
  }
}

/** Throws when the file cannot be read. Files above `inMemoryBytes` are streamed. */
export async function openBytes(fs: FileSource, path: string, inMemoryBytes = IN_MEMORY_BYTES): Promise<ByteSource> {
  const stat = await fs.stat(path);
  if (stat === null) throw new Error('the file does not exist');
  if (stat.size <= inMemoryBytes) return new MemoryBytes(await fs.read(path));
  return new StreamedBytes(fs, path, stat.size);
}
