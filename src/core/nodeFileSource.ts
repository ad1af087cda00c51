import {
  closeSync,
  constants,
  createReadStream,
  fstatSync,
  lstatSync,
  openSync,
  readdirSync,
  readSync,
  realpathSync,
  statSync,
  type Dirent,
  type Stats,
} from 'node:fs';
import { lstat, mkdir, open, realpath, rename, unlink } from 'node:fs/promises';
import { join, dirname as nodeDirname, sep } from 'node:path';
import { randomBytes } from 'node:crypto';
import {
  FileRefusedError,
  hasUpSegment,
  MAX_READ_BYTES,
  readRefusal,
  type DirEntry,
  type FileSource,
  type FileStat,
  type FolderContents,
  type OtherKind,
} from './fileSource';
import { afterTurn, turnTaker } from './eventLoopTurns';

// O_NONBLOCK: opening a FIFO for reading returns at once instead of waiting for a writer, so the type check after
// opening can refuse it. O_NOFOLLOW: the real path was checked; a link swapped in since is refused, not followed.
const READ_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW;

// The calls are synchronous: a run file is a few kilobytes, and each promise-API call costs more in thread-pool
// hand-offs than the read itself (indexing 20,000 runs spent most of its time there). So that a loop over many files
// (an index, a search in the extension host) still lets other work run, a call gives the event loop a turn first
// when calls have run for more than a few milliseconds without one.

const STREAM_CHUNK_BYTES = 1 << 20;
/** Shared by every source: the stretch is the thread's, whichever run directory the calls read. */
const turn = turnTaker();

/** Files up to this size are read in one call, without a stat (see readSmallListed). */
const SMALL_READ_BYTES = 64 * 1024;
/**
 * Small files are read one after another into a slab, each read's bytes a view of it that is never read into again: a
 * copy of each of 20,000 verdicts was as many buffers for the collector to sweep. A slab that cannot hold one more read
 * is left to the views still held on it.
 */
const SLAB_BYTES = 1024 * 1024;
/** None until the first small read: a process that reads none keeps none. */
let slab = Buffer.alloc(0);
let slabUsed = 0;

/** How long the real paths of listed folders are remembered. */
const FOLDER_MEMORY_MS = 1000;

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
 * `name` (an entry of a listing: no separator) in the folder whose real path is `folder`: joined without normalising
 * again, which a walk would otherwise do for every entry of every folder.
 */
function inFolder(folder: string, name: string): string {
  return folder.endsWith(sep) ? folder + name : folder + sep + name;
}

function checkRelative(path: string): void {
  if (hasUpSegment(path)) throw new Error(`path escapes the run directory: ${path}`);
}

function parentOf(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? '' : path.slice(0, i);
}

/**
 * FileSource over the local disk (CLI, tests, benchmarks, the extension host on local folders). Every path is resolved
 * to its real path first: one that leaves the run directory through a symbolic link is an 'other' entry, never read
 * nor written; reads open only regular files.
 */
export class NodeFileSource implements FileSource {
  private realRoot: string | null = null;
  /**
   * Real paths of folders just listed and of the plain (not linked) folders in them, so that a walk opens the files
   * it lists by their real paths without resolving every component of each again. Forgotten within a second: a
   * folder replaced by a link after that is resolved afresh, as before any listing.
   */
  private readonly folders = new Map<string, string>();
  private forgetScheduled = false;

  constructor(readonly root: string) {}

  private abs(path: string): string {
    checkRelative(path);
    return path === '' ? this.root : join(this.root, path);
  }

  private rootReal(): string {
    this.realRoot ??= realpathSync.native(this.root);
    return this.realRoot;
  }

  private remember(path: string, real: string): void {
    this.folders.set(path, real);
    if (this.forgetScheduled) return;
    this.forgetScheduled = true;
    setTimeout(() => {
      this.folders.clear();
      this.forgetScheduled = false;
    }, FOLDER_MEMORY_MS).unref();
  }

  /** The real path of `abs` when it stays inside the run directory; null when it leads out. Throws when it is missing. */
  private inside(abs: string): string | null {
    const real = realpathSync.native(abs);
    return isInside(real, this.rootReal()) ? real : null;
  }

  /** The entry at `abs` as the run directory sees it (links followed only while they stay inside) and its real path. */
  private entry(abs: string): { stat: FileStat; real: string | null } | null {
    let real: string | null;
    try {
      real = this.inside(abs);
    } catch {
      // A link whose target is missing (or that loops) is there, and worth naming; a missing entry is not.
      const link = lstatOrNull(abs);
      if (link?.isSymbolicLink() !== true) return null;
      return { stat: { type: 'other', other: 'broken-link', size: 0, mtime: link.mtimeMs }, real: null };
    }
    if (real === null) {
      const link = lstatSync(abs);
      return { stat: { type: 'other', other: 'outside', size: 0, mtime: link.mtimeMs }, real };
    }
    return { stat: fileStat(statSync(real)), real };
  }

  /**
   * The real path of the folder `path`; null when it leads out of the run directory; throws when it is missing. A
   * plain folder in a folder whose real path is known is that path and its name (one lstat, not a resolution of
   * every component); a link is resolved and checked.
   */
  private folderReal(path: string): string | null {
    if (path === '') return this.rootReal();
    const known = this.folders.get(path);
    if (known !== undefined) return known;
    const parent = this.folderReal(parentOf(path));
    if (parent !== null) {
      const real = join(parent, path.slice(path.lastIndexOf('/') + 1));
      const s = lstatOrNull(real);
      if (s?.isDirectory() === true) {
        this.remember(path, real);
        return real;
      }
    }
    return this.inside(this.abs(path));
  }

  // The promise calls and the synchronous ones share private bodies rather than calling each other: a subclass that
  // overrides one kind (a test noting reads) leaves the other as it is.
  list(path: string): Promise<DirEntry[]> {
    return afterTurn(turn, () => this.listNow(path));
  }

  listSync(path: string): DirEntry[] {
    return this.listNow(path);
  }

  private listNow(path: string): DirEntry[] {
    checkRelative(path);
    const real = this.folderReal(path);
    if (real === null) throw new FileRefusedError('a symbolic link leading outside the run directory; not listed');
    const entries = readdirSync(real, { withFileTypes: true });
    this.remember(path, real);
    return entries.map((e): DirEntry => {
      if (e.isFile()) return { name: e.name, type: 'file' };
      if (e.isDirectory()) {
        this.remember(path === '' ? e.name : `${path}/${e.name}`, inFolder(real, e.name));
        return { name: e.name, type: 'directory' };
      }
      if (!e.isSymbolicLink()) return { name: e.name, type: 'other', other: kindOf(e) };
      const target = this.entry(join(this.abs(path), e.name))?.stat ?? { type: 'other', other: 'broken-link' };
      return target.other === undefined ? { name: e.name, type: target.type } : { name: e.name, type: target.type, other: target.other };
    });
  }

  stat(path: string): Promise<FileStat | null> {
    return afterTurn(turn, () => this.statNow(path));
  }

  statSync(path: string): FileStat | null {
    return this.statNow(path);
  }

  private statNow(path: string): FileStat | null {
    try {
      // An entry that is not a link, in a folder whose real path is known, is what lstat says (a folder is then known
      // too); a link is resolved and checked.
      if (path !== '') {
        const folder = this.folderReal(parentOf(path));
        if (folder !== null) {
          const real = join(folder, path.slice(path.lastIndexOf('/') + 1));
          const s = lstatOrNull(real);
          if (s === null) return null;
          if (!s.isSymbolicLink()) {
            if (s.isDirectory()) this.remember(path, real);
            return fileStat(s);
          }
        }
      }
      return this.entry(this.abs(path))?.stat ?? null;
    } catch {
      return null;
    }
  }

  /**
   * The file at `path` opened directly in its folder, when that folder's real path is known (it was just listed), and
   * O_NOFOLLOW refuses a link; null when the folder is not known or the open fails. Not checked yet.
   */
  private openInListed(path: string): number | null {
    const folder = path === '' ? undefined : this.folders.get(parentOf(path));
    return folder === undefined ? null : openOrNull(inFolder(folder, path.slice(path.lastIndexOf('/') + 1)));
  }

  /** Opens a regular file inside the run directory of at most `maxBytes` (null: any size); refuses anything else unread. */
  private openFile(path: string, maxBytes: number | null): { fd: number; size: number } {
    // Opened directly in a folder just listed; where that fails (a link, or any other failure), the file is resolved
    // and checked the long way below.
    const fd = this.openInListed(path);
    if (fd !== null) return checkOpened(fd, maxBytes);
    const abs = this.abs(path);
    const found = this.entry(abs);
    if (found === null) throw Object.assign(new Error(`ENOENT: no such file or directory: ${abs}`), { code: 'ENOENT' });
    const refused = readRefusal(found.stat, maxBytes);
    if (refused !== null || found.real === null) throw refused ?? new FileRefusedError('not read');
    return checkOpened(openSync(found.real, READ_FLAGS), maxBytes);
  }

  /** What `readOpen` reads of the file at `path`, opened as openFile opens it; the file is closed after. */
  private readOpened(path: string, maxBytes: number | null, readOpen: (fd: number, size: number) => Uint8Array): Uint8Array {
    const { fd, size } = this.openFile(path, maxBytes);
    try {
      return readOpen(fd, size);
    } finally {
      closeSync(fd);
    }
  }

  /** readOpened after the event loop's turn, when one is due. */
  private readWith(path: string, maxBytes: number | null, readOpen: (fd: number, size: number) => Uint8Array): Promise<Uint8Array> {
    return afterTurn(turn, () => this.readOpened(path, maxBytes, readOpen));
  }

  read(path: string, maxBytes: number = MAX_READ_BYTES): Promise<Uint8Array> {
    return afterTurn(turn, () => this.readSmallListed(path, maxBytes) ?? this.readOpened(path, maxBytes, readWhole));
  }

  readSync(path: string, maxBytes: number = MAX_READ_BYTES): Uint8Array {
    return this.readSmallListed(path, maxBytes) ?? this.readOpened(path, maxBytes, readWhole);
  }

  /**
   * A small file in a folder just listed, read in one call into the slab: no stat, since the listing typed the
   * folder's entries and a read that ends short of what it asked for has found the file's end. Null (the file closed)
   * when the folder is not known, or the read gets all it asked for, fails or finds nothing: the file is then opened and
   * checked as any other, so that a large file, an empty one and whatever replaced the file since the listing (a
   * pipe, a device, a folder) are told apart.
   */
  private readSmallListed(path: string, maxBytes: number): Uint8Array | null {
    const fd = this.openInListed(path);
    if (fd === null) return null;
    const limit = Math.min(SMALL_READ_BYTES, maxBytes + 1);
    try {
      if (slab.length - slabUsed < limit) {
        slab = Buffer.allocUnsafe(SLAB_BYTES);
        slabUsed = 0;
      }
      const start = slabUsed;
      const bytesRead = readSync(fd, slab, start, limit, 0);
      if (bytesRead <= 0 || bytesRead >= limit) return null;
      slabUsed += bytesRead;
      return slab.subarray(start, slabUsed);
    } catch {
      return null;
    } finally {
      closeSync(fd);
    }
  }

  readHead(path: string, maxBytes: number): Promise<Uint8Array> {
    // Allocate what the file holds, not the limit: this runs once per run on large corpora.
    return this.readWith(path, null, (fd, size) => readUpTo(fd, Math.min(maxBytes, size)));
  }

  readRange(path: string, start: number, end: number): Promise<Uint8Array> {
    return this.readWith(path, null, (fd, size) => {
      const from = Math.max(0, Math.min(start, size));
      return readUpTo(fd, Math.max(0, Math.min(end, size) - from), from);
    });
  }

  async *readStream(path: string): AsyncIterable<Uint8Array> {
    const pause = turn();
    if (pause !== undefined) await pause;
    const small = this.readSmallListed(path, MAX_READ_BYTES);
    if (small !== null) {
      yield small;
      return;
    }
    const { fd, size } = this.openFile(path, null);
    if (size <= STREAM_CHUNK_BYTES) {
      // One chunk: read at once rather than through a stream and its chunk-sized buffer (most run files are small).
      let data: Uint8Array;
      try {
        data = readUpTo(fd, size);
      } finally {
        closeSync(fd);
      }
      yield data;
      return;
    }
    // The stream closes the descriptor when it ends or fails.
    for await (const chunk of createReadStream('', { fd, highWaterMark: STREAM_CHUNK_BYTES })) {
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
    const [real, root] = await Promise.all([realpath(existing), realpath(this.root)]);
    if (real !== root && !real.startsWith(root.endsWith(sep) ? root : root + sep)) {
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
      if (!isInside(real, this.rootReal())) return null;
      const entries: DirEntry[] = [];
      const files = new Map<string, Uint8Array>();
      for (const e of readdirSync(real, { withFileTypes: true })) {
        if (e.isDirectory()) {
          entries.push({ name: e.name, type: 'directory' });
          continue;
        }
        if (!e.isFile()) return null;
        // A file refused when opened (replaced since listing, or too large) throws: the folder is read file by file.
        const { fd, size } = checkOpened(openSync(join(real, e.name), READ_FLAGS), maxFileBytes);
        try {
          files.set(e.name, readUpTo(fd, size));
        } finally {
          closeSync(fd);
        }
        entries.push({ name: e.name, type: 'file' });
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

function lstatOrNull(abs: string): Stats | null {
  return lstatSync(abs, { throwIfNoEntry: false }) ?? null;
}

function openOrNull(abs: string): number | null {
  try {
    return openSync(abs, READ_FLAGS);
  } catch {
    return null;
  }
}

/** Checks what was opened (the entry may have been replaced since it was looked at); closes it when refused. */
function checkOpened(fd: number, maxBytes: number | null): { fd: number; size: number } {
  try {
    const s = fstatSync(fd);
    const refused = readRefusal(fileStat(s), maxBytes);
    if (refused !== null) throw refused;
    return { fd, size: s.size };
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}

/** What the file held when opened: a file still being appended to is read to that point. */
function readWhole(fd: number, size: number): Uint8Array {
  return readUpTo(fd, size);
}

/** Up to `length` bytes from `position`: fewer when the file ends first. */
function readUpTo(fd: number, length: number, position = 0): Uint8Array {
  const buffer = Buffer.allocUnsafe(length);
  let offset = 0;
  while (offset < length) {
    const bytesRead = readSync(fd, buffer, offset, length - offset, position + offset);
    if (bytesRead === 0) break;
    offset += bytesRead;
  }
  return buffer.subarray(0, offset);
}
