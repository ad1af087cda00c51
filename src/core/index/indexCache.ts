import type { DirEntry, FileSource, FileStat } from '../fileSource';
import type { IndexResult } from '../formats/reader';
import type { Diagnostic } from '../model';

// What the last index found for each run folder or run file, kept beside the runs so that reopening an unchanged
// directory reads no verdict again. An entry is reused only when the folder lists the same entries and every file
// its reader read has the same size and mtime; a changed, added or removed run is read again on its own. A cache
// that cannot be parsed or was written by another format version is discarded with a warning, never trusted.
//
// Folder listings are kept too, so that reopening does not list the whole tree again: a folder whose mtime is what
// it was is not listed again (adding, removing or renaming an entry changes its folder's mtime; a file's contents
// are checked by the file's own size and mtime). Only a folder that had not changed for a while before it was
// listed is trusted that way: a change within the same tick of the file system's clock would leave the mtime as it
// was. A folder holding links or special files is always listed again, since where they lead can change unseen.

export const INDEX_CACHE_PATH = '.trajectory-lens/index-cache.json';
export const INDEX_CACHE_VERSION = 2;
/** How long a folder must have been unchanged before its listing is trusted by its mtime. */
const SETTLED_MS = 2000;

/** A file a reader read, as it was then: [path, size, mtime]. */
type FileState = [string, number, number];

interface CacheEntry {
  /** Names and types of a run folder's entries ('' for a run file). */
  listing: string;
  files: FileState[];
  result: IndexResult;
}

/** A folder as listed: [mtime, when it was listed, ...entries as 'f<name>' (file) or 'd<name>' (folder)]. */
type FolderState = [number, number, ...string[]];

export interface IndexCacheOptions {
  /** Where the cache goes when the run directory cannot be written (the extension's storage); else none is kept. */
  storage?: FileSource;
  /** What else decides what readers return (the directory's configuration): a cache made under another is not used. */
  context?: string;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function listingKey(entries: readonly DirEntry[]): string {
  return entries
    .map((e) => `${e.type[0]}${e.name}`)
    .sort()
    .join('/');
}

function isFileState(value: unknown): value is FileState {
  return Array.isArray(value) && value.length === 3 && typeof value[0] === 'string' && typeof value[1] === 'number' && typeof value[2] === 'number';
}

function isFolderState(value: unknown): value is FolderState {
  return (
    Array.isArray(value) &&
    typeof value[0] === 'number' &&
    typeof value[1] === 'number' &&
    value.every((v, i) => i < 2 || (typeof v === 'string' && (v.startsWith('f') || v.startsWith('d'))))
  );
}

function folderEntries(state: FolderState): DirEntry[] {
  const entries: DirEntry[] = [];
  for (let i = 2; i < state.length; i++) {
    const item = state[i] as string;
    entries.push({ name: item.slice(1), type: item.startsWith('d') ? 'directory' : 'file' });
  }
  return entries;
}

function isEntry(value: unknown): value is CacheEntry {
  if (typeof value !== 'object' || value === null) return false;
  const { listing, files, result } = value as Partial<CacheEntry>;
  return (
    typeof listing === 'string' &&
    Array.isArray(files) &&
    files.every(isFileState) &&
    typeof result === 'object' &&
    result !== null &&
    Array.isArray(result.runs) &&
    Array.isArray(result.diagnostics)
  );
}

/** Records the files a reader reads, so that the cache entry can be checked against them next time. */
class RecordingFileSource implements FileSource {
  readonly paths = new Set<string>();

  constructor(private readonly inner: FileSource) {}

  list(path: string): Promise<DirEntry[]> {
    return this.inner.list(path);
  }
  stat(path: string): Promise<FileStat | null> {
    this.paths.add(path);
    return this.inner.stat(path);
  }
  read(path: string): Promise<Uint8Array> {
    this.paths.add(path);
    return this.inner.read(path);
  }
  readHead(path: string, maxBytes: number): Promise<Uint8Array> {
    this.paths.add(path);
    return this.inner.readHead(path, maxBytes);
  }
  readStream(path: string): AsyncIterable<Uint8Array> {
    this.paths.add(path);
    return this.inner.readStream(path);
  }
  writeAtomic(path: string, data: Uint8Array): Promise<void> {
    return this.inner.writeAtomic(path, data);
  }
  describe(path: string): string {
    return this.inner.describe(path);
  }
}

interface CacheContents {
  entries: Map<string, CacheEntry>;
  folders: Map<string, FolderState>;
}

const EMPTY = (): CacheContents => ({ entries: new Map(), folders: new Map() });

export class IndexCache {
  private readonly fresh = new Map<string, CacheEntry>();
  private readonly freshFolders = new Map<string, FolderState>();
  private changed = false;
  private readonly previous: Map<string, CacheEntry>;
  private readonly previousFolders: Map<string, FolderState>;

  private constructor(
    private readonly fs: FileSource,
    private readonly options: IndexCacheOptions,
    contents: CacheContents,
  ) {
    this.previous = contents.entries;
    this.previousFolders = contents.folders;
  }

  /** The cache of the run directory `fs` is rooted at (or of the storage), empty when there is none or it is unusable. */
  static async load(fs: FileSource, options: IndexCacheOptions = {}): Promise<{ cache: IndexCache; diagnostics: Diagnostic[] }> {
    const diagnostics: Diagnostic[] = [];
    const read = async (source: FileSource): Promise<CacheContents | null> => {
      if ((await source.stat(INDEX_CACHE_PATH).catch(() => null)) === null) return null;
      const discard = (why: string): CacheContents => {
        const path = source === fs ? INDEX_CACHE_PATH : source.describe(INDEX_CACHE_PATH);
        diagnostics.push({ path, line: null, message: `index cache discarded: ${why}; every run is read again`, severity: 'warning' });
        return EMPTY();
      };
      let value: unknown;
      try {
        value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(await source.read(INDEX_CACHE_PATH)));
      } catch (error) {
        return discard(`not valid JSON (${errorText(error)})`);
      }
      const { version, context, entries, folders } = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
      if (version !== INDEX_CACHE_VERSION) return discard(`format version ${JSON.stringify(version ?? null)}, expected ${INDEX_CACHE_VERSION}`);
      if (typeof entries !== 'object' || entries === null || Array.isArray(entries)) return discard('no entries object');
      if (typeof folders !== 'object' || folders === null || Array.isArray(folders)) return discard('no folders object');
      // Another configuration: a valid cache, but of other answers.
      if (context !== (options.context ?? '')) return EMPTY();
      const contents = EMPTY();
      for (const [key, entry] of Object.entries(entries)) {
        if (!isEntry(entry)) return discard(`entry ${JSON.stringify(key)} is malformed`);
        contents.entries.set(key, entry);
      }
      for (const [path, state] of Object.entries(folders)) {
        if (!isFolderState(state)) return discard(`folder ${JSON.stringify(path)} is malformed`);
        contents.folders.set(path, state);
      }
      return contents;
    };
    const previous = (await read(fs)) ?? (options.storage ? await read(options.storage) : null) ?? EMPTY();
    return { cache: new IndexCache(fs, options, previous), diagnostics };
  }

  /**
   * The entries of the folder `path`: as last listed when its mtime is unchanged and it had settled before that
   * listing, else listed now (and kept for next time). Throws what listing throws.
   */
  async list(path: string): Promise<DirEntry[]> {
    // Looked at before listing: a change made while listing leaves a newer mtime than the one kept.
    const now = Date.now();
    const stat = await this.fs.stat(path).catch(() => null);
    const kept = this.previousFolders.get(path);
    if (kept !== undefined && stat?.type === 'directory' && stat.mtime === kept[0] && kept[0] <= kept[1] - SETTLED_MS) {
      this.freshFolders.set(path, kept);
      return folderEntries(kept);
    }
    const entries = await this.fs.list(path);
    if (stat?.type === 'directory' && entries.every((e) => e.type !== 'other')) {
      this.freshFolders.set(path, [stat.mtime, now, ...entries.map((e) => `${e.type === 'directory' ? 'd' : 'f'}${e.name}`)]);
      this.changed = true;
    }
    return entries;
  }

  /**
   * What `index` reads for the run folder or file `key` names: the cached result when nothing it read has changed, else
   * a fresh read (recorded for next time).
   */
  async index(key: string, entries: readonly DirEntry[] | null, index: (fs: FileSource) => Promise<IndexResult>): Promise<IndexResult> {
    const listing = entries === null ? '' : listingKey(entries);
    const cached = this.previous.get(key);
    if (cached && cached.listing === listing && (await this.unchanged(cached.files))) {
      this.fresh.set(key, cached);
      return cached.result;
    }
    const recording = new RecordingFileSource(this.fs);
    const result = await index(recording);
    const files: FileState[] = [];
    for (const file of recording.paths) {
      const stat = await this.fs.stat(file).catch(() => null);
      files.push([file, stat?.size ?? -1, stat?.mtime ?? -1]);
    }
    this.fresh.set(key, { listing, files, result });
    this.changed = true;
    return result;
  }

  private async unchanged(files: readonly FileState[]): Promise<boolean> {
    for (const [path, size, mtime] of files) {
      const stat = await this.fs.stat(path).catch(() => null);
      if ((stat?.size ?? -1) !== size || (stat?.mtime ?? -1) !== mtime) return false;
    }
    return true;
  }

  /** Writes what this index found (runs no longer there are dropped); a directory that cannot be written keeps none. */
  async save(): Promise<void> {
    if (!this.changed && this.fresh.size === this.previous.size && this.freshFolders.size === this.previousFolders.size) return;
    const data = new TextEncoder().encode(
      JSON.stringify({
        version: INDEX_CACHE_VERSION,
        context: this.options.context ?? '',
        folders: Object.fromEntries(this.freshFolders),
        entries: Object.fromEntries(this.fresh),
      }),
    );
    for (const target of [this.fs, this.options.storage]) {
      if (target === undefined) continue;
      try {
        await target.writeAtomic(INDEX_CACHE_PATH, data);
        this.changed = false;
        return;
      } catch {
        // Read-only: try the next place, or keep no cache.
      }
    }
  }
}
