import { joinPath, notReadText, type DirEntry, type FileSource } from '../fileSource';
import { HEAD_BYTES, type FormatReader, type IndexedRun, type IndexResult } from '../formats/reader';
import type { Diagnostic } from '../model';
import { TERM_TABLE_NAMES } from '../translation/terms';
import { CONFIG_FILE, DEFAULT_CONFIG, forcedFormat, isExcluded, type ForcedFormat, type TrajectoryLensConfig } from './config';
import { drainWorkList } from './concurrency';
import { describeHead } from './describeHead';
import type { IndexCache } from './indexCache';

/** Folders that never hold runs: dependencies, version control, our own sidecar data. Hidden folders are skipped too. */
const SKIPPED_FOLDERS = new Set(['node_modules', '.git', '.trajectory-lens', '__pycache__']);
/** Unrecognised JSON files reported one by one per folder; the rest are counted in one more diagnostic. */
const MAX_UNRECOGNISED_PER_FOLDER = 20;
/** File names quoted in a folder's summary of ignored files. */
const EXAMPLES_PER_SUMMARY = 3;
const DEFAULT_CONCURRENCY = 16;
/** Files that may hold runs by themselves (offered to the readers' content tests); nothing else is read. */
const CANDIDATE_FILE = /\.(?:jsonl?|eval)$/i;
/** Notes people keep beside their runs: expected, so not reported. */
const DOCUMENTATION = /^(?:readme|license|licence|changelog)(?:\.txt)?$|\.(?:md|markdown|rst)$/i;

export interface WalkOptions {
  readers: readonly FormatReader[];
  config?: TrajectoryLensConfig;
  /** Folders listed or indexed at once. */
  concurrency?: number;
  signal?: AbortSignal;
  /** Called after each folder with the number of runs found so far. */
  onProgress?: (runsFound: number) => void;
  /** Results of the last index, reused for the runs whose files have not changed. */
  cache?: IndexCache;
  /** Folders to walk from (the run directory's root by default). */
  starts?: readonly string[];
  /** False: visit only the start folders, leaving their sub-folders in `unvisited`. True by default. */
  descend?: boolean;
  /**
   * False: `units` is left empty, for an index never read again unit by unit. Keeping 20,000 units, with their
   * entries, for the collector to copy took 6% of a CLI index. True by default.
   */
  keepUnits?: boolean;
}

/** A run folder or run file a reader indexed, with what it found there (its entries in the walk's lists). */
export interface RunUnit {
  reader: FormatReader;
  path: string;
  /** The folder's entries as listed; null for a run file. */
  entries: DirEntry[] | null;
  runs: IndexedRun[];
  diagnostics: Diagnostic[];
}

export interface WalkResult {
  runs: IndexedRun[];
  diagnostics: Diagnostic[];
  /** Every run folder and run file, by path: one can be indexed again on its own (see indexRunUnit). Empty without keepUnits. */
  units: Map<string, RunUnit>;
  /**
   * Sub-folder names of every folder the walk listed and no reader claimed (hidden, skipped and excluded folders
   * left out): pairing weighs a path level by how many of its folders are language codes.
   */
  folders: Map<string, ReadonlySet<string>>;
  /** Sub-folders left to walk (only when the walk was told not to descend). */
  unvisited: string[];
}

/** The index cache's key of a run folder or run file. */
function unitKey(reader: FormatReader, path: string): string {
  return `${reader.format}\0${path}`;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function examples(names: readonly string[], count: number): string {
  return `${names.join(', ')}${count > names.length ? ', …' : ''}`;
}

/** A loose file in a subtree forced to a format whose runs are folders: the file cannot be a run of it. */
function notAFolderRun(path: string, forced: ForcedFormat): Diagnostic {
  const { subtree, format } = forced;
  const message =
    `not read: ${CONFIG_FILE} forces ${format} here ("formats": {${JSON.stringify(subtree)}: "${format}"}), and ${format} ` +
    'runs are folders, not single files';
  return { path, line: null, message, severity: 'warning' };
}

/** Files of an unclaimed folder that the walk reports, in bounded numbers whatever the folder holds. */
class IgnoredFiles {
  private readonly json: { name: string; reason: string }[] = [];
  private jsonCount = 0;
  private readonly other: string[] = [];
  private otherCount = 0;

  add(entry: DirEntry): void {
    if (this.otherCount++ < EXAMPLES_PER_SUMMARY) this.other.push(entry.name);
  }

  /** A candidate file no reader recognised; `reason` says what its head looked like. */
  addUnrecognised(name: string, reason: string): void {
    if (this.jsonCount++ < MAX_UNRECOGNISED_PER_FOLDER) this.json.push({ name, reason });
  }

  diagnostics(dir: string, formats: string): Diagnostic[] {
    const here = dir === '' ? '.' : dir;
    const out: Diagnostic[] = this.json.map(({ name, reason }) => ({
      path: joinPath(dir, name),
      line: null,
      message: `unrecognised: ${reason}, not part of a run of any known format (${formats}); ignored`,
      severity: 'warning',
    }));
    const moreJson = this.jsonCount - this.json.length;
    if (moreJson > 0) {
      const message = `${moreJson} more unrecognised JSON files in this folder are not listed`;
      out.push({ path: here, line: null, message, severity: 'warning' });
    }
    if (this.otherCount > 0) {
      const files = this.otherCount === 1 ? '1 file here is' : `${this.otherCount} files here are`;
      out.push({
        path: here,
        line: null,
        message: `${files} not part of any run and ignored: ${examples(this.other, this.otherCount)}`,
        severity: 'warning',
      });
    }
    return out;
  }
}

/** A folder named like a run file (`results.json/`): where a reader looks for a file, it finds none. */
function isFolderNamedLikeFile(entry: DirEntry): boolean {
  return entry.type === 'directory' && CANDIDATE_FILE.test(entry.name);
}

/**
 * Special files, links leading out of the directory and folders named like run files, in any folder (a reader's
 * too): each one named, since one of them in place of a run file would otherwise take runs away unnoticed. Bounded
 * per folder.
 */
function unreadEntries(dir: string, entries: readonly DirEntry[], config: TrajectoryLensConfig): Diagnostic[] {
  const notFile = (e: DirEntry): boolean => e.type === 'other' || isFolderNamedLikeFile(e);
  // Looked for before anything is made: a run folder of plain files has none, and a walk sees tens of thousands.
  if (!entries.some(notFile)) return [];
  const unread = entries.filter((e) => notFile(e) && !e.name.startsWith('.') && !isExcluded(config, joinPath(dir, e.name)));
  const out: Diagnostic[] = unread.slice(0, MAX_UNRECOGNISED_PER_FOLDER).map((e) => ({
    path: joinPath(dir, e.name),
    line: null,
    message: e.type === 'directory' ? 'is a folder named like a run file; not read as a file' : notReadText(e.other),
    severity: 'warning',
  }));
  if (unread.length > out.length) {
    const names = unread.slice(out.length, out.length + EXAMPLES_PER_SUMMARY).map((e) => e.name);
    const message = `${unread.length - out.length} more links or special files not read: ${examples(names, unread.length - out.length)}`;
    out.push({ path: dir === '' ? '.' : dir, line: null, message, severity: 'warning' });
  }
  return out;
}

/**
 * Walks the run directory (rooted at `fs`), handing each folder a reader claims to that reader and descending into
 * the others, whose run-like files (.json, .jsonl, .eval) are recognised one by one by their content. Only the root
 * being unreadable throws; every other problem becomes a diagnostic.
 */
export async function walkRunDirectory(fs: FileSource, options: WalkOptions): Promise<WalkResult> {
  const config = options.config ?? DEFAULT_CONFIG;
  const { readers, signal, onProgress, cache } = options;
  const formats = readers.map((r) => r.format).join(', ');
  const runs: IndexedRun[] = [];
  const diagnostics: Diagnostic[] = [];
  const folders = new Map<string, ReadonlySet<string>>();
  const units = new Map<string, RunUnit>();
  const unvisited: string[] = [];
  const descend = options.descend ?? true;
  const keepUnits = options.keepUnits ?? true;

  /** The reader that claims a folder: any, or in a forced subtree the forced one, by its looser test too. */
  const claimant = (dir: string, entries: DirEntry[]): FormatReader | undefined => {
    const forced = forcedFormat(config, dir);
    if (forced === null) return readers.find((r) => r.claimsDirectory(entries));
    const reader = readers.find((r) => r.format === forced.format);
    return reader?.claimsDirectory(entries) === true || reader?.claimsForcedDirectory?.(entries) === true ? reader : undefined;
  };
  /** Files that belong beside runs: our config, term tables, the formats' own files, documentation. */
  const isExpected = (dir: string, name: string): boolean =>
    (dir === '' && name === CONFIG_FILE) ||
    TERM_TABLE_NAMES.includes(name) ||
    DOCUMENTATION.test(name) ||
    readers.some((r) => r.isAuxiliaryFile(name));

  /** A reader's index of a run folder (with its entries) or file, through the cache when there is one. */
  const cached =
    (reader: FormatReader, path: string, entries: DirEntry[] | null, index: (source: FileSource) => Promise<IndexResult>) =>
    (): Promise<IndexResult> =>
      cache ? cache.index(unitKey(reader, path), entries, index) : index(fs);

  const collect = async (reader: FormatReader, path: string, entries: DirEntry[] | null, index: () => Promise<IndexResult>): Promise<void> => {
    keep(await indexUnit(reader, path, entries, config, index));
  };

  /**
   * Offers a file of an unclaimed folder to the readers that index single files. A format the config forces on the
   * file's subtree is trusted without reading the head, and a forced format whose runs are only folders reports the
   * file; otherwise the head is read once and the first reader whose content test passes indexes the file; a file
   * none takes is reported with what its head looked like.
   */
  const offerFile = async (path: string, name: string, ignored: IgnoredFiles): Promise<void> => {
    const forced = forcedFormat(config, path);
    const forcedReader = forced === null ? undefined : readers.find((r) => r.format === forced.format);
    if (forced !== null && forcedReader !== undefined) {
      const indexFile = forcedReader.indexFile;
      if (indexFile !== undefined) await collect(forcedReader, path, null, cached(forcedReader, path, null, (source) => indexFile(source, path)));
      else diagnostics.push(notAFolderRun(path, forced));
      return;
    }
    // A forced format without a reader here (a caller's own reader list) leaves the file to be reported as unrecognised.
    const fileReaders = forced === null ? readers.filter((r) => r.indexFile !== undefined) : [];
    let bytes: Uint8Array;
    try {
      bytes = await (cache ? cache.readHead(path, HEAD_BYTES) : fs.readHead(path, HEAD_BYTES));
    } catch (error) {
      diagnostics.push({ path, line: null, message: `cannot read file: ${errorText(error)}`, severity: 'error' });
      return;
    }
    const head = new TextDecoder('utf-8').decode(bytes);
    const reader = fileReaders.find((r) => r.claimsFile?.(name, head) === true);
    if (reader?.indexFile === undefined) {
      ignored.addUnrecognised(name, describeHead(name, head, bytes.length < HEAD_BYTES));
      return;
    }
    const indexFile = reader.indexFile;
    await collect(reader, path, null, cached(reader, path, null, (source) => indexFile(source, path)));
  };

  /** Records a unit the walk indexed. */
  const keep = (unit: RunUnit): void => {
    if (keepUnits) units.set(unit.path, unit);
    for (const run of unit.runs) runs.push(run);
    for (const diagnostic of unit.diagnostics) diagnostics.push(diagnostic);
  };

  const listFailed = (dir: string, error: unknown): string[] => {
    if (dir === '') throw new Error(`cannot read directory ${fs.describe('')}: ${errorText(error)}`, { cause: error });
    diagnostics.push({ path: dir, line: null, message: `cannot list folder: ${errorText(error)}`, severity: 'error' });
    return [];
  };

  // The walk lists and indexes at once where the source can (through the cache, when it can too): a local walk's
  // folders then cost no promise each.
  const atOnce = cache ? cache.answersAtOnce : fs.listSync !== undefined;

  /** A run folder's index, at once when the source and the reader can. */
  const indexFolder = (reader: FormatReader, dir: string, entries: DirEntry[]): string[] | Promise<string[]> => {
    const indexSync = atOnce ? reader.indexDirectorySync : undefined;
    const index = indexSync && ((source: FileSource) => indexSync(source, dir, entries));
    const unit = index && indexUnitSync(reader, dir, entries, config, () => (cache ? cache.indexSync(unitKey(reader, dir), entries, index) : index(fs)));
    if (unit) {
      keep(unit);
      onProgress?.(runs.length);
      return [];
    }
    return collect(reader, dir, entries, cached(reader, dir, entries, (source) => reader.indexDirectory(source, dir, entries))).then(() => {
      onProgress?.(runs.length);
      return [];
    });
  };

  /** A folder no reader claims: its run-like files offered to the readers, its sub-folders returned to walk. */
  const visitUnclaimed = (dir: string, entries: DirEntry[]): string[] | Promise<string[]> => {
    const children: string[] = [];
    const names = new Set<string>();
    const ignored = new IgnoredFiles();
    const candidates: string[] = [];
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const path = joinPath(dir, entry.name);
      if (isExcluded(config, path)) continue;
      if (entry.type === 'directory') {
        if (SKIPPED_FOLDERS.has(entry.name)) continue;
        names.add(entry.name);
        children.push(path);
      } else if (entry.type === 'file' && CANDIDATE_FILE.test(entry.name)) {
        if (!isExpected(dir, entry.name)) candidates.push(entry.name);
      } else if (entry.type === 'file' && !isExpected(dir, entry.name)) {
        ignored.add(entry);
      }
    }
    const finish = (): string[] => {
      folders.set(dir, names);
      for (const diagnostic of ignored.diagnostics(dir, formats)) diagnostics.push(diagnostic);
      for (const diagnostic of unreadEntries(dir, entries, config)) diagnostics.push(diagnostic);
      onProgress?.(runs.length);
      if (descend) return children;
      unvisited.push(...children);
      return [];
    };
    if (candidates.length === 0) return finish();
    return (async () => {
      for (const name of candidates) await offerFile(joinPath(dir, name), name, ignored);
      return finish();
    })();
  };

  const visitListed = (dir: string, entries: DirEntry[]): string[] | Promise<string[]> => {
    const reader = claimant(dir, entries);
    return reader === undefined ? visitUnclaimed(dir, entries) : indexFolder(reader, dir, entries);
  };

  const listSync = !atOnce ? undefined : cache ? (dir: string) => cache.listSync(dir) : fs.listSync?.bind(fs);
  const visit = (dir: string): string[] | Promise<string[]> => {
    if (listSync === undefined) {
      const listed = cache ? cache.list(dir) : fs.list(dir);
      return listed.then((entries) => visitListed(dir, entries), (error: unknown) => listFailed(dir, error));
    }
    let entries: DirEntry[];
    try {
      entries = listSync(dir);
    } catch (error) {
      return listFailed(dir, error);
    }
    return visitListed(dir, entries);
  };

  await drainWorkList(options.starts ?? [''], options.concurrency ?? DEFAULT_CONCURRENCY, visit, signal);
  return { runs, diagnostics, units, folders, unvisited };
}

/** What a reader found in a run folder (with its entries) or run file, or the error it threw: a diagnostic. */
function unitOf(reader: FormatReader, path: string, entries: DirEntry[] | null, config: TrajectoryLensConfig, found: IndexResult | { error: unknown }): RunUnit {
  const failed = 'error' in found;
  const diagnostics: Diagnostic[] = failed
    ? [{ path: path || '.', line: null, message: `${reader.format} reader failed: ${errorText(found.error)}`, severity: 'error' }]
    : [...found.diagnostics];
  // After the reader's own: a reader that tried the entry names it as an error, and repeats are merged later.
  if (entries !== null) diagnostics.push(...unreadEntries(path, entries, config));
  return { reader, path, entries, runs: failed ? [] : found.runs, diagnostics };
}

async function indexUnit(
  reader: FormatReader,
  path: string,
  entries: DirEntry[] | null,
  config: TrajectoryLensConfig,
  index: () => Promise<IndexResult>,
): Promise<RunUnit> {
  let found: IndexResult | { error: unknown };
  try {
    found = await index();
  } catch (error) {
    found = { error };
  }
  return unitOf(reader, path, entries, config, found);
}

/** indexUnit at once; null when the index could not be made at once (`index` gave null). */
function indexUnitSync(
  reader: FormatReader,
  path: string,
  entries: DirEntry[],
  config: TrajectoryLensConfig,
  index: () => IndexResult | null,
): RunUnit | null {
  let found: IndexResult | { error: unknown } | null;
  try {
    found = index();
  } catch (error) {
    found = { error };
  }
  return found && unitOf(reader, path, entries, config, found);
}

/**
 * Indexes one run folder or run file of an earlier walk again, as the walk would now (through the cache when there
 * is one); null when it is no longer the same reader's run (gone, or now another format's): only a walk can tell.
 */
export async function indexRunUnit(fs: FileSource, unit: RunUnit, options: WalkOptions): Promise<RunUnit | null> {
  const config = options.config ?? DEFAULT_CONFIG;
  const { reader, path } = unit;
  const through = (entries: DirEntry[] | null, index: (source: FileSource) => Promise<IndexResult>) => (): Promise<IndexResult> =>
    options.cache ? options.cache.index(unitKey(reader, path), entries, index) : index(fs);
  if (unit.entries === null) {
    const stat = await fs.stat(path);
    const indexFile = reader.indexFile;
    if (stat?.type !== 'file' || indexFile === undefined) return null;
    return indexUnit(reader, path, null, config, through(null, (source) => indexFile(source, path)));
  }
  let entries: DirEntry[];
  try {
    entries = await fs.list(path);
  } catch {
    return null;
  }
  const forced = forcedFormat(config, path);
  const claims = forced === null ? options.readers.find((r) => r.claimsDirectory(entries)) === reader : reader.claimsDirectory(entries) || reader.claimsForcedDirectory?.(entries) === true;
  if (!claims) return null;
  return indexUnit(reader, path, entries, config, through(entries, (source) => reader.indexDirectory(source, path, entries)));
}
