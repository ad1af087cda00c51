// All file access goes through this interface, rooted at the opened run directory, so the same core code runs on
// local disk (CLI, tests) and through vscode.workspace.fs (Remote-SSH, WSL, containers, virtual workspaces).
// Paths are relative to the root, POSIX separators, '' for the root itself.

export type EntryType = 'file' | 'directory' | 'other';

export interface DirEntry {
  name: string;
  type: EntryType;
}

export interface FileStat {
  type: EntryType;
  size: number;
  /** Milliseconds since the epoch. */
  mtime: number;
}

export interface FileSource {
  /** Entries of a directory; throws when it cannot be listed. */
  list(path: string): Promise<DirEntry[]>;
  /** Null when the path does not exist. */
  stat(path: string): Promise<FileStat | null>;
  /** Whole file contents; throws when unreadable. */
  read(path: string): Promise<Uint8Array>;
  /** The first `maxBytes` bytes (sniffing, size-bounded reads). */
  readHead(path: string, maxBytes: number): Promise<Uint8Array>;
  /** Streams the file in chunks (large JSONL files). */
  readStream(path: string): AsyncIterable<Uint8Array>;
  /** Replaces the file through a temporary file and a rename, creating parent directories. */
  writeAtomic(path: string, data: Uint8Array): Promise<void>;
  /** A human-readable location for messages (absolute path or URI). */
  describe(path: string): string;
}

export function joinPath(...parts: string[]): string {
  return parts.filter((p) => p !== '').join('/');
}

export function dirname(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? '' : path.slice(0, i);
}

export function basename(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}
