import * as vscode from 'vscode';
import { defaultBaselineRun, defaultTargetRun } from '../../core/analysis/defaultRuns';
import type { RunSummary } from '../../core/model';
import { languageCountText, regressionText, scenarioLabel } from '../../core/render/runLabels';
import type { LoadedRunDirectory } from '../loadedRunDirectory';
import type { RunStore } from '../runStore';
import { comparisonTarget, runsOf, type ComparisonTarget } from '../tree/nodeRuns';
import type { TreeNode } from '../tree/nodes';
import { settingDirectories, viewSetting } from '../tree/settingDirectories';
import { pickScenarioTarget } from './pickScenarioTarget';

export const COMPARE_WITH_BASELINE_COMMAND = 'trajectoryLens.compareWithBaseline';

export type OpenComparison = (baseline: RunSummary, target: RunSummary) => Promise<void>;

interface TargetPick extends vscode.QuickPickItem {
  target: ComparisonTarget;
}

/** The directory, or its views setting by setting when its languages run in several settings (SEATau). */
function comparedViews(dir: LoadedRunDirectory): LoadedRunDirectory[] {
  const views = settingDirectories(dir);
  return views.length > 0 ? views.map((v) => v.dir) : [dir];
}

/** Every (group, language[, setting]) that can be compared with the baseline, regressions first. */
function targetPicks(dirs: readonly LoadedRunDirectory[]): TargetPick[] {
  const picks: TargetPick[] = [];
  for (const dir of dirs.flatMap(comparedViews)) {
    const setting = viewSetting(dir);
    for (const group of dir.groups) {
      if (!group.languages.some((l) => l.language === dir.baseline)) continue;
      const targets = group.languages.filter((l) => l.language !== dir.baseline);
      for (const language of [...targets].sort((a, b) => Number(b.regression !== null) - Number(a.regression !== null))) {
        picks.push({
          label: [scenarioLabel(group.scenarioId), language.language, setting].filter(Boolean).join(' · '),
          description: [languageCountText(language), language.regression ? `↓ ${regressionText(language.regression)}` : null]
            .filter(Boolean)
            .join(' · '),
          detail: group.group,
          target: { dir, group: group.group, language: language.language, baseline: dir.baseline, run: null },
        });
      }
    }
  }
  return picks;
}

/**
 * The first passing baseline run against the element's run, or the target's first failing run, as the CLI picks them.
 * A setting's element holds that setting's view of the directory, so both are picked among its runs and the baseline
 * setting's.
 */
export async function compareTarget(target: ComparisonTarget, open: OpenComparison): Promise<void> {
  const baselineRuns = runsOf(target.dir, target.group, target.baseline);
  const baselineRun = defaultBaselineRun(baselineRuns);
  const targetRun = target.run ?? defaultTargetRun(runsOf(target.dir, target.group, target.language), baselineRun);
  if (baselineRun === undefined || targetRun === undefined) {
    void vscode.window.showWarningMessage(vscode.l10n.t('Trajectory Lens: no {0} run to compare with in {1}.', target.baseline, target.group));
    return;
  }
  await open(baselineRun, targetRun);
}

export function registerCompareWithBaseline(store: RunStore, open: OpenComparison): vscode.Disposable {
  return vscode.commands.registerCommand(COMPARE_WITH_BASELINE_COMMAND, async (node?: TreeNode) => {
    if (node?.kind === 'group') {
      const picked = await pickScenarioTarget(node);
      if (picked) await compareTarget(picked, open);
      return;
    }
    let target = node ? comparisonTarget(node) : undefined;
    if (target === undefined && node === undefined) {
      // Right after start-up the runs may still be indexing: the pick shows as busy until they are.
      const picks = store.whenIndexed().then(() => targetPicks(store.directories));
      const picked = await vscode.window.showQuickPick(picks, {
        title: vscode.l10n.t('Compare with baseline {0}', store.baseline),
        placeHolder: vscode.l10n.t('Scenario and language to compare (regressions first)'),
        matchOnDescription: true,
        matchOnDetail: true,
      });
      if (picked === undefined) return;
      target = picked.target;
    }
    if (target === undefined) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Trajectory Lens: this item has no {0} runs to compare with.', store.baseline));
      return;
    }
    await compareTarget(target, open);
  });
}
