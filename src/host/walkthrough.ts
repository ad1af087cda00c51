import * as vscode from 'vscode';

// The Getting Started walkthrough (contributes.walkthroughs), opened from the Runs view's welcome and title bar.

export const OPEN_WALKTHROUGH_COMMAND = 'trajectoryLens.openWalkthrough';
const WALKTHROUGH_ID = 'trajectoryLens.gettingStarted';

export function registerWalkthrough(context: vscode.ExtensionContext): vscode.Disposable {
  return vscode.commands.registerCommand(OPEN_WALKTHROUGH_COMMAND, () =>
    vscode.commands.executeCommand('workbench.action.openWalkthrough', `${context.extension.id}#${WALKTHROUGH_ID}`, false),
  );
}
