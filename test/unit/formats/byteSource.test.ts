import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileRefusedError, type FileSource } from '../../../src/core/fileSource';
import { openBytes } from '../../../src/core/formats/byteSource';
import { NodeFileSource } from '../../../src/core/nodeFileSource';
import { MemoryFileSource } from '../../fixtures/memoryFileSource';

// Ranged reads: the bytes asked for, clipped to the file, and nothing a whole read would refuse (a link leading out
// of the run directory, a FIFO, a device). Byte sources give the same bytes whether the file source reads ranges,
// streams a large file, or reads a small one whole.

const TEXT = 'abcdefghijklmnopqrstuvwxyz0123456789';
let base: string;
let fs: NodeFileSource;

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'trajectory-lens-range-'));
  const root = join(base, 'runs');
  mkdirSync(join(root, 'logs'), { recursive: true });
  writeFileSync(join(root, 'logs', 'a.eval'), TEXT);
  writeFileSync(join(base, 'secret.eval'), 'outside');
  symlinkSync(join(base, 'secret.eval'), join(root, 'logs', 'out.eval'));
  symlinkSync('/dev/zero', join(root, 'logs', 'zero.eval'));
  symlinkSync(join(root, 'logs', 'a.eval'), join(root, 'logs', 'inside.eval'));
  execFileSync('mkfifo', [join(root, 'logs', 'fifo.eval')]);
  fs = new NodeFileSource(root);
});

afterAll(() => rmSync(base, { recursive: true, force: true }));

const text = (bytes: Uint8Array): string => Buffer.from(bytes).toString();

describe('NodeFileSource.readRange', () => {
  it('reads the bytes asked for, clipped to the end of the file, through a link that stays inside', async () => {
    expect(text(await fs.readRange('logs/a.eval', 3, 7))).toBe('defg');
    expect(text(await fs.readRange('logs/a.eval', 30, 100))).toBe('456789');
    expect(text(await fs.readRange('logs/a.eval', 100, 200))).toBe('');
    expect(text(await fs.readRange('logs/inside.eval', 0, 3))).toBe('abc');
  });

  it('refuses a link leading outside the run directory, a FIFO and a device, as a whole read does', async () => {
    await expect(fs.readRange('logs/out.eval', 0, 4)).rejects.toBeInstanceOf(FileRefusedError);
    await expect(fs.readRange('logs/fifo.eval', 0, 4)).rejects.toBeInstanceOf(FileRefusedError);
    await expect(fs.readRange('logs/zero.eval', 0, 4)).rejects.toBeInstanceOf(FileRefusedError);
    await expect(fs.readRange('../secret.eval', 0, 4)).rejects.toThrow(/escapes the run directory/);
    await expect(fs.readRange('logs/missing.eval', 0, 4)).rejects.toThrow(/ENOENT/);
  });
});

/** A source that only streams (no ranged reads), as a source written before them would. */
class StreamOnly implements FileSource {
  constructor(private readonly inner: FileSource) {}
  list = (path: string) => this.inner.list(path);
  stat = (path: string) => this.inner.stat(path);
  read = (path: string) => this.inner.read(path);
  readHead = (path: string, maxBytes: number) => this.inner.readHead(path, maxBytes);
  readStream = (path: string) => this.inner.readStream(path);
  writeAtomic = (path: string, data: Uint8Array) => this.inner.writeAtomic(path, data);
  describe = (path: string) => this.inner.describe(path);
}

/** A source that observes the reads of another: ranged reads go to that origin. */
class Observer extends StreamOnly {
  constructor(readonly origin: FileSource) {
    super(origin);
  }
}

async function collect(stream: AsyncIterable<Uint8Array>): Promise<string[]> {
  const chunks: string[] = [];
  for await (const chunk of stream) chunks.push(text(chunk));
  return chunks;
}

describe('byte sources', () => {
  const memory = new MemoryFileSource(new Map([['logs/a.eval', Buffer.from(TEXT)]]));
  const sources: Array<[string, () => FileSource, number | undefined]> = [
    ['ranged reads on disk', () => fs, undefined],
    ['ranged reads in memory', () => memory, undefined],
    ['an observer’s origin', () => new Observer(fs), undefined],
    ['a small file read whole', () => new StreamOnly(fs), undefined],
    ['a large file streamed', () => new StreamOnly(fs), 0],
  ];

  it.each(sources)('%s: the same ranges and chunks', async (_name, source, inMemoryBytes) => {
    const bytes = await openBytes(source(), 'logs/a.eval', inMemoryBytes);
    expect(bytes.size).toBe(TEXT.length);
    expect((await bytes.read([[3, 7], [0, 2], [34, 50]])).map(text)).toEqual(['defg', 'ab', '89']);
    expect(await collect(bytes.stream([2, 13], 4))).toEqual(['cdef', 'ghij', 'klm']);
    await expect(collect(bytes.stream([30, 40], 4))).rejects.toThrow(/ended at byte 36, before byte 40/);
  });

  it('a ranged read reads only the bytes asked for, never the file whole', async () => {
    const source = new MemoryFileSource(new Map([['logs/a.eval', Buffer.from(TEXT)]]));
    const bytes = await openBytes(source, 'logs/a.eval');
    await bytes.read([[0, 4]]);
    await collect(bytes.stream([4, 20]));
    expect(source.readWhole.size).toBe(0);
  });
});
