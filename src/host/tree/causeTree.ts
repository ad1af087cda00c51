import * as vscode from 'vscode';
import { clusterCountsText, countBy, typicalMember, type CauseCluster, type ClusterMember } from '../../core/analysis/clusterRegressions';
import { scenarioLabel } from '../../core/render/runLabels';
import type { CauseClusterState } from '../clusters/causeClusterState';
import type { RegressionGrouping } from '../clusters/regressionGrouping';
import type { LabelLookup } from '../labels/labelState';
import type { LoadedRunDirectory } from '../loadedRunDirectory';
import type { RunStore } from '../runStore';
import type { CauseClusterNode, RegressionNode, RegressionsViewNode } from './nodes';
import { settingDirectories } from './settingDirectories';
import { Tooltip } from './tooltips';
import { regressionItem } from './treeItems';

// The Regressions view grouped by cause: clusters of regressions with the same cause signature, largest first, each
// with its regressions; a regression opens its comparison at its first divergence.

export const OPEN_CAUSE_COMPARISON_COMMAND = 'trajectoryLens.openCauseComparison';

/** The member as a regression element of the directory view it belongs to (its setting's, for SEATau). */
function memberNode(whole: LoadedRunDirectory, cluster: CauseCluster, member: ClusterMember, withGroup: boolean): RegressionNode | null {
  const dir = settingDirectories(whole).find((v) => v.setting === member.setting)?.dir ?? whole;
  const regression = dir.regressions.find((r) => r.group === member.group && r.language === member.language);
  if (regression === undefined) return null;
  const scenario = withGroup ? member.group : scenarioLabel(member.scenarioId);
  return { kind: 'regression', dir, regression, label: `${scenario} · ${member.language}`, cause: { cluster, member } };
}

/** Scenario ids that more than one group of the cluster holds (several agents): those members show their group. */
function sharedScenarioIds(cluster: CauseCluster): Set<string> {
  const groups = new Map<string, Set<string>>();
  for (const m of cluster.members) groups.set(m.scenarioId, (groups.get(m.scenarioId) ?? new Set()).add(m.group));
  return new Set([...groups].filter(([, g]) => g.size > 1).map(([id]) => id));
}

function clusterTooltip(cluster: CauseCluster): vscode.MarkdownString {
  const { signature } = cluster;
  const tip = new Tooltip()
    .text(cluster.title)
    .line(vscode.l10n.t('Regressions:'), String(cluster.members.length))
    .line(vscode.l10n.t('Languages:'), countBy(cluster.members, (m) => m.language).map(([l, n]) => `${l} ${n}`).join(', '));
  const agents = countBy(cluster.members, (m) => m.agent ?? 'unknown');
  if (cluster.members.some((m) => m.agent !== null)) tip.line(vscode.l10n.t('Agents:'), agents.map(([a, n]) => `${a} ${n}`).join(', '));
  tip.line(vscode.l10n.t('First divergence:'), [signature.kind, signature.tool, signature.argument].filter(Boolean).join(' · '));
  tip.line(vscode.l10n.t('Failure family:'), signature.failureFamily ?? vscode.l10n.t('none')).line(vscode.l10n.t('Prior:'), signature.prior);
  if (signature.scriptVariantMiss) tip.line(vscode.l10n.t('Script-variant miss:'), vscode.l10n.t('touches the diverging step'));
  if (signature.translationFinding) tip.line(vscode.l10n.t('Translation finding:'), vscode.l10n.t('touches the diverging step'));
  return tip.line(vscode.l10n.t('Typical:'), typicalMember(cluster).divergence.summary).line(vscode.l10n.t('Id:'), cluster.id).markdown;
}

export function causeClusterItem({ dir, cluster }: CauseClusterNode): vscode.TreeItem {
  const item = new vscode.TreeItem(cluster.title, vscode.TreeItemCollapsibleState.Collapsed);
  item.id = `causeCluster:${dir.uri.toString()}:${cluster.id}`;
  item.description = clusterCountsText(cluster);
  item.tooltip = clusterTooltip(cluster);
  item.iconPath = new vscode.ThemeIcon('layers');
  item.contextValue = 'causeCluster';
  return item;
}

export function causeMemberItem(node: RegressionNode, labels: LabelLookup): vscode.TreeItem {
  const item = regressionItem(node, labels);
  const divergence = node.cause?.member.divergence;
  if (divergence === undefined) return item;
  const where = divergence.row === null ? (divergence.kind === 'different-answer' ? vscode.l10n.t('final answer') : null) : vscode.l10n.t('row {0}', divergence.row);
  item.description = [item.description, where].filter(Boolean).join(' · ');
  if (item.tooltip instanceof vscode.MarkdownString) item.tooltip.appendMarkdown('\n\n').appendText(divergence.summary);
  item.command = { command: OPEN_CAUSE_COMPARISON_COMMAND, title: vscode.l10n.t('Open Comparison at First Divergence'), arguments: [node] };
  return item;
}

/** The grouped tree: what the Regressions view shows while grouping by cause, and the message above it. */
export class CauseTree {
  constructor(
    private readonly store: RunStore,
    private readonly clusters: CauseClusterState,
    private readonly grouping: RegressionGrouping,
  ) {}

  /** Calls `listener` when the grouping is switched or clusters are computed. */
  onDidChange(listener: () => void): vscode.Disposable {
    return vscode.Disposable.from(this.clusters.onDidChange(listener), this.grouping.onDidChange(listener));
  }

  get grouped(): boolean {
    return this.grouping.byCause;
  }

  children(node?: RegressionsViewNode): RegressionsViewNode[] {
    if (node === undefined) {
      return this.store.directories.flatMap((dir) => (this.clusters.clustersOf(dir) ?? []).map((cluster) => ({ kind: 'causeCluster' as const, dir, cluster })));
    }
    if (node.kind !== 'causeCluster') return [];
    const shared = sharedScenarioIds(node.cluster);
    return node.cluster.members.flatMap((m) => memberNode(node.dir, node.cluster, m, shared.has(m.scenarioId)) ?? []);
  }

  /** Progress while grouping, or why it failed; undefined once the clusters are shown. */
  message(): string | undefined {
    const progress = this.clusters.progress;
    if (progress.kind === 'computing') return vscode.l10n.t('Grouping regressions by cause… {0} of {1}', progress.done, progress.total);
    if (progress.kind === 'failed') return vscode.l10n.t('Could not group the regressions by cause: {0}', progress.message);
    return undefined;
  }
}
