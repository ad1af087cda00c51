import * as vscode from 'vscode';
import type { LabelItem, LabelRecord } from '../../core/triage/labelRecord';
import { currentByItem, LABELS_PATH, labelOfItem, readLabels } from '../../core/triage/labelStore';
import type { LoadedRunDirectory } from '../loadedRunDirectory';
import { diagnosticLocation } from '../problems/diagnosticLocation';
import type { RunStore } from '../runStore';
import { toVscodeDiagnostic } from '../problems/problemsPublisher';

// The current triage label of every item, per run directory, read from .trajectory-lens/labels.jsonl. Reloaded when
// the directories change, after this window labels, and when another window or the CLI appends to the file.
// Reloading labels never re-indexes the runs.

/** What the tree views need to show labels. */
export interface LabelLookup {
  labelOf(dir: LoadedRunDirectory, item: LabelItem): LabelRecord | undefined;
  readonly onDidChange: vscode.Event<void>;
}

export class LabelState implements LabelLookup, vscode.Disposable {
  /** Current record per item key, by directory URI. */
  private current = new Map<string, Map<string, LabelRecord>>();
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly problems = vscode.languages.createDiagnosticCollection('trajectoryLens.labels');
  private watchers: vscode.Disposable[] = [];
  private readonly subscription: vscode.Disposable;
  /** Bumped on every directory change, so a slow read of a directory no longer open is dropped. */
  private generation = 0;
  /** The latest read started per directory: a write seen as create then change starts two reads, and an earlier one
   * finishing last must not put back what the file held before the later write. */
  private readonly latestRead = new Map<string, number>();

  constructor(private readonly store: RunStore) {
    this.subscription = store.onDidChange(() => this.reloadAll());
  }

  /** The item's current label; in a setting, a later label without a setting (about every setting) counts too. */
  labelOf(dir: LoadedRunDirectory, item: LabelItem): LabelRecord | undefined {
    const current = this.current.get(dir.uri.toString());
    return current && labelOfItem(current, item);
  }

  /** Reads the directory's labels file again and updates the views and the Problems panel. */
  async reload(dir: LoadedRunDirectory): Promise<void> {
    const generation = this.generation;
    const key = dir.uri.toString();
    const read = (this.latestRead.get(key) ?? 0) + 1;
    this.latestRead.set(key, read);
    const { records, diagnostics } = await readLabels(dir.fs);
    if (generation !== this.generation || this.latestRead.get(key) !== read) return;
    this.current.set(key, currentByItem(records));
    const file = dir.fs.uri(LABELS_PATH);
    this.problems.set(
      file,
      diagnostics.map((d) => toVscodeDiagnostic(d, diagnosticLocation(dir.fs, d).range)),
    );
    this.changed.fire();
  }

  private reloadAll(): void {
    this.generation += 1;
    this.current = new Map();
    this.problems.clear();
    for (const w of this.watchers) w.dispose();
    this.watchers = this.store.directories.flatMap((dir) => {
      const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(dir.uri, LABELS_PATH));
      const reload = (): void => void this.reload(dir);
      return [watcher, watcher.onDidCreate(reload), watcher.onDidChange(reload), watcher.onDidDelete(reload)];
    });
    for (const dir of this.store.directories) void this.reload(dir);
    this.changed.fire();
  }

  dispose(): void {
    this.subscription.dispose();
    for (const w of this.watchers) w.dispose();
    this.problems.dispose();
    this.changed.dispose();
  }
}
