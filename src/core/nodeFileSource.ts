import { closeSync, constants, fstatSync, openSync, readdirSync, readSync, realpathSync, type Dirent, type Stats } from 'node:fs';
import { lstat, mkdir, open, readdir, realpath, rename, stat, unlink, type FileHandle } from 'node:fs/promises';
import { join, dirname as nodeDirname, sep } from 'node:path';
import { randomBytes } from 'node:crypto';
import {
  FileRefusedError,
  MAX_READ_BYTES,
  readRefusal,
  type DirEntry,
  type FileSource,
  type FileStat,
  type FolderContents,
  type OtherKind,
} from './fileSource';

// O_NONBLOCK: opening a FIFO for reading returns at once instead of waiting for a writer, so the type check after
// opening can refuse it. O_NOFOLLOW: the real path was checked; a link swapped in since is refused, not followed.
const READ_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW;

function kindOf(s: Stats | Dirent): OtherKind {
  if (s.isFIFO()) return 'fifo';
  if (s.isSocket()) return 'socket';
  if (s.isCharacterDevice() || s.isBlockDevice()) return 'device';
  return 'unknown';
}

function fileStat(s: Stats): FileStat {
  if (s.isFile()) return { type: 'file', size: s.size, mtime: s.mtimeMs };
  if (s.isDirectory()) return { type: 'directory', size: s.size, mtime: s.mtimeMs };
  return { type: 'other', other: kindOf(s), size: s.size, mtime: s.mtimeMs };
}

/**
 * FileSource over the local disk (CLI, tests, benchmarks). Every path is resolved to its real path first: one that
 * leaves the run directory through a symbolic link is an 'other' entry, never read nor written; reads open only
 * regular files.
 */
export class NodeFileSource implements FileSource {
  private realRoot: Promise<string> | null = null;
  private realRootSync: string | null = null;

  constructor(readonly root: string) {}

  private abs(path: string): string {
    if (path.split('/').includes('..')) throw new Error(`path escapes the run directory: ${path}`);
    return path === '' ? this.root : join(this.root, path);
  }

  private rootReal(): Promise<string> {
    this.realRoot ??= realpath(this.root);
    return this.realRoot;
  }

  /** The real path of `abs` when it stays inside the run directory; null when it leads out. Throws when it is missing. */
  private async inside(abs: string): Promise<string | null> {
    const [real, root] = await Promise.all([realpath(abs), this.rootReal()]);
    return isInside(real, root) ? real : null;
  }

  /** The entry at `abs` as the run directory sees it (links followed only while they stay inside) and its real path. */
  private async entry(abs: string): Promise<{ stat: FileStat; real: string | null } | null> {
    let real: string | null;
    try {
      real = await this.inside(abs);
    } catch {
      // A link whose target is missing (or that loops) is there, and worth naming; a missing entry is not.
      const link = await lstat(abs).catch(() => null);
      if (link?.isSymbolicLink() !== true) return null;
      return { stat: { type: 'other', other: 'broken-link', size: 0, mtime: link.mtimeMs }, real: null };
    }
    if (real === null) {
      const link = await lstat(abs);
      return { stat: { type: 'other', other: 'outside', size: 0, mtime: link.mtimeMs }, real };
    }
    return { stat: fileStat(await stat(real)), real };
  }

  async list(path: string): Promise<DirEntry[]> {
    const dir = this.abs(path);
    const real = await this.inside(dir);
    if (real === null) throw new FileRefusedError('a symbolic link leading outside the run directory; not listed');
    const entries = await readdir(real, { withFileTypes: true });
    return Promise.all(
      entries.map(async (e): Promise<DirEntry> => {
        if (e.isFile()) return { name: e.name, type: 'file' };
        if (e.isDirectory()) return { name: e.name, type: 'directory' };
        if (!e.isSymbolicLink()) return { name: e.name, type: 'other', other: kindOf(e) };
        const target = (await this.entry(join(dir, e.name)))?.stat ?? { type: 'other', other: 'broken-link' };
        return target.other === undefined ? { name: e.name, type: target.type } : { name: e.name, type: target.type, other: target.other };
      }),
    );
  }

  async stat(path: string): Promise<FileStat | null> {
    try {
      return (await this.entry(this.abs(path)))?.stat ?? null;
    } catch {
      return null;
    }
  }

  /** Opens a regular file inside the run directory of at most `maxBytes` (null: any size); refuses anything else unread. */
  private async openFile(path: string, maxBytes: number | null): Promise<{ handle: FileHandle; size: number }> {
    const abs = this.abs(path);
    const found = await this.entry(abs);
    if (found === null) throw Object.assign(new Error(`ENOENT: no such file or directory: ${abs}`), { code: 'ENOENT' });
    const refused = readRefusal(found.stat, maxBytes);
    if (refused !== null || found.real === null) throw refused ?? new FileRefusedError('not read');
    const handle = await open(found.real, READ_FLAGS);
    try {
      // Checked again on what was opened: the entry may have been replaced in between.
      const s = await handle.stat();
      const again = readRefusal(fileStat(s), maxBytes);
      if (again !== null) throw again;
      return { handle, size: s.size };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async read(path: string, maxBytes: number = MAX_READ_BYTES): Promise<Uint8Array> {
    const { handle, size } = await this.openFile(path, maxBytes);
    try {
      // What the file held when opened: a file still being appended to is read to that point.
      return await readUpTo(handle, size);
    } finally {
      await handle.close();
    }
  }

  async readHead(path: string, maxBytes: number): Promise<Uint8Array> {
    const { handle, size } = await this.openFile(path, null);
    try {
      // Allocate what the file holds, not the limit: this runs once per run on large corpora.
      return await readUpTo(handle, Math.min(maxBytes, size));
    } finally {
      await handle.close();
    }
  }

  async *readStream(path: string): AsyncIterable<Uint8Array> {
    const { handle } = await this.openFile(path, null);
    // The stream closes the handle when it ends or fails.
    for await (const chunk of handle.createReadStream({ highWaterMark: 1 << 20 })) {
      yield chunk as Buffer;
    }
  }

  async writeAtomic(path: string, data: Uint8Array): Promise<void> {
    const target = this.abs(path);
    // The deepest folder that exists must resolve inside before any folder is created below it.
    await this.checkFolderInside(nodeDirname(target));
    await mkdir(nodeDirname(target), { recursive: true });
    await this.checkFolderInside(nodeDirname(target));
    const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    // 'wx' (O_CREAT | O_EXCL) never opens an existing entry, so a link planted under the temporary name is not followed.
    const handle = await open(temp, 'wx');
    try {
      await handle.writeFile(data);
    } finally {
      await handle.close();
    }
    // A link at the target's name is replaced, not followed.
    await rename(temp, target).catch(async (error: unknown) => {
      await unlink(temp).catch(() => undefined);
      throw error;
    });
  }

  private async checkFolderInside(folder: string): Promise<void> {
    let existing = folder;
    while (existing.length > this.root.length && (await lstat(existing).catch(() => null)) === null) existing = nodeDirname(existing);
    if ((await this.inside(existing)) === null) {
      throw new FileRefusedError(`${existing} is a symbolic link leading outside the run directory; nothing written there`);
    }
  }

  describe(path: string): string {
    return this.abs(path);
  }

  /**
   * Synchronous: a run folder's few small files cost a handful of system calls each, where the promise API pays a
   * thread-pool round trip for each of the real path, stat, open, stat, read and close of every file. Entries are
   * taken as readdir types them, so a link (which list resolves and names) gives null, as does any failure.
   */
  async readFolder(path: string, maxFileBytes: number): Promise<FolderContents | null> {
    try {
      const real = realpathSync.native(this.abs(path));
      this.realRootSync ??= realpathSync.native(this.root);
      if (!isInside(real, this.realRootSync)) return null;
      const entries: DirEntry[] = [];
      const files = new Map<string, Uint8Array>();
      for (const e of readdirSync(real, { withFileTypes: true })) {
        if (e.isDirectory()) {
          entries.push({ name: e.name, type: 'directory' });
          continue;
        }
        const bytes = e.isFile() ? readSmallFileSync(join(real, e.name), maxFileBytes) : null;
        if (bytes === null) return null;
        entries.push({ name: e.name, type: 'file' });
        files.set(e.name, bytes);
      }
      return { entries, files };
    } catch {
      return null;
    }
  }
}

function isInside(real: string, root: string): boolean {
  return real === root || real.startsWith(root.endsWith(sep) ? root : root + sep);
}

/** A regular file of at most `maxBytes`, as it was when opened; null for anything else. */
function readSmallFileSync(path: string, maxBytes: number): Uint8Array | null {
  const fd = openSync(path, READ_FLAGS);
  try {
    const s = fstatSync(fd);
    if (!s.isFile() || s.size > maxBytes) return null;
    // Never handed out beyond what was read into it.
    const buffer = Buffer.allocUnsafe(s.size);
    let offset = 0;
    while (offset < s.size) {
      const bytesRead = readSync(fd, buffer, offset, s.size - offset, offset);
      if (bytesRead === 0) break;
      offset += bytesRead;
    }
    return buffer.subarray(0, offset);
  } finally {
    closeSync(fd);
  }
}

async function readUpTo(handle: FileHandle, length: number): Promise<Uint8Array> {
  const buffer = Buffer.alloc(length);
  let offset = 0;
  while (offset < length) {
    const { bytesRead } = await handle.read(buffer, offset, length - offset, offset);
    if (bytesRead === 0) break;
    offset += bytesRead;
  }
  return buffer.subarray(0, offset);
}
