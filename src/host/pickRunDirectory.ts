import * as vscode from 'vscode';
import type { LoadedRunDirectory } from './loadedRunDirectory';
import type { RunStore } from './runStore';

/**
 * The run directory a command works on, once indexing is done: the only one, or the one picked (`title` asks which).
 * `withRuns`: only directories that hold runs are offered. Undefined when there is none or the pick was dismissed.
 */
export async function pickRunDirectory(store: RunStore, title: string, options: { withRuns: boolean }): Promise<LoadedRunDirectory | undefined> {
  await store.whenIndexed();
  const dirs = options.withRuns ? store.directories.filter((d) => d.index.runs.length > 0) : store.directories;
  if (dirs.length <= 1) return dirs[0];
  const picked = await vscode.window.showQuickPick(
    dirs.map((dir) => ({ label: dir.name, description: dir.uri.fsPath, dir })),
    { title },
  );
  return picked?.dir;
}
