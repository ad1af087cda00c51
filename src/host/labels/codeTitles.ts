import * as vscode from 'vscode';
import type { TriageCode } from '../../core/triage/taxonomy';

// The taxonomy's titles in VS Code's display language, for the quick picks, messages and tooltips a triager reads. The
// codes themselves (T1, A4…) are the shared vocabulary and stay as they are; the CLI keeps core's English titles.

export function localizedCodeTitle(code: TriageCode): string {
  const titles: Record<TriageCode, string> = {
    I1: vscode.l10n.t('run crashed'),
    I2: vscode.l10n.t('no judgement persisted'),
    T1: vscode.l10n.t('oracle event mistranslated'),
    T2: vscode.l10n.t('app state (universe) corrupted by translation'),
    T3: vscode.l10n.t('task description ambiguous or changed in meaning'),
    T4: vscode.l10n.t('cross-reference or transliteration broken'),
    K1: vscode.l10n.t('judge rejected correct content'),
    K2: vscode.l10n.t('locale or format mismatch on a hard checker'),
    K3: vscode.l10n.t('list or ordering strictness'),
    A1: vscode.l10n.t('wrong content or arguments'),
    A2: vscode.l10n.t('missing required action'),
    A3: vscode.l10n.t('extra action'),
    A4: vscode.l10n.t('wrong tool or target'),
    A5: vscode.l10n.t('wrong final answer'),
    A6: vscode.l10n.t('refusal or no answer'),
    A7: vscode.l10n.t('non-convergence (loop or step limit)'),
    E1: vscode.l10n.t('inconclusive'),
  };
  return titles[code];
}

/** `T3 (task description ambiguous or changed in meaning)`, as core's codeText, in the display language. */
export function localizedCodeText(code: TriageCode): string {
  return vscode.l10n.t('{0} ({1})', code, localizedCodeTitle(code));
}
