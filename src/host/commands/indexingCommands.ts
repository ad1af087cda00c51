import * as vscode from 'vscode';
import type { RunStore } from '../runStore';
import { CANCEL_INDEXING_COMMAND } from '../statusBar';

export const REFRESH_COMMAND = 'trajectoryLens.refresh';

export function registerIndexingCommands(store: RunStore): vscode.Disposable {
  return vscode.Disposable.from(
    vscode.commands.registerCommand(REFRESH_COMMAND, () => store.refresh()),
    vscode.commands.registerCommand(CANCEL_INDEXING_COMMAND, () => store.cancel()),
  );
}
