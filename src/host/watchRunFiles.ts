import * as vscode from 'vscode';
import { CONFIG_FILE } from '../core/index/config';
import type { RunStore } from './runStore';

// Runs change while a benchmark is still writing them: the runs holding changed verdicts and logs are read again
// (without walking the directory) once things have been quiet for a moment, and at least every second while they
// keep changing. A file in no known run (a new run) or the directory's configuration indexes everything again.

const RUN_FILES = '**/*.{json,jsonl}';
const QUIET_MS = 250;
const MAX_WAIT_MS = 1000;
/** Files this extension writes beside the runs (the .trajectory-lens/ sidecar folder): writing a label must not re-index. */
const OWN_SIDECAR = /\/\.trajectory-lens\/[^/]+$/;

export function watchRunFiles(store: RunStore): vscode.Disposable {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let firstPending: number | null = null;
  /** Changed files by run directory URI: the directory and the paths inside it. */
  let pending = new Map<string, { dir: vscode.Uri; paths: Set<string> }>();
  let everything = false;
  let watchers: vscode.Disposable[] = [];
  let watched = '';

  const flush = (): void => {
    const changes = [...pending.values()];
    const all = everything;
    pending = new Map();
    everything = false;
    firstPending = null;
    if (all) {
      void store.refresh();
      return;
    }
    void (async () => {
      for (const { dir, paths } of changes) await store.refreshRuns(dir, [...paths]);
    })();
  };

  const schedule = (dir: vscode.Uri) => (uri: vscode.Uri): void => {
    if (OWN_SIDECAR.test(uri.path)) return;
    const path = uri.path.startsWith(`${dir.path}/`) ? uri.path.slice(dir.path.length + 1) : null;
    if (path === null || path === CONFIG_FILE) everything = true;
    else {
      const changes = pending.get(dir.toString()) ?? { dir, paths: new Set<string>() };
      changes.paths.add(path);
      pending.set(dir.toString(), changes);
    }
    const now = Date.now();
    firstPending ??= now;
    clearTimeout(timer);
    timer = setTimeout(flush, Math.max(0, Math.min(QUIET_MS, firstPending + MAX_WAIT_MS - now)));
  };

  const watch = (): void => {
    const key = store.directories.map((dir) => dir.uri.toString()).join('\n');
    if (key === watched) return;
    watched = key;
    for (const w of watchers) w.dispose();
    watchers = store.directories.flatMap((dir) => {
      const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(dir.uri, RUN_FILES));
      const changed = schedule(dir.uri);
      return [watcher, watcher.onDidCreate(changed), watcher.onDidChange(changed), watcher.onDidDelete(changed)];
    });
  };

  const subscription = store.onDidChange(watch);
  return new vscode.Disposable(() => {
    clearTimeout(timer);
    subscription.dispose();
    for (const w of watchers) w.dispose();
  });
}
