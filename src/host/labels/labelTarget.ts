import { scenarioLabel } from '../../core/render/runLabels';
import { labelItem, type LabelItem } from '../../core/triage/labelRecord';
import type { LoadedRunDirectory } from '../loadedRunDirectory';
import type { TreeNode } from '../tree/nodes';
import { viewSetting } from '../tree/settingDirectories';

// What a tree element stands for when it is labelled: a (group, language) pair or one run, in the setting of the
// directory view it is shown in (SEATau l2_tools…), or of the run itself.

export interface LabelTarget {
  dir: LoadedRunDirectory;
  item: LabelItem;
}

export function labelTarget(node: TreeNode): LabelTarget | undefined {
  const { dir } = node;
  switch (node.kind) {
    case 'language':
      return { dir, item: labelItem(node.group.group, node.language.language, null, viewSetting(dir)) };
    case 'regression':
      return { dir, item: labelItem(node.regression.group, node.regression.language, null, viewSetting(dir)) };
    case 'run':
      return { dir, item: labelItem(node.run.group, node.run.language, node.run.runIndex, node.run.setting) };
    default:
      return undefined;
  }
}

/** `scn_email_budget · jpn`, `scn_email_budget · jpn · run 2`, `task 14 · vie · l2_tools`, for titles and messages. */
export function targetText({ dir, item }: LabelTarget): string {
  const scenarioId = dir.index.runs.find((r) => r.group === item.group)?.scenarioId;
  const scenario = scenarioId === undefined ? item.group : scenarioLabel(scenarioId);
  return [scenario, item.language, item.setting, item.run === null ? null : `run ${item.run}`].filter(Boolean).join(' · ');
}
