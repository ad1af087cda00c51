import * as vscode from 'vscode';
import type { Outcome } from '../../core/model';
import type { Stratum } from '../../core/analysis/regressionTypes';

// Icons use the test explorer's theme colours, so pass / fail read the same as in the Testing view.

const PASSED = new vscode.ThemeColor('testing.iconPassed');
const FAILED = new vscode.ThemeColor('testing.iconFailed');
const STOCHASTIC = new vscode.ThemeColor('charts.orange');
const WARNING = new vscode.ThemeColor('list.warningForeground');

export function outcomeIcon(outcome: Outcome): vscode.ThemeIcon {
  switch (outcome) {
    case 'pass':
      return new vscode.ThemeIcon('pass', PASSED);
    case 'fail':
      return new vscode.ThemeIcon('error', FAILED);
    case 'infra':
      return new vscode.ThemeIcon('debug-disconnect', WARNING);
    case 'unknown':
      return new vscode.ThemeIcon('question');
  }
}

/** Deterministic regressions are red, stochastic ones orange. */
export function regressionIcon(stratum: Stratum): vscode.ThemeIcon {
  return new vscode.ThemeIcon('arrow-down', stratum === 'deterministic' ? FAILED : STOCHASTIC);
}

/** A group or language without regression: green when every run passed, neutral otherwise. */
export function countsIcon(allPassed: boolean): vscode.ThemeIcon {
  return allPassed ? new vscode.ThemeIcon('pass', PASSED) : new vscode.ThemeIcon('circle-large-outline');
}

export const capabilityIcon = new vscode.ThemeIcon('layers');
export const directoryIcon = new vscode.ThemeIcon('folder');
export const fileProblemsIcon = new vscode.ThemeIcon('warning', WARNING);
export function diagnosticIcon(severity: 'error' | 'warning'): vscode.ThemeIcon {
  return severity === 'error' ? new vscode.ThemeIcon('error', FAILED) : new vscode.ThemeIcon('warning', WARNING);
}
