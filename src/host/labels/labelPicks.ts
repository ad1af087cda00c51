import * as vscode from 'vscode';
import { CONFIDENCES, type Confidence, type LabelRecord } from '../../core/triage/labelRecord';
import type { Suggestion } from '../../core/triage/suggestion';
import { FAMILIES, TAXONOMY, type Family, type TriageCode } from '../../core/triage/taxonomy';
import { localizedCodeTitle } from './codeTitles';

// The quick picks of "Label Failure…": the code (the automatic prior first, as a suggestion), then the confidence.

function familyName(family: Family): string {
  const names: Record<Family, string> = {
    infrastructure: vscode.l10n.t('Infrastructure'),
    translation: vscode.l10n.t('Translation defect'),
    verifier: vscode.l10n.t('Verifier artefact'),
    agent: vscode.l10n.t('Agent failure'),
    inconclusive: vscode.l10n.t('Inconclusive'),
  };
  return names[family];
}

export interface CodePick extends vscode.QuickPickItem {
  code?: TriageCode;
}

export function codePicks(suggestion: Suggestion | null, current: LabelRecord | undefined): CodePick[] {
  const picks: CodePick[] = [];
  if (suggestion !== null) {
    picks.push(
      { label: vscode.l10n.t('Automatic prior'), kind: vscode.QuickPickItemKind.Separator },
      {
        label: vscode.l10n.t('Suggested: {0} — {1}', suggestion.code, localizedCodeTitle(suggestion.code)),
        detail: vscode.l10n.t('evidence: {0}', suggestion.evidence.join('; ')),
        code: suggestion.code,
      },
    );
  }
  for (const family of FAMILIES) {
    picks.push({ label: familyName(family), kind: vscode.QuickPickItemKind.Separator });
    for (const info of TAXONOMY.filter((c) => c.family === family)) {
      picks.push({
        label: info.code,
        description: localizedCodeTitle(info.code),
        detail: current?.code === info.code ? vscode.l10n.t('current label ({0})', current.annotator) : undefined,
        code: info.code,
      });
    }
  }
  return picks;
}

export interface ConfidencePick extends vscode.QuickPickItem {
  confidence: Confidence;
}

/** Most sure first. */
export function confidencePicks(): ConfidencePick[] {
  return [...CONFIDENCES].reverse().map((confidence) => ({ label: confidence, confidence }));
}
