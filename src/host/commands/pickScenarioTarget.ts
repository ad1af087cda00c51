import * as vscode from 'vscode';
import { scenarioTargetChoice, targetLanguageText } from '../../core/analysis/scenarioTargets';
import { scenarioLabel } from '../../core/render/runLabels';
import type { LanguageSummary } from '../loadedRunDirectory';
import type { ComparisonTarget } from '../tree/nodeRuns';
import type { GroupNode } from '../tree/nodes';
import { viewSetting } from '../tree/settingDirectories';

interface LanguagePick extends vscode.QuickPickItem {
  language: LanguageSummary;
}

/**
 * What "Compare with Baseline" compares on a scenario row: its only regressed language, else the language picked
 * (regressions first). Undefined when the pick is cancelled or the scenario has nothing to compare, which is said.
 */
export async function pickScenarioTarget(node: GroupNode): Promise<ComparisonTarget | undefined> {
  const { dir, group } = node;
  const choice = scenarioTargetChoice(group, dir.baseline);
  if (choice.kind === 'none') {
    void vscode.window.showInformationMessage(vscode.l10n.t('Trajectory Lens: {0} has no {1} run and other language to compare.', node.label, dir.baseline));
    return undefined;
  }
  const language =
    choice.kind === 'open'
      ? choice.language
      : (
          await vscode.window.showQuickPick(
            choice.languages.map((l): LanguagePick => ({ label: targetLanguageText(l), language: l })),
            {
              title: [vscode.l10n.t('Compare {0} with baseline {1}', scenarioLabel(group.scenarioId), dir.baseline), viewSetting(dir)].filter(Boolean).join(' · '),
              placeHolder: vscode.l10n.t('Language to compare (regressions first)'),
            },
          )
        )?.language;
  return language && { dir, group: group.group, language: language.language, baseline: dir.baseline, run: null };
}
