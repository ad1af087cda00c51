import * as vscode from 'vscode';
import {
  FileRefusedError,
  MAX_READ_BYTES,
  megabytesText,
  readRefusal,
  type DirEntry,
  type FileSource,
  type FileStat,
  type FolderContents,
} from '../core/fileSource';
import { NodeFileSource } from '../core/nodeFileSource';

// On the local disk (the extension host runs where the runs are) every access goes through the Node source, which
// resolves real paths, opens only regular files and reads heads and streams without reading whole files. Elsewhere
// (virtual workspaces) vscode.workspace.fs reads whole files only: streams are served from one read, cut into chunks,
// and a symbolic link is never followed, since where it leads cannot be checked.
const STREAM_CHUNK_BYTES = 1 << 20;

function entryStat(type: vscode.FileType, size: number, mtime: number): FileStat {
  if (type & vscode.FileType.SymbolicLink) return { type: 'other', other: 'link', size, mtime };
  if (type & vscode.FileType.Directory) return { type: 'directory', size, mtime };
  if (type & vscode.FileType.File) return { type: 'file', size, mtime };
  return { type: 'other', other: 'unknown', size, mtime };
}

/** FileSource over vscode.workspace.fs, rooted at a run directory, so the core works in remote and virtual workspaces. */
export class VscodeFileSource implements FileSource {
  private readonly disk: NodeFileSource | null;
  /**
   * On the local disk only: vscode.workspace.fs has no read at an offset, and a ranged read that read the whole file
   * each time would cost more than the one whole read (or stream) byte sources then make instead.
   */
  readonly readRange?: (path: string, start: number, end: number) => Promise<Uint8Array>;

  constructor(readonly root: vscode.Uri) {
    const disk = root.scheme === 'file' ? new NodeFileSource(root.fsPath) : null;
    this.disk = disk;
    if (disk !== null) this.readRange = (path, start, end) => disk.readRange(path, start, end);
  }

  uri(path: string): vscode.Uri {
    if (path.split('/').includes('..')) throw new Error(`path escapes the run directory: ${path}`);
    return path === '' ? this.root : vscode.Uri.joinPath(this.root, ...path.split('/'));
  }

  async list(path: string): Promise<DirEntry[]> {
    if (this.disk) return this.disk.list(path);
    const entries = await vscode.workspace.fs.readDirectory(this.uri(path));
    return entries.map(([name, type]) => {
      const { type: entryType, other } = entryStat(type, 0, 0);
      return other === undefined ? { name, type: entryType } : { name, type: entryType, other };
    });
  }

  async stat(path: string): Promise<FileStat | null> {
    if (this.disk) return this.disk.stat(path);
    try {
      const s = await vscode.workspace.fs.stat(this.uri(path));
      return entryStat(s.type, s.size, s.mtime);
    } catch {
      return null;
    }
  }

  async read(path: string, maxBytes: number = MAX_READ_BYTES): Promise<Uint8Array> {
    if (this.disk) return this.disk.read(path, maxBytes);
    return this.readChecked(path, maxBytes);
  }

  /** A whole read after a stat that refuses links, special files and files over `maxBytes`. */
  private async readChecked(path: string, maxBytes: number): Promise<Uint8Array> {
    const stat = await this.stat(path);
    if (stat === null) throw vscode.FileSystemError.FileNotFound(this.uri(path));
    const refused = readRefusal(stat, maxBytes);
    if (refused !== null) throw refused;
    const data = await vscode.workspace.fs.readFile(this.uri(path));
    if (data.length > maxBytes) throw new FileRefusedError(`file is larger than ${megabytesText(maxBytes)}; not read`);
    return data;
  }

  async readHead(path: string, maxBytes: number): Promise<Uint8Array> {
    if (this.disk) return this.disk.readHead(path, maxBytes);
    const data = await this.readChecked(path, MAX_READ_BYTES);
    return data.subarray(0, maxBytes);
  }

  async *readStream(path: string): AsyncIterable<Uint8Array> {
    if (this.disk) {
      yield* this.disk.readStream(path);
      return;
    }
    const data = await this.readChecked(path, MAX_READ_BYTES);
    for (let offset = 0; offset < data.length; offset += STREAM_CHUNK_BYTES) {
      yield data.subarray(offset, offset + STREAM_CHUNK_BYTES);
    }
  }

  async writeAtomic(path: string, data: Uint8Array): Promise<void> {
    if (this.disk) return this.disk.writeAtomic(path, data);
    const target = this.uri(path);
    const folder = vscode.Uri.joinPath(target, '..');
    const existing = await vscode.workspace.fs.stat(folder).then(
      (s) => s,
      () => null,
    );
    if (existing !== null && existing.type & vscode.FileType.SymbolicLink) {
      throw new FileRefusedError(`${folder.toString()} is a symbolic link; nothing written there`);
    }
    await vscode.workspace.fs.createDirectory(folder);
    const temp = target.with({ path: `${target.path}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}.tmp` });
    await vscode.workspace.fs.writeFile(temp, data);
    await vscode.workspace.fs.rename(temp, target, { overwrite: true });
  }

  /** On the local disk only: elsewhere each file is read on its own, as the caller then does. */
  readFolder(path: string, maxFileBytes: number): Promise<FolderContents | null> {
    return this.disk ? this.disk.readFolder(path, maxFileBytes) : Promise.resolve(null);
  }

  describe(path: string): string {
    const uri = this.uri(path);
    return uri.scheme === 'file' ? uri.fsPath : uri.toString();
  }
}
