import * as vscode from 'vscode';
import type { RunStore } from './runStore';

// Runs change while a benchmark is still writing them: re-index when verdicts, logs or the pairing override change,
// once things have been quiet for a moment.

const RUN_FILES = '**/*.{json,jsonl}';
const QUIET_MS = 1500;
/** Files this extension writes beside the runs (the .trajectory-lens/ sidecar folder): writing a label must not re-index. */
const OWN_SIDECAR = /\/\.trajectory-lens\/[^/]+$/;

export function watchRunFiles(store: RunStore): vscode.Disposable {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let watchers: vscode.Disposable[] = [];
  let watched = '';

  const schedule = (uri: vscode.Uri): void => {
    if (OWN_SIDECAR.test(uri.path)) return;
    clearTimeout(timer);
    timer = setTimeout(() => void store.refresh(), QUIET_MS);
  };

  const watch = (): void => {
    const key = store.directories.map((dir) => dir.uri.toString()).join('\n');
    if (key === watched) return;
    watched = key;
    for (const w of watchers) w.dispose();
    watchers = store.directories.flatMap((dir) => {
      const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(dir.uri, RUN_FILES));
      return [watcher, watcher.onDidCreate(schedule), watcher.onDidChange(schedule), watcher.onDidDelete(schedule)];
    });
  };

  const subscription = store.onDidChange(watch);
  return new vscode.Disposable(() => {
    clearTimeout(timer);
    subscription.dispose();
    for (const w of watchers) w.dispose();
  });
}
