import * as vscode from 'vscode';

// Whether the Regressions view lists the worklist or the clusters of regressions with the same cause. The title bar
// shows one of a pair of commands (by a context key), as VS Code's own views toggle a tree and a list; the choice is
// kept per workspace.

export const GROUP_BY_CAUSE_COMMAND = 'trajectoryLens.groupByCause';
export const UNGROUP_BY_CAUSE_COMMAND = 'trajectoryLens.ungroupByCause';
const CONTEXT_KEY = 'trajectoryLens.groupedByCause';
const STATE_KEY = 'trajectoryLens.regressions.groupByCause';

export class RegressionGrouping implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly commands: vscode.Disposable;

  constructor(private readonly workspaceState: vscode.Memento) {
    void vscode.commands.executeCommand('setContext', CONTEXT_KEY, this.byCause);
    this.commands = vscode.Disposable.from(
      vscode.commands.registerCommand(GROUP_BY_CAUSE_COMMAND, () => this.set(true)),
      vscode.commands.registerCommand(UNGROUP_BY_CAUSE_COMMAND, () => this.set(false)),
    );
  }

  get byCause(): boolean {
    return this.workspaceState.get<boolean>(STATE_KEY, false);
  }

  private async set(byCause: boolean): Promise<void> {
    await this.workspaceState.update(STATE_KEY, byCause);
    await vscode.commands.executeCommand('setContext', CONTEXT_KEY, byCause);
    this.changed.fire();
  }

  dispose(): void {
    this.commands.dispose();
    this.changed.dispose();
  }
}
