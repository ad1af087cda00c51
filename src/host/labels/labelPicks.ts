import * as vscode from 'vscode';
import { CONFIDENCES, type Confidence, type LabelRecord } from '../../core/triage/labelRecord';
import type { Suggestion } from '../../core/triage/suggestion';
import { codeTitle, FAMILIES, TAXONOMY, type Family, type TriageCode } from '../../core/triage/taxonomy';

// The quick picks of "Label Failure…": the code (the automatic prior first, as a suggestion), then the confidence.

const FAMILY_NAMES: Record<Family, string> = {
  infrastructure: 'Infrastructure',
  translation: 'Translation defect',
  verifier: 'Verifier artefact',
  agent: 'Agent failure',
  inconclusive: 'Inconclusive',
};

export interface CodePick extends vscode.QuickPickItem {
  code?: TriageCode;
}

export function codePicks(suggestion: Suggestion | null, current: LabelRecord | undefined): CodePick[] {
  const picks: CodePick[] = [];
  if (suggestion !== null) {
    picks.push(
      { label: 'Automatic prior', kind: vscode.QuickPickItemKind.Separator },
      {
        label: `Suggested: ${suggestion.code} — ${codeTitle(suggestion.code)}`,
        detail: `evidence: ${suggestion.evidence.join('; ')}`,
        code: suggestion.code,
      },
    );
  }
  for (const family of FAMILIES) {
    picks.push({ label: FAMILY_NAMES[family], kind: vscode.QuickPickItemKind.Separator });
    for (const info of TAXONOMY.filter((c) => c.family === family)) {
      picks.push({
        label: info.code,
        description: info.title,
        detail: current?.code === info.code ? `current label (${current.annotator})` : undefined,
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
