import * as vscode from 'vscode';
import type { LabelItem } from '../../core/triage/labelRecord';
import type { TranslationCode } from '../../core/triage/translationSuspicion';
import type { Labeller } from '../labels/labeller';
import { targetText, type LabelTarget } from '../labels/labelTarget';
import type { RunStore } from '../runStore';
import { TRANSLATION_DIAGNOSTIC_SOURCE, type LintedFinding, type TranslationLintState } from './translationLintState';

// The quick fix on a translation-lint problem: label the affected scenario, in the translation's language, with the
// translation-defect code the finding suggests, the finding itself as the note. Refused in Restricted Mode.

export const LABEL_TRANSLATION_DEFECT_COMMAND = 'trajectoryLens.labelTranslationDefect';

/** What the quick fix's command records: plain data, so it survives the trip through the workbench. */
interface DefectLabel {
  dirUri: string;
  item: LabelItem;
  code: TranslationCode;
  note: string;
}

function noteOf({ finding }: LintedFinding): string {
  const translation = finding.translation === null ? '(missing)' : JSON.stringify(finding.translation);
  return (
    `translation lint ${finding.code} at ${finding.file}:${finding.line}:${finding.column}: ${finding.message} ` +
    `(source ${JSON.stringify(finding.source)}, translation ${translation})`
  );
}

/** The (group, language) items of the finding's scenario in its language: one per agent or setting that ran it. */
function targetsOf({ dir, problem }: LintedFinding): LabelTarget[] {
  if (problem === null) return [];
  const groups = new Set(dir.index.runs.filter((r) => r.scenarioId === problem.scenarioId && r.language === problem.language).map((r) => r.group));
  return [...groups].sort().map((group) => ({ dir, item: { group, language: problem.language, run: null } }));
}

class TranslationQuickFixProvider implements vscode.CodeActionProvider {
  static readonly kinds = [vscode.CodeActionKind.QuickFix];

  constructor(private readonly lint: TranslationLintState) {}

  async provideCodeActions(document: vscode.TextDocument, _range: vscode.Range, context: vscode.CodeActionContext): Promise<vscode.CodeAction[]> {
    const actions: vscode.CodeAction[] = [];
    for (const diagnostic of context.diagnostics) {
      if (diagnostic.source !== TRANSLATION_DIAGNOSTIC_SOURCE) continue;
      const linted = await this.lint.findingAt(document.uri, diagnostic);
      if (linted?.problem == null) continue;
      const { code } = linted.problem;
      const targets = targetsOf(linted);
      for (const target of targets) {
        // Several agents ran the scenario: the group tells their labels apart.
        const action = new vscode.CodeAction(
          targets.length > 1
            ? vscode.l10n.t('Label {0} as {1} translation defect ({2})', targetText(target), code, target.item.group)
            : vscode.l10n.t('Label {0} as {1} translation defect', targetText(target), code),
          vscode.CodeActionKind.QuickFix,
        );
        const label: DefectLabel = { dirUri: target.dir.uri.toString(), item: target.item, code, note: noteOf(linted) };
        action.command = { command: LABEL_TRANSLATION_DEFECT_COMMAND, title: action.title, arguments: [label] };
        action.diagnostics = [diagnostic];
        action.isPreferred = targets.length === 1;
        actions.push(action);
      }
    }
    return actions;
  }
}

export function registerTranslationQuickFix(store: RunStore, lint: TranslationLintState, labeller: Labeller): vscode.Disposable[] {
  return [
    vscode.languages.registerCodeActionsProvider({ pattern: '**/*.json' }, new TranslationQuickFixProvider(lint), {
      providedCodeActionKinds: TranslationQuickFixProvider.kinds,
    }),
    vscode.commands.registerCommand(LABEL_TRANSLATION_DEFECT_COMMAND, async (label: DefectLabel) => {
      const dir = store.directory(label.dirUri);
      if (dir === undefined) {
        void vscode.window.showInformationMessage(vscode.l10n.t('That run directory is no longer open: nothing was labelled.'));
        return;
      }
      await labeller.recordLabel({ dir, item: label.item }, { code: label.code, confidence: 'medium', note: label.note });
    }),
  ];
}
