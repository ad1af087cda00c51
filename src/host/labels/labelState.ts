import * as vscode from 'vscode';
import type { LabelItem, LabelRecord } from '../../core/triage/labelRecord';
import { currentByItem, LABELS_PATH, labelOfItem, type LabelFile } from '../../core/triage/labelStore';
import { LabelsFileFollower } from '../../core/triage/labelsFileFollower';
import type { LoadedRunDirectory } from '../loadedRunDirectory';
import { diagnosticLocation } from '../problems/diagnosticLocation';
import type { RunStore } from '../runStore';
import { toVscodeDiagnostic } from '../problems/problemsPublisher';

// The current triage label of every item, per run directory, read from .trajectory-lens/labels.jsonl. Reloaded when
// the directories change, after this window labels, and when another window or the CLI appends to the file (seen by a
// file watcher, or by the periodic check for writes the watcher missed). Reloading labels never re-indexes the runs.

/** What the tree views need to show labels. */
export interface LabelLookup {
  labelOf(dir: LoadedRunDirectory, item: LabelItem): LabelRecord | undefined;
  readonly onDidChange: vscode.Event<void>;
}

/** How often each labels file is compared with its last read, for writes the file watcher missed. */
const CHECK_INTERVAL_MS = 2_000;

export class LabelState implements LabelLookup, vscode.Disposable {
  /** Current record per item key, by directory URI. */
  private current = new Map<string, Map<string, LabelRecord>>();
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly problems = vscode.languages.createDiagnosticCollection('trajectoryLens.labels');
  /** The labels file's follower and watcher per open directory, by directory URI. */
  private followers = new Map<string, LabelsFileFollower>();
  private watchers: vscode.Disposable[] = [];
  private readonly subscription: vscode.Disposable;
  private readonly checkTimer: ReturnType<typeof setInterval>;

  constructor(private readonly store: RunStore) {
    this.subscription = store.onDidChange(() => this.followAll());
    this.checkTimer = setInterval(() => {
      for (const follower of this.followers.values()) void follower.check();
    }, CHECK_INTERVAL_MS);
  }

  /** The item's current label; in a setting, a later label without a setting (about every setting) counts too. */
  labelOf(dir: LoadedRunDirectory, item: LabelItem): LabelRecord | undefined {
    const current = this.current.get(dir.uri.toString());
    return current && labelOfItem(current, item);
  }

  /** Reads the directory's labels file again; resolves once the views and the Problems panel show what it holds now. */
  async reload(dir: LoadedRunDirectory): Promise<void> {
    await this.followers.get(dir.uri.toString())?.request();
  }

  private followAll(): void {
    this.stopFollowing();
    this.current = new Map();
    this.problems.clear();
    for (const dir of this.store.directories) {
      const key = dir.uri.toString();
      const follower = new LabelsFileFollower(dir.fs, (file) => this.show(dir, file));
      this.followers.set(key, follower);
      const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(dir.uri, LABELS_PATH));
      const reload = (): void => void follower.request();
      this.watchers.push(watcher, watcher.onDidCreate(reload), watcher.onDidChange(reload), watcher.onDidDelete(reload));
      void follower.request();
    }
    this.changed.fire();
  }

  private show(dir: LoadedRunDirectory, { records, diagnostics }: LabelFile): void {
    this.current.set(dir.uri.toString(), currentByItem(records));
    this.problems.set(
      dir.fs.uri(LABELS_PATH),
      diagnostics.map((d) => toVscodeDiagnostic(d, diagnosticLocation(dir.fs, d).range)),
    );
    this.changed.fire();
  }

  private stopFollowing(): void {
    for (const follower of this.followers.values()) follower.dispose();
    this.followers = new Map();
    for (const w of this.watchers) w.dispose();
    this.watchers = [];
  }

  dispose(): void {
    clearInterval(this.checkTimer);
    this.subscription.dispose();
    this.stopFollowing();
    this.problems.dispose();
    this.changed.dispose();
  }
}
