import { defaultTargetRun } from '../../core/analysis/defaultRuns';
import type { RunSummary } from '../../core/model';
import { groupLanguageKey, type LoadedRunDirectory } from '../loadedRunDirectory';
import type { TreeNode } from './nodes';

// Which runs a view element stands for: what "open" and "compare with baseline" act on.

export function runsOf(dir: LoadedRunDirectory, group: string, language: string): RunSummary[] {
  return dir.runsByGroupLanguage.get(groupLanguageKey(group, language)) ?? [];
}

/** True when the element's language can be compared with the baseline language of the same group. */
export function isComparable(dir: LoadedRunDirectory, group: string, language: string): boolean {
  return language !== dir.baseline && runsOf(dir, group, dir.baseline).length > 0;
}

/** The run opened when the element is clicked or "Open Trajectory" is run on it: the one a comparison would show. */
export function runToOpen(node: TreeNode): { dir: LoadedRunDirectory; run: RunSummary } | undefined {
  const { dir } = node;
  let run: RunSummary | undefined;
  if (node.kind === 'run') run = node.run;
  if (node.kind === 'language') run = defaultTargetRun(runsOf(dir, node.group.group, node.language.language));
  if (node.kind === 'regression') run = defaultTargetRun(runsOf(dir, node.regression.group, node.regression.language));
  return run ? { dir, run } : undefined;
}

/** A target to compare with the baseline: a group, a target language and, when the element is a run, that run. */
export interface ComparisonTarget {
  dir: LoadedRunDirectory;
  group: string;
  language: string;
  baseline: string;
  /** The run the element stands for; null when the element is a language or a regression (the default target run). */
  run: RunSummary | null;
}

/** What "Compare with Baseline" compares for an element of the Runs or Regressions view; undefined when not comparable. */
export function comparisonTarget(node: TreeNode): ComparisonTarget | undefined {
  const { dir } = node;
  const target =
    node.kind === 'run'
      ? { group: node.run.group, language: node.run.language, run: node.run }
      : node.kind === 'language'
        ? { group: node.group.group, language: node.language.language, run: null }
        : node.kind === 'regression'
          ? { group: node.regression.group, language: node.regression.language, run: null }
          : undefined;
  if (target === undefined || !isComparable(dir, target.group, target.language)) return undefined;
  return { dir, baseline: dir.baseline, ...target };
}
