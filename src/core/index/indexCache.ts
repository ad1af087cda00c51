import { turnTaker } from '../eventLoopTurns';
import type { DirEntry, FileSource, FileStat } from '../fileSource';
import type { IndexedRun, IndexResult } from '../formats/reader';
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

export const INDEX_CACHE_PATH = '.trajectory-lens/index-cache.jsonl';
export const INDEX_CACHE_VERSION = 5;
/** Record kinds, a record per line after the header line ({"version","context"}): [kind, key, value]. */
const FOLDER = 'f';
const ENTRY = 'e';
/** A header line is a few hundred characters (the configuration it was made under). */
const MAX_HEADER_CHARS = 1 << 20;
/** Text encoded at once when the cache is written. */
const ENCODED_CHUNK_CHARS = 1 << 20;
/** Bytes decoded at once (to the next line end) when the cache is read: a few milliseconds' work. */
const DECODED_CHUNK_BYTES = 1 << 18;
/** How long a folder must have been unchanged before its listing is trusted by its mtime. */
const SETTLED_MS = 2000;

/**
 * A run folder's or file's entry as stored, in arrays rather than objects (parsing the cache is most of reopening):
 * [listing, files, runs, diagnostics]. `listing` names and types a run folder's entries ('' for a run file); `files`
 * holds [path, size, mtime] of each file its reader read, flat, paths relative to the unit's path (or, starting with
 * '/', to the run directory); `runs` holds each IndexedRun as a row of RUN_FIELDS' values.
 */
type StoredEntry = [string, Array<string | number>, unknown[][], Diagnostic[]];

/** IndexedRun's fields, in the order a stored run row holds them (`pairingPath` last, and only when set). */
const RUN_FIELDS = [
  'path',
  'key',
  'format',
  'scenarioId',
  'outcome',
  'capability',
  'failureFamily',
  'failureReason',
  'score',
  'model',
  'agent',
  'setting',
  'languageHint',
  'runIndexHint',
  'pairingPath',
] as const satisfies ReadonlyArray<keyof IndexedRun>;
const REQUIRED_FIELDS = RUN_FIELDS.length - 1;

function unitPathOf(key: string): string {
  return key.slice(key.indexOf('\0') + 1);
}

function encodeEntry(key: string, listing: string, files: ReadonlyArray<[string, number, number]>, result: IndexResult): StoredEntry {
  const prefix = `${unitPathOf(key)}/`;
  const flat: Array<string | number> = [];
  for (const [path, size, mtime] of files) flat.push(path.startsWith(prefix) ? path.slice(prefix.length) : `/${path}`, size, mtime);
  const runs = result.runs.map((run) => {
    const row: unknown[] = RUN_FIELDS.slice(0, REQUIRED_FIELDS).map((field) => run[field]);
    if (run.pairingPath !== undefined) row.push(run.pairingPath);
    return row;
  });
  return [listing, flat, runs, result.diagnostics];
}

function decodeFiles(key: string, flat: ReadonlyArray<string | number>): Array<[string, number, number]> {
  const prefix = `${unitPathOf(key)}/`;
  const files: Array<[string, number, number]> = [];
  for (let i = 0; i < flat.length; i += 3) {
    const name = flat[i] as string;
    files.push([name.startsWith('/') ? name.slice(1) : prefix + name, flat[i + 1] as number, flat[i + 2] as number]);
  }
  return files;
}

function decodeResult(entry: StoredEntry): IndexResult {
  const runs = entry[2].map((row) => {
    const run: Record<string, unknown> = {};
    for (let i = 0; i < row.length; i++) run[RUN_FIELDS[i] as string] = row[i];
    return run as unknown as IndexedRun;
  });
  return { runs, diagnostics: entry[3] };
}

const nullableString = (v: unknown): boolean => v === null || typeof v === 'string';
const nullableNumber = (v: unknown): boolean => v === null || typeof v === 'number';

function isRunRow(row: unknown): boolean {
  return (
    Array.isArray(row) &&
    (row.length === REQUIRED_FIELDS || (row.length === REQUIRED_FIELDS + 1 && typeof row[REQUIRED_FIELDS] === 'string')) &&
    typeof row[0] === 'string' &&
    nullableString(row[1]) &&
    typeof row[2] === 'string' &&
    typeof row[3] === 'string' &&
    typeof row[4] === 'string' &&
    [5, 6, 7, 9, 10, 11, 12].every((i) => nullableString(row[i])) &&
    nullableNumber(row[8]) &&
    nullableNumber(row[13])
  );
}

function isDiagnostic(value: unknown): value is Diagnostic {
  if (typeof value !== 'object' || value === null) return false;
  const { path, line, message, severity } = value as Partial<Diagnostic>;
  return typeof path === 'string' && nullableNumber(line) && typeof message === 'string' && (severity === 'error' || severity === 'warning');
}

function isStoredEntry(value: unknown): value is StoredEntry {
  if (!Array.isArray(value) || value.length !== 4) return false;
  const [listing, files, runs, diagnostics] = value as unknown[];
  return (
    typeof listing === 'string' &&
    Array.isArray(files) &&
    files.length % 3 === 0 &&
    files.every((v, i) => (i % 3 === 0 ? typeof v === 'string' : typeof v === 'number')) &&
    Array.isArray(runs) &&
    runs.every(isRunRow) &&
    Array.isArray(diagnostics) &&
    diagnostics.every(isDiagnostic)
  );
}

/** A folder as listed: [mtime, when it was listed, ...entries as 'f<name>' (file) or 'd<name>' (folder)]. */
export type FolderState = [number, number, ...string[]];

/**
 * A folder unchanged for a while before it was listed: its mtime tells whether its entries changed since (a change
 * within the same tick of the file system's clock would leave the mtime as it was).
 */
export function isSettled([mtime, listedAt]: FolderState): boolean {
  return mtime <= listedAt - SETTLED_MS;
}

/** What one index found, as the cache keeps it: handed from a worker thread to the cache that saves it. */
export interface CacheRecords {
  entries: Array<[string, StoredEntry]>;
  folders: Array<[string, FolderState]>;
  /** [path, size, mtime] of the files whose heads were read to tell their format. */
  sniffed: Array<[string, number, number]>;
  /** Every folder the walk listed is among `folders`. */
  complete: boolean;
}

/**
 * Everything one index's answer was made from, so that stat calls alone can tell later that it still holds: every
 * folder the walk listed, as listed, and [path, size, mtime] of every file (or folder) a reader read or listed
 * (size and mtime -1: it was missing).
 */
export interface IndexDependencies {
  folders: Array<[string, FolderState]>;
  files: Array<[string, number, number]>;
}

export interface IndexCacheOptions {
  /** Where the cache goes when the run directory cannot be written (the extension's storage); else none is kept. */
  storage?: FileSource;
  /** What else decides what readers return (the directory's configuration): a cache made under another is not used. */
  context?: string;
}

/**
 * UTF-8 text in pieces that end at line ends, decoded a few hundred kilobytes at a time with turns of the event loop
 * between; throws on malformed UTF-8. Kept in pieces: joining megabytes of text into one string is a long task itself.
 */
async function decodeInTurns(bytes: Uint8Array): Promise<string[]> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const turn = turnTaker();
  const pieces: string[] = [];
  for (let start = 0; start < bytes.length; ) {
    // A newline byte is never part of another character.
    const newline = bytes.indexOf(0x0a, start + DECODED_CHUNK_BYTES);
    const end = newline < 0 ? bytes.length : newline + 1;
    pieces.push(decoder.decode(bytes.subarray(start, end), { stream: true }));
    start = end;
    const pause = turn();
    if (pause !== undefined) await pause;
  }
  pieces.push(decoder.decode());
  return pieces;
}

/** The non-empty lines of text in pieces that end at line ends, with their 1-based numbers. */
function* jsonLines(pieces: readonly string[]): Generator<{ text: string; line: number }> {
  let line = 0;
  for (const text of pieces) {
    for (let start = 0; start < text.length; ) {
      const end = text.indexOf('\n', start);
      const stop = end < 0 ? text.length : end;
      line++;
      if (stop > start) yield { text: text.slice(start, stop), line };
      start = stop + 1;
    }
  }
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

/**
 * Records the files a reader reads and the folders it lists, so that the cache entry can be checked against them next
 * time. Each is looked at before it is used: a change made while the reader works leaves a newer size or mtime than
 * the one kept, so the entry is read again next time rather than trusted.
 */
class RecordingFileSource implements FileSource {
  readonly seen = new Map<string, FileStat | null>();
  /** Present when the inner source reads and stats at once: then reads are recorded at once too. */
  readonly readSync?: (path: string, maxBytes?: number) => Uint8Array;

  constructor(private readonly inner: FileSource) {
    const { readSync, statSync } = inner;
    if (readSync !== undefined && statSync !== undefined) {
      this.readSync = (path, maxBytes) => {
        if (!this.seen.has(path)) this.seen.set(path, statSync.call(inner, path));
        return readSync.call(inner, path, maxBytes);
      };
    }
  }

  get origin(): FileSource {
    return this.inner.origin ?? this.inner;
  }

  private async note(path: string): Promise<FileStat | null> {
    if (this.seen.has(path)) return this.seen.get(path) ?? null;
    const stat = await this.inner.stat(path).catch(() => null);
    this.seen.set(path, stat);
    return stat;
  }

  async list(path: string): Promise<DirEntry[]> {
    // A reader that lists a folder (sibling runs, a results folder) answers by what it holds: adding or removing an
    // entry changes the folder's mtime.
    await this.note(path);
    return this.inner.list(path);
  }
  stat(path: string): Promise<FileStat | null> {
    return this.note(path);
  }
  async read(path: string, maxBytes?: number): Promise<Uint8Array> {
    await this.note(path);
    return this.inner.read(path, maxBytes);
  }
  async readHead(path: string, maxBytes: number): Promise<Uint8Array> {
    await this.note(path);
    return this.inner.readHead(path, maxBytes);
  }
  async *readStream(path: string): AsyncIterable<Uint8Array> {
    await this.note(path);
    yield* this.inner.readStream(path);
  }
  writeAtomic(path: string, data: Uint8Array): Promise<void> {
    return this.inner.writeAtomic(path, data);
  }
  describe(path: string): string {
    return this.inner.describe(path);
  }

  /** [path, size, mtime] of everything noted; -1 for what was missing. */
  files(): Array<[string, number, number]> {
    return [...this.seen].map(([path, stat]) => [path, stat?.size ?? -1, stat?.mtime ?? -1]);
  }
}

/** Whether a file the cache depends on ([path, size, mtime]; -1 when it was missing) is as it was. */
function fileHolds([, size, mtime]: [string, number, number], stat: FileStat | null): boolean {
  return (stat?.size ?? -1) === size && (stat?.mtime ?? -1) === mtime;
}

interface CacheContents {
  entries: Map<string, StoredEntry>;
  folders: Map<string, FolderState>;
}

const EMPTY = (): CacheContents => ({ entries: new Map(), folders: new Map() });

export class IndexCache {
  private readonly fresh = new Map<string, StoredEntry>();
  private readonly freshFolders = new Map<string, FolderState>();
  private readonly sniffed = new Map<string, [number, number]>();
  /** A folder the walk listed is not among freshFolders (it held links or special files, or could not be looked at). */
  private unrecorded = false;
  private changed = false;
  private readonly previous: Map<string, StoredEntry>;
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
      const discard = (why: string, line: number | null = null): CacheContents => {
        const path = source === fs ? INDEX_CACHE_PATH : source.describe(INDEX_CACHE_PATH);
        diagnostics.push({ path, line, message: `index cache discarded: ${why}; every run is read again`, severity: 'warning' });
        return EMPTY();
      };
      let text: string[];
      try {
        text = await decodeInTurns(await source.read(INDEX_CACHE_PATH));
      } catch (error) {
        return discard(`cannot be read as UTF-8 text (${errorText(error)})`);
      }
      const lines = jsonLines(text);
      const first = lines.next();
      // A cache of another layout may be one long line: its version is not worth parsing megabytes for.
      if (first.done === true || first.value.text.length > MAX_HEADER_CHARS) return discard('no header line', 1);
      let header: unknown;
      try {
        header = JSON.parse(first.value.text);
      } catch (error) {
        return discard(`not valid JSON (${errorText(error)})`, 1);
      }
      const { version, context } = (typeof header === 'object' && header !== null ? header : {}) as Record<string, unknown>;
      if (version !== INDEX_CACHE_VERSION) return discard(`format version ${JSON.stringify(version ?? null)}, expected ${INDEX_CACHE_VERSION}`, 1);
      // Another configuration: a valid cache, but of other answers.
      if (context !== (options.context ?? '')) return EMPTY();
      const contents = EMPTY();
      // Parsed line by line, giving the event loop a turn now and then: the extension host parses it.
      const turn = turnTaker();
      for (const { text: recordText, line } of lines) {
        const pause = turn();
        if (pause !== undefined) await pause;
        let record: unknown;
        try {
          record = JSON.parse(recordText);
        } catch (error) {
          return discard(`not valid JSON (${errorText(error)})`, line);
        }
        const [kind, key, value] = Array.isArray(record) && record.length === 3 ? (record as unknown[]) : [];
        if (typeof key === 'string' && kind === ENTRY && isStoredEntry(value)) contents.entries.set(key, value);
        else if (typeof key === 'string' && kind === FOLDER && isFolderState(value)) contents.folders.set(key, value);
        else return discard(`record ${JSON.stringify(typeof key === 'string' ? key : null)} is malformed`, line);
      }
      return contents;
    };
    const previous = (await read(fs)) ?? (options.storage ? await read(options.storage) : null) ?? EMPTY();
    return { cache: new IndexCache(fs, options, previous), diagnostics };
  }

  /** A cache that holds nothing yet (a worker thread's, for the part of the walk it does). */
  static empty(fs: FileSource, options: IndexCacheOptions = {}): IndexCache {
    return new IndexCache(fs, options, EMPTY());
  }

  /** Nothing was loaded: every run is read, as with no cache. */
  get isEmpty(): boolean {
    return this.previous.size === 0 && this.previousFolders.size === 0;
  }

  /** What this index found so far, to be added to another cache (see absorb). */
  records(): CacheRecords {
    const sniffed = [...this.sniffed].map(([path, [size, mtime]]): [string, number, number] => [path, size, mtime]);
    return { entries: [...this.fresh], folders: [...this.freshFolders], sniffed, complete: !this.unrecorded };
  }

  /** Keeps what another cache (a worker thread's) found, to be saved with the rest. */
  absorb(records: CacheRecords): void {
    for (const [key, entry] of records.entries) this.fresh.set(key, entry);
    for (const [path, state] of records.folders) this.freshFolders.set(path, state);
    for (const [path, size, mtime] of records.sniffed) this.sniffed.set(path, [size, mtime]);
    if (!records.complete) this.unrecorded = true;
    this.changed = true;
  }

  /** Whether list and index can answer at once (listSync, indexSync): the source lists, reads and stats at once. */
  get answersAtOnce(): boolean {
    return this.fs.listSync !== undefined && this.fs.readSync !== undefined && this.fs.statSync !== undefined;
  }

  /**
   * The entries of the folder `path`: as last listed when its mtime is unchanged and it had settled before that
   * listing, else listed now (and kept for next time). Throws what listing throws.
   */
  async list(path: string): Promise<DirEntry[]> {
    // Looked at before listing: a change made while listing leaves a newer mtime than the one kept.
    const listedAt = Date.now();
    const stat = await this.fs.stat(path).catch(() => null);
    return this.keptListing(path, stat) ?? this.keepListing(path, stat, listedAt, await this.fs.list(path));
  }

  /** list at once; only when answersAtOnce. */
  listSync(path: string): DirEntry[] {
    const { statSync, listSync } = this.fs as Required<FileSource>;
    const listedAt = Date.now();
    const stat = statSync.call(this.fs, path);
    return this.keptListing(path, stat) ?? this.keepListing(path, stat, listedAt, listSync.call(this.fs, path));
  }

  /** The folder's entries as last listed, when that listing still holds (see list). */
  private keptListing(path: string, stat: FileStat | null): DirEntry[] | null {
    const kept = this.previousFolders.get(path);
    if (kept === undefined || stat?.type !== 'directory' || stat.mtime !== kept[0] || !isSettled(kept)) return null;
    this.freshFolders.set(path, kept);
    return folderEntries(kept);
  }

  /** Keeps the folder's entries as just listed, when they can be told again by its mtime. */
  private keepListing(path: string, stat: FileStat | null, listedAt: number, entries: DirEntry[]): DirEntry[] {
    if (stat?.type === 'directory' && entries.every((e) => e.type !== 'other')) {
      this.freshFolders.set(path, [stat.mtime, listedAt, ...entries.map((e) => `${e.type === 'directory' ? 'd' : 'f'}${e.name}`)]);
      this.changed = true;
    } else {
      this.unrecorded = true;
    }
    return entries;
  }

  /** The head of a file read to tell its format (see FileSource.readHead), noted as something the index depends on. */
  async readHead(path: string, maxBytes: number): Promise<Uint8Array> {
    // Looked at first: a change made while reading leaves a newer mtime than the one noted.
    const stat = await this.fs.stat(path).catch(() => null);
    this.sniffed.set(path, [stat?.size ?? -1, stat?.mtime ?? -1]);
    return this.fs.readHead(path, maxBytes);
  }

  /**
   * What this index's answer depends on (with `more`: files read before the walk, such as the configuration); null
   * when a folder the walk listed was not recorded, so that stat calls cannot tell whether the answer holds.
   */
  dependencies(more: ReadonlyArray<[string, number, number]> = []): IndexDependencies | null {
    if (this.unrecorded) return null;
    const files: Array<[string, number, number]> = [...more];
    for (const [path, [size, mtime]] of this.sniffed) files.push([path, size, mtime]);
    for (const [key, entry] of this.fresh) files.push(...decodeFiles(key, entry[1]));
    return { folders: [...this.freshFolders], files };
  }

  /**
   * What `index` reads for the run folder or file `key` names: the cached result when nothing it read has changed, else
   * a fresh read (recorded for next time).
   */
  async index(key: string, entries: readonly DirEntry[] | null, index: (fs: FileSource) => Promise<IndexResult>): Promise<IndexResult> {
    const listing = entries === null ? '' : listingKey(entries);
    const cached = this.previous.get(key);
    if (cached && cached[0] === listing && (await this.unchanged(decodeFiles(key, cached[1])))) return this.reuse(key, cached);
    const recording = new RecordingFileSource(this.fs);
    return this.record(key, listing, recording, await index(recording));
  }

  /** index at once, through `index`'s synchronous reads; only when answersAtOnce. Null when `index` gives null. */
  indexSync(key: string, entries: readonly DirEntry[] | null, index: (fs: FileSource) => IndexResult | null): IndexResult | null {
    const listing = entries === null ? '' : listingKey(entries);
    const cached = this.previous.get(key);
    const statSync = this.fs.statSync as (path: string) => FileStat | null;
    if (cached && cached[0] === listing && decodeFiles(key, cached[1]).every((file) => fileHolds(file, statSync.call(this.fs, file[0])))) {
      return this.reuse(key, cached);
    }
    const recording = new RecordingFileSource(this.fs);
    const result = index(recording);
    return result && this.record(key, listing, recording, result);
  }

  private async unchanged(files: ReadonlyArray<[string, number, number]>): Promise<boolean> {
    for (const file of files) {
      if (!fileHolds(file, await this.fs.stat(file[0]).catch(() => null))) return false;
    }
    return true;
  }

  private reuse(key: string, cached: StoredEntry): IndexResult {
    this.fresh.set(key, cached);
    return decodeResult(cached);
  }

  private record(key: string, listing: string, recording: RecordingFileSource, result: IndexResult): IndexResult {
    this.fresh.set(key, encodeEntry(key, listing, recording.files(), result));
    this.changed = true;
    return result;
  }

  /** Writes what this index found (runs no longer there are dropped); a directory that cannot be written keeps none. */
  async save(): Promise<void> {
    if (!this.changed && this.fresh.size === this.previous.size && this.freshFolders.size === this.previousFolders.size) return;
    // Written a record per line and encoded a megabyte at a time, giving the event loop a turn now and then: the
    // extension host writes it.
    const turn = turnTaker();
    const chunks: Uint8Array[] = [];
    const encoder = new TextEncoder();
    let pending = `${JSON.stringify({ version: INDEX_CACHE_VERSION, context: this.options.context ?? '' })}\n`;
    const records: Array<[typeof FOLDER | typeof ENTRY, Map<string, FolderState | StoredEntry>]> = [
      [FOLDER, this.freshFolders],
      [ENTRY, this.fresh],
    ];
    for (const [kind, map] of records) {
      for (const [key, value] of map) {
        pending += `${JSON.stringify([kind, key, value])}\n`;
        if (pending.length >= ENCODED_CHUNK_CHARS) {
          chunks.push(encoder.encode(pending));
          pending = '';
        }
        const pause = turn();
        if (pause !== undefined) await pause;
      }
    }
    chunks.push(encoder.encode(pending));
    const data = Buffer.concat(chunks);
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
