import type { LabelItem } from '../../core/triage/labelRecord';
import type { LoadedRunDirectory } from '../loadedRunDirectory';
import type { TreeNode } from '../tree/nodes';

// What a tree element stands for when it is labelled: a (group, language) pair or one run.

export interface LabelTarget {
  dir: LoadedRunDirectory;
  item: LabelItem;
}

export function labelTarget(node: TreeNode): LabelTarget | undefined {
  const { dir } = node;
  switch (node.kind) {
    case 'language':
      return { dir, item: { group: node.group.group, language: node.language.language, run: null } };
    case 'regression':
      return { dir, item: { group: node.regression.group, language: node.regression.language, run: null } };
    case 'run':
      return { dir, item: { group: node.run.group, language: node.run.language, run: node.run.runIndex } };
    default:
      return undefined;
  }
}

/** `scn_email_budget · jpn`, `scn_email_budget · jpn · run 2`, for titles and messages. */
export function targetText({ dir, item }: LabelTarget): string {
  const scenario = dir.index.runs.find((r) => r.group === item.group)?.scenarioId ?? item.group;
  return [scenario, item.language, item.run === null ? null : `run ${item.run}`].filter(Boolean).join(' · ');
}
