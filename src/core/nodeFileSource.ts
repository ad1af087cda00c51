import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join, dirname as nodeDirname } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { DirEntry, EntryType, FileSource, FileStat } from './fileSource';

/** FileSource over the local disk (CLI, tests, benchmarks). */
export class NodeFileSource implements FileSource {
  constructor(readonly root: string) {}

  private abs(path: string): string {
    if (path.split('/').includes('..')) throw new Error(`path escapes the run directory: ${path}`);
    return path === '' ? this.root : join(this.root, path);
  }

  async list(path: string): Promise<DirEntry[]> {
    const entries = await readdir(this.abs(path), { withFileTypes: true });
    return entries.map((e) => ({
      name: e.name,
      type: e.isFile() ? 'file' : e.isDirectory() ? 'directory' : 'other',
    }));
  }

  async stat(path: string): Promise<FileStat | null> {
    try {
      const s = await stat(this.abs(path));
      const type: EntryType = s.isFile() ? 'file' : s.isDirectory() ? 'directory' : 'other';
      return { type, size: s.size, mtime: s.mtimeMs };
    } catch {
      return null;
    }
  }

  async read(path: string): Promise<Uint8Array> {
    return readFile(this.abs(path));
  }

  async readHead(path: string, maxBytes: number): Promise<Uint8Array> {
    const handle = await open(this.abs(path), 'r');
    try {
      // Allocate what the file holds, not the limit: this runs once per run on large corpora.
      const length = Math.min(maxBytes, (await handle.stat()).size);
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  async *readStream(path: string): AsyncIterable<Uint8Array> {
    for await (const chunk of createReadStream(this.abs(path), { highWaterMark: 1 << 20 })) {
      yield chunk as Buffer;
    }
  }

  async writeAtomic(path: string, data: Uint8Array): Promise<void> {
    const target = this.abs(path);
    await mkdir(nodeDirname(target), { recursive: true });
    const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temp, data);
    await rename(temp, target);
  }

  describe(path: string): string {
    return this.abs(path);
  }
}
