import * as vscode from 'vscode';

// In Restricted Mode the extension is a read-only viewer: anything that writes beside the runs asks this first.

export const READ_ONLY_MESSAGE =
  'Trajectory Lens is read-only in Restricted Mode: trust this workspace to save triage labels beside the runs.';

export function isWorkspaceTrusted(): boolean {
  return vscode.workspace.isTrusted;
}

/** True when writing is allowed; otherwise tells the user why not, offering to manage workspace trust. */
export async function confirmWritingAllowed(): Promise<boolean> {
  if (vscode.workspace.isTrusted) return true;
  const manage = 'Manage Workspace Trust';
  const choice = await vscode.window.showWarningMessage(READ_ONLY_MESSAGE, manage);
  if (choice === manage) await vscode.commands.executeCommand('workbench.trust.manage');
  return false;
}
