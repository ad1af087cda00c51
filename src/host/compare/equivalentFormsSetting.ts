import * as vscode from 'vscode';

// `trajectoryLens.compare.equivalentForms`: values that differ only by form (dates, numbers, amounts, digits, width)
// are marked equivalent rather than changed in comparisons.

export const EQUIVALENT_FORMS_SETTING = 'trajectoryLens.compare.equivalentForms';

export function equivalentFormsEnabled(): boolean {
  return vscode.workspace.getConfiguration('trajectoryLens').get<boolean>('compare.equivalentForms', true);
}

/** Calls back when the setting changes, so open comparisons are computed again. */
export function onEquivalentFormsChange(listener: () => void): vscode.Disposable {
  return vscode.workspace.onDidChangeConfiguration((event) => {
    if (event.affectsConfiguration(EQUIVALENT_FORMS_SETTING)) listener();
  });
}
