import * as vscode from 'vscode';

// Counted nouns in VS Code's display language: one message for one and one for many, as English needs.

export function runsText(n: number): string {
  return n === 1 ? vscode.l10n.t('1 run') : vscode.l10n.t('{0} runs', n);
}

export function regressionsText(n: number): string {
  return n === 1 ? vscode.l10n.t('1 regression') : vscode.l10n.t('{0} regressions', n);
}

export function scenariosText(n: number): string {
  return n === 1 ? vscode.l10n.t('1 scenario') : vscode.l10n.t('{0} scenarios', n);
}

export function matchesText(n: number): string {
  return n === 1 ? vscode.l10n.t('1 match') : vscode.l10n.t('{0} matches', n);
}
