import * as vscode from 'vscode';
import type { DirEntry, EntryType, FileSource, FileStat } from '../core/fileSource';
import { NodeFileSource } from '../core/nodeFileSource';

// vscode.workspace.fs reads whole files only. On the local disk (the extension host runs where the runs are),
// heads and streams are read through Node so sniffing a 50 MB file does not read all of it; elsewhere streams are
// served from one read, cut into chunks.
const STREAM_CHUNK_BYTES = 1 << 20;

function entryType(type: vscode.FileType): EntryType {
  if (type & vscode.FileType.Directory) return 'directory';
  if (type & vscode.FileType.File) return 'file';
  return 'other';
}

/** FileSource over vscode.workspace.fs, rooted at a run directory, so the core works in remote and virtual workspaces. */
export class VscodeFileSource implements FileSource {
  private readonly disk: NodeFileSource | null;

  constructor(readonly root: vscode.Uri) {
    this.disk = root.scheme === 'file' ? new NodeFileSource(root.fsPath) : null;
  }

  uri(path: string): vscode.Uri {
    if (path.split('/').includes('..')) throw new Error(`path escapes the run directory: ${path}`);
    return path === '' ? this.root : vscode.Uri.joinPath(this.root, ...path.split('/'));
  }

  async list(path: string): Promise<DirEntry[]> {
    const entries = await vscode.workspace.fs.readDirectory(this.uri(path));
    return entries.map(([name, type]) => ({ name, type: entryType(type) }));
  }

  async stat(path: string): Promise<FileStat | null> {
    try {
      const s = await vscode.workspace.fs.stat(this.uri(path));
      return { type: entryType(s.type), size: s.size, mtime: s.mtime };
    } catch {
      return null;
    }
  }

  async read(path: string): Promise<Uint8Array> {
    return vscode.workspace.fs.readFile(this.uri(path));
  }

  async readHead(path: string, maxBytes: number): Promise<Uint8Array> {
    if (this.disk) return this.disk.readHead(path, maxBytes);
    const data = await this.read(path);
    return data.subarray(0, maxBytes);
  }

  async *readStream(path: string): AsyncIterable<Uint8Array> {
    if (this.disk) {
      yield* this.disk.readStream(path);
      return;
    }
    const data = await this.read(path);
    for (let offset = 0; offset < data.length; offset += STREAM_CHUNK_BYTES) {
      yield data.subarray(offset, offset + STREAM_CHUNK_BYTES);
    }
  }

  async writeAtomic(path: string, data: Uint8Array): Promise<void> {
    const target = this.uri(path);
    await vscode.workspace.fs.createDirectory(vscode.Uri.joinPath(target, '..'));
    const temp = target.with({ path: `${target.path}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}.tmp` });
    await vscode.workspace.fs.writeFile(temp, data);
    await vscode.workspace.fs.rename(temp, target, { overwrite: true });
  }

  describe(path: string): string {
    const uri = this.uri(path);
    return uri.scheme === 'file' ? uri.fsPath : uri.toString();
  }
}
