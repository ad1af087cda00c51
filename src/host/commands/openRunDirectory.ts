import * as vscode from 'vscode';
import { chooseRunDirectory } from '../runDirectories';
import type { RunStore } from '../runStore';

export const OPEN_RUN_DIRECTORY_COMMAND = 'trajectoryLens.openRunDirectory';

/** Indexes a folder picked by the user (or given as the argument) instead of the workspace folders. */
export function registerOpenRunDirectory(state: vscode.Memento, store: RunStore): vscode.Disposable {
  return vscode.commands.registerCommand(OPEN_RUN_DIRECTORY_COMMAND, async (given?: vscode.Uri) => {
    const uri =
      given instanceof vscode.Uri
        ? given
        : (
            await vscode.window.showOpenDialog({
              canSelectFolders: true,
              canSelectFiles: false,
              canSelectMany: false,
              defaultUri: vscode.workspace.workspaceFolders?.[0]?.uri,
              openLabel: vscode.l10n.t('Open Run Directory'),
              title: vscode.l10n.t('Open a directory of benchmark runs'),
            })
          )?.[0];
    if (uri === undefined) return;
    await chooseRunDirectory(state, uri);
    await store.refresh();
  });
}
