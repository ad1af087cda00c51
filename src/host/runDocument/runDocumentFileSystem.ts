import * as vscode from 'vscode';
import { loadTrajectory } from '../../core/index/loadTrajectory';
import { renderTrajectoryText, runNotFoundText, runUnreadableText } from '../../core/render/renderTrajectoryText';
import type { ProblemsPublisher } from '../problems/problemsPublisher';
import type { RunStore } from '../runStore';
import { parseRunDocumentUri, RUN_DOCUMENT_SCHEME } from './runDocumentUri';

// Run documents are served by a read-only file system rather than a text document content provider: VS Code
// restores editors of file systems after a reload (activating the extension through `onFileSystem:`), but not
// those of content providers.

const encoder = new TextEncoder();

export class RunDocumentFileSystem implements vscode.FileSystemProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changed.event;
  /** Rendered documents by URI, dropped when the runs are indexed again (their files may have changed). */
  private readonly rendered = new Map<string, Promise<Uint8Array>>();
  private renderedAt = Date.now();
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly store: RunStore,
    private readonly problems: ProblemsPublisher,
  ) {
    this.subscription = store.onDidIndex(() => {
      const uris = [...this.rendered.keys()];
      this.rendered.clear();
      this.renderedAt = Date.now();
      this.changed.fire(uris.map((uri) => ({ type: vscode.FileChangeType.Changed, uri: vscode.Uri.parse(uri) })));
    });
  }

  private content(uri: vscode.Uri): Promise<Uint8Array> {
    const key = uri.toString();
    let content = this.rendered.get(key);
    if (content === undefined) {
      content = this.render(uri).then((text) => encoder.encode(text));
      this.rendered.set(key, content);
    }
    return content;
  }

  private async render(uri: vscode.Uri): Promise<string> {
    const ref = parseRunDocumentUri(uri);
    if (ref === undefined) throw vscode.FileSystemError.FileNotFound(uri);
    await this.store.whenIndexed();
    const found = this.store.findRun(ref.dir, ref.runId);
    if (found === undefined) {
      return runNotFoundText(ref.runId);
    }
    try {
      const trajectory = await loadTrajectory(found.dir.fs, found.run);
      this.problems.addRunDiagnostics(ref.dir, ref.runId, { fs: found.dir.fs, diagnostics: trajectory.diagnostics });
      return renderTrajectoryText(trajectory);
    } catch (error) {
      return runUnreadableText(error instanceof Error ? error.message : String(error));
    }
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    const content = await this.content(uri);
    return {
      type: vscode.FileType.File,
      ctime: this.renderedAt,
      mtime: this.renderedAt,
      size: content.byteLength,
      permissions: vscode.FilePermission.Readonly,
    };
  }

  readFile(uri: vscode.Uri): Promise<Uint8Array> {
    return this.content(uri);
  }

  watch(): vscode.Disposable {
    // Changes are announced for every rendered document after each re-index.
    return new vscode.Disposable(() => undefined);
  }

  readDirectory(uri: vscode.Uri): never {
    throw vscode.FileSystemError.FileNotADirectory(uri);
  }

  createDirectory(uri: vscode.Uri): never {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  writeFile(uri: vscode.Uri): never {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  delete(uri: vscode.Uri): never {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  rename(uri: vscode.Uri): never {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}

export function registerRunDocuments(store: RunStore, problems: ProblemsPublisher): vscode.Disposable {
  const fileSystem = new RunDocumentFileSystem(store, problems);
  return vscode.Disposable.from(
    fileSystem,
    vscode.workspace.registerFileSystemProvider(RUN_DOCUMENT_SCHEME, fileSystem, { isCaseSensitive: true, isReadonly: true }),
  );
}
