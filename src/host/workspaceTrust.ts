import * as vscode from 'vscode';

// In Restricted Mode the extension is a read-only viewer: anything that writes beside the runs asks this first.

export function readOnlyMessage(): string {
  return vscode.l10n.t('Trajectory Lens is read-only in Restricted Mode: trust this workspace to save triage labels beside the runs.');
}

/** Shown atop the Runs and Regressions views in Restricted Mode; the views' title bars offer to trust the folder. */
export function restrictedViewMessage(): string {
  return vscode.l10n.t('Restricted Mode: labelling and review are disabled. Trust this folder to enable them.');
}

export const MANAGE_TRUST_COMMAND = 'trajectoryLens.manageWorkspaceTrust';

/** Opens VS Code's workspace trust editor, from the views' title bars in Restricted Mode. */
export function registerManageTrust(): vscode.Disposable {
  return vscode.commands.registerCommand(MANAGE_TRUST_COMMAND, () => vscode.commands.executeCommand('workbench.trust.manage'));
}

export function isWorkspaceTrusted(): boolean {
  return vscode.workspace.isTrusted;
}

/** True when writing is allowed; otherwise tells the user why not, offering to manage workspace trust. */
export async function confirmWritingAllowed(): Promise<boolean> {
  if (vscode.workspace.isTrusted) return true;
  const manage = vscode.l10n.t('Manage Workspace Trust');
  const choice = await vscode.window.showWarningMessage(readOnlyMessage(), manage);
  if (choice === manage) await vscode.commands.executeCommand('workbench.trust.manage');
  return false;
}
