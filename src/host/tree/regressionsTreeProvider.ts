import * as vscode from 'vscode';
import type { Regression } from '../../core/analysis/regressionTypes';
import { scenarioLabel } from '../../core/render/runLabels';
import type { LabelLookup } from '../labels/labelState';
import type { LoadedRunDirectory } from '../loadedRunDirectory';
import type { RunStore } from '../runStore';
import { causeClusterItem, causeMemberItem, type CauseTree } from './causeTree';
import type { RegressionNode, RegressionsViewNode } from './nodes';
import type { RegressionFilter } from './regressionFilter';
import { settingDirectories } from './settingDirectories';
import { StoreTreeProvider } from './storeTreeProvider';
import { regressionItem } from './treeItems';

// Regressions view: the worklist, one item per (group, target language) (and setting, named in the description, for
// runs compared setting by setting), deterministic first, worst cells first.

const CELL_ORDER: readonly Regression['cell'][] = ['pass->fail', 'partial->fail', 'pass->partial', 'partial->partial'];

function cellRank(cell: Regression['cell']): number {
  const rank = CELL_ORDER.indexOf(cell);
  return rank < 0 ? CELL_ORDER.length : rank;
}

/** Scenario ids that more than one group of the directory uses (e.g. several agents): those items show the group. */
function sharedScenarioIds(dir: LoadedRunDirectory): Set<string> {
  const seen = new Set<string>();
  const shared = new Set<string>();
  for (const group of dir.groups) {
    if (seen.has(group.scenarioId)) shared.add(group.scenarioId);
    seen.add(group.scenarioId);
  }
  return shared;
}

export class RegressionsTreeProvider extends StoreTreeProvider<RegressionsViewNode> {
  private readonly causeSubscription: vscode.Disposable | undefined;

  /** With `causes`, the view can group the regressions by cause. */
  constructor(
    store: RunStore,
    labels: LabelLookup,
    private readonly filter: RegressionFilter,
    private readonly causes?: CauseTree,
  ) {
    super(store, labels, filter.onDidChange);
    this.causeSubscription = causes?.onDidChange(() => this.refresh());
  }

  getTreeItem(node: RegressionsViewNode): vscode.TreeItem {
    if (node.kind === 'causeCluster') return causeClusterItem(node);
    return node.cause ? causeMemberItem(node, this.labels) : regressionItem(node, this.labels);
  }

  getChildren(node?: RegressionsViewNode): RegressionsViewNode[] {
    if (this.causes?.grouped) return this.causes.children(node);
    if (node !== undefined) return [];
    const nodes: RegressionNode[] = [];
    for (const whole of this.store.directories) {
      const shared = sharedScenarioIds(whole);
      const views = settingDirectories(whole);
      for (const dir of views.length > 0 ? views.map((v) => v.dir) : [whole]) {
        for (const regression of dir.regressions) {
          if (!this.filter.matches(dir, regression)) continue;
          const scenario = shared.has(regression.scenarioId) ? regression.group : scenarioLabel(regression.scenarioId);
          nodes.push({ kind: 'regression', dir, regression, label: `${scenario} · ${regression.language}` });
        }
      }
    }
    return nodes.sort(
      (a, b) =>
        Number(a.regression.stratum !== 'deterministic') - Number(b.regression.stratum !== 'deterministic') ||
        cellRank(a.regression.cell) - cellRank(b.regression.cell) ||
        a.label.localeCompare(b.label),
    );
  }

  override dispose(): void {
    this.causeSubscription?.dispose();
    super.dispose();
  }
}
