import * as vscode from 'vscode';
import { targetLanguages } from '../../core/analysis/scenarioTargets';
import { scenarioLabel } from '../../core/render/runLabels';
import type { GroupSummary, LoadedRunDirectory } from '../loadedRunDirectory';
import { runsOf } from './nodeRuns';
import type { CapabilityNode, GroupNode, LanguageNode, RunsNode, SettingNode } from './nodes';
import { settingDirectories } from './settingDirectories';
import { StoreTreeProvider } from './storeTreeProvider';
import { runsTreeItem } from './treeItems';

// Runs view: capability → scenario group → language → run, regressions first; files with problems last. Runs compared
// setting by setting (SEATau) get the setting as the first level.

function regressionCount(group: GroupSummary): number {
  return group.languages.filter((l) => l.regression !== null).length;
}

function deterministicCount(group: GroupSummary): number {
  return group.languages.filter((l) => l.regression?.stratum === 'deterministic').length;
}

function capabilities(dir: LoadedRunDirectory): CapabilityNode[] {
  const byCapability = new Map<string | null, GroupSummary[]>();
  for (const group of dir.groups) {
    const list = byCapability.get(group.capability);
    if (list) list.push(group);
    else byCapability.set(group.capability, [group]);
  }
  const nodes = [...byCapability].map(([capability, groups]): CapabilityNode => ({ kind: 'capability', dir, capability, groups }));
  const regressed = (node: CapabilityNode): number => node.groups.filter((g) => g.hasRegression).length;
  return nodes.sort((a, b) => regressed(b) - regressed(a) || (a.capability ?? '\uffff').localeCompare(b.capability ?? '\uffff'));
}

function groups(node: CapabilityNode): GroupNode[] {
  const scenarioUses = new Map<string, number>();
  for (const g of node.groups) scenarioUses.set(g.scenarioId, (scenarioUses.get(g.scenarioId) ?? 0) + 1);
  return node.groups
    .map((group): GroupNode => ({
      kind: 'group',
      dir: node.dir,
      group,
      label: scenarioUses.get(group.scenarioId) === 1 ? scenarioLabel(group.scenarioId) : group.group,
    }))
    .sort(
      (a, b) =>
        Number(b.group.hasRegression) - Number(a.group.hasRegression) ||
        deterministicCount(b.group) - deterministicCount(a.group) ||
        regressionCount(b.group) - regressionCount(a.group) ||
        a.label.localeCompare(b.label),
    );
}

/** Baseline first, then regressed languages (deterministic before stochastic), then the rest by code. */
function languages(node: GroupNode): LanguageNode[] {
  const { dir, group } = node;
  const baseline = group.languages.filter((l) => l.language === dir.baseline);
  return [...baseline, ...targetLanguages(group, dir.baseline)].map((language) => ({ kind: 'language', dir, group, language }));
}

function directoryChildren(dir: LoadedRunDirectory): RunsNode[] {
  const settings = settingDirectories(dir).map(({ setting, dir: view }): SettingNode => ({ kind: 'setting', dir: view, setting }));
  const children: RunsNode[] = settings.length > 0 ? settings : capabilities(dir);
  if (dir.index.diagnostics.length > 0) children.push({ kind: 'fileProblems', dir, diagnostics: dir.index.diagnostics });
  return children;
}

export class RunsTreeProvider extends StoreTreeProvider<RunsNode> {
  getTreeItem(node: RunsNode): vscode.TreeItem {
    return runsTreeItem(node, this.labels);
  }

  getChildren(node?: RunsNode): RunsNode[] {
    if (node === undefined) {
      const dirs = this.store.directories;
      if (dirs.length === 1 && dirs[0]) return directoryChildren(dirs[0]);
      return dirs.map((dir) => ({ kind: 'directory', dir }));
    }
    switch (node.kind) {
      case 'directory':
        return directoryChildren(node.dir);
      case 'setting':
        return capabilities(node.dir);
      case 'capability':
        return groups(node);
      case 'group':
        return languages(node);
      case 'language':
        return runsOf(node.dir, node.group.group, node.language.language).map((run) => ({ kind: 'run', dir: node.dir, run }));
      case 'fileProblems':
        return node.diagnostics.map((diagnostic, index) => ({ kind: 'diagnostic', dir: node.dir, diagnostic, index }));
      case 'run':
      case 'diagnostic':
        return [];
    }
  }
}
