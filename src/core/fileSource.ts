// All file access goes through this interface, rooted at the opened run directory, so the same core code runs on
// local disk (CLI, tests) and through vscode.workspace.fs (Remote-SSH, WSL, containers, virtual workspaces).
// Paths are relative to the root, POSIX separators, '' for the root itself.

export type EntryType = 'file' | 'directory' | 'other';

/** What an entry of type 'other' is: never read, so a FIFO cannot hang a read and a link cannot lead outside. */
export type OtherKind = 'fifo' | 'socket' | 'device' | 'outside' | 'broken-link' | 'link' | 'unknown';

export interface DirEntry {
  name: string;
  type: EntryType;
  /** Set when `type` is 'other'. */
  other?: OtherKind;
}

export interface FileStat {
  type: EntryType;
  size: number;
  /** Milliseconds since the epoch. */
  mtime: number;
  /** Set when `type` is 'other'. */
  other?: OtherKind;
}

/** Bound on a whole-file read when the caller gives none: far above any run file read whole, far below memory limits. */
export const MAX_READ_BYTES = 512 * 1024 * 1024;

/** A read the file source refuses before reading a byte: a special file, a link leaving the run directory, a huge file. */
export class FileRefusedError extends Error {}

const OTHER_TEXT: Record<OtherKind, string> = {
  fifo: 'a FIFO (named pipe)',
  socket: 'a socket',
  device: 'a device',
  outside: 'a symbolic link leading outside the run directory',
  'broken-link': 'a broken symbolic link',
  link: 'a symbolic link whose target cannot be checked',
  unknown: 'not a regular file',
};

/** "a FIFO (named pipe)", "a symbolic link leading outside the run directory", ... */
export function describeOther(kind: OtherKind | undefined): string {
  return OTHER_TEXT[kind ?? 'unknown'];
}

export function megabytesText(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}

/** Why an 'other' entry is not read: "a FIFO (named pipe), not a regular file; not read". */
export function notReadText(kind: OtherKind | undefined): string {
  const link = kind === 'outside' || kind === 'broken-link' || kind === 'link';
  return `${describeOther(kind)}${link ? '' : ', not a regular file'}; not read`;
}

/** Why an entry found where a file was expected is not read. */
export function entryNotReadText(entry: { type: EntryType; other?: OtherKind }): string {
  return entry.type === 'directory' ? 'is a directory, not a file; not read' : notReadText(entry.other);
}

/** The refusal for an entry that is not a regular file of at most `maxBytes`, or null when it may be read. */
export function readRefusal(stat: FileStat, maxBytes: number | null): FileRefusedError | null {
  if (stat.type !== 'file') return new FileRefusedError(entryNotReadText(stat));
  if (maxBytes !== null && stat.size > maxBytes) {
    return new FileRefusedError(`file is larger than ${megabytesText(maxBytes)}; not read`);
  }
  return null;
}

/** A folder's entries and the whole contents of its regular files, by name. */
export interface FolderContents {
  entries: DirEntry[];
  files: Map<string, Uint8Array>;
}

export interface FileSource {
  /** Entries of a directory; throws when it cannot be listed. */
  list(path: string): Promise<DirEntry[]>;
  /** Null when the path does not exist. */
  stat(path: string): Promise<FileStat | null>;
  /**
   * Whole file contents; throws when unreadable, and throws FileRefusedError without reading when the entry is not a
   * regular file inside the run directory or holds more than `maxBytes` (default MAX_READ_BYTES).
   */
  read(path: string, maxBytes?: number): Promise<Uint8Array>;
  /** The first `maxBytes` bytes (sniffing, size-bounded reads); refuses what `read` refuses, whatever its size. */
  readHead(path: string, maxBytes: number): Promise<Uint8Array>;
  /** Streams the file in chunks (large JSONL files); refuses what `read` refuses, whatever its size. */
  readStream(path: string): AsyncIterable<Uint8Array>;
  /**
   * Bytes [start, end) of the file, clipped to its end (a member of a large archive, one record of a large file);
   * refuses what `read` refuses, whatever its size. A source that only observes reads (one with an `origin`) may
   * leave it out: ranged reads then go to its origin.
   */
  readRange?(path: string, start: number, end: number): Promise<Uint8Array>;
  /**
   * Replaces the file through a temporary file and a rename, creating parent directories; refuses a target whose
   * folder resolves outside the run directory.
   */
  writeAtomic(path: string, data: Uint8Array): Promise<void>;
  /**
   * `list` answered at once, by a source whose calls finish without waiting (the local disk): a walk over 20,000
   * folders then pays no promise per call. The caller gives the event loop its turns. Absent: only `list`.
   */
  listSync?(path: string): DirEntry[];
  /** `read` answered at once, like `listSync`; refuses what `read` refuses. Absent: only `read`. */
  readSync?(path: string, maxBytes?: number): Uint8Array;
  /** `stat` answered at once, like `listSync`: null when the path does not exist or cannot be looked at. */
  statSync?(path: string): FileStat | null;
  /** A human-readable location for messages (absolute path or URI). */
  describe(path: string): string;
  /**
   * The source this one reads through, when it only observes the reads (the index cache's recorder): caches of what
   * was read from a file are kept per origin, so that what indexing read is found again when a run is opened.
   */
  readonly origin?: FileSource;
  /**
   * A folder of small files read in one go (a run folder), far cheaper on the local disk than a list and a read per
   * file. Null when the source cannot tell cheaply that every entry is a regular file inside the run directory of at
   * most `maxFileBytes`: the caller then reads file by file, which names what it refuses. Absent: always null.
   */
  readFolder?(path: string, maxFileBytes: number): Promise<FolderContents | null>;
}

const UP_SEGMENT = /(?:^|\/)\.\.(?:\/|$)/;

/** Whether the relative path has a `..` segment: it could leave the folder it is relative to. */
export function hasUpSegment(path: string): boolean {
  return path.includes('..') && UP_SEGMENT.test(path);
}

export function joinPath(...parts: string[]): string {
  // A folder and a name: nearly every call, tens of thousands in a walk, joined without arrays.
  if (parts.length === 2) {
    const [folder, name] = parts as [string, string];
    return folder === '' ? name : name === '' ? folder : `${folder}/${name}`;
  }
  return parts.filter((p) => p !== '').join('/');
}

export function dirname(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? '' : path.slice(0, i);
}

export function basename(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}
