import * as vscode from 'vscode';
import { typicalMember, type ClusterMember } from '../../core/analysis/clusterRegressions';
import type { RunSummary } from '../../core/model';
import { labelItem } from '../../core/triage/labelRecord';
import type { Labeller } from '../labels/labeller';
import type { LabelTarget } from '../labels/labelTarget';
import type { TreeSelection } from '../labels/treeSelection';
import type { LoadedRunDirectory } from '../loadedRunDirectory';
import { OPEN_CAUSE_COMPARISON_COMMAND } from '../tree/causeTree';
import type { CauseClusterNode, TreeNode } from '../tree/nodes';
import { settingDirectories } from '../tree/settingDirectories';
import { confirmWritingAllowed } from '../workspaceTrust';

// What a cluster of regressions offers in the Regressions view: its most typical member's comparison, opened at the
// first divergence, and "Label Cluster…", one decision recorded for every member.

export const LABEL_CLUSTER_COMMAND = 'trajectoryLens.labelCluster';

/** Opens the comparison of two runs, scrolled to an aligned row when given. */
export type OpenComparisonAt = (baseline: RunSummary, target: RunSummary, row?: number) => Promise<void>;

/** The directory view a member's runs and labels belong to: its setting's, for runs compared setting by setting. */
function memberDir(whole: LoadedRunDirectory, member: ClusterMember): LoadedRunDirectory {
  return settingDirectories(whole).find((v) => v.setting === member.setting)?.dir ?? whole;
}

function clusterOf(node: TreeNode | undefined): CauseClusterNode | undefined {
  return node?.kind === 'causeCluster' ? node : undefined;
}

export function registerOpenCauseComparison(open: OpenComparisonAt, selection: TreeSelection): vscode.Disposable {
  return vscode.commands.registerCommand(OPEN_CAUSE_COMPARISON_COMMAND, async (node?: TreeNode) => {
    const given = node ?? selection.node;
    const cluster = clusterOf(given);
    const picked =
      cluster !== undefined
        ? { dir: cluster.dir, member: typicalMember(cluster.cluster) }
        : given?.kind === 'regression' && given.cause
          ? { dir: given.dir, member: given.cause.member }
          : undefined;
    if (picked === undefined) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Group the Regressions view by cause, then pick a cluster or one of its regressions.'));
      return;
    }
    const { dir, member } = picked;
    const baseline = dir.runsById.get(member.baselineRunId);
    const target = dir.runsById.get(member.targetRunId);
    if (baseline === undefined || target === undefined) {
      void vscode.window.showWarningMessage(vscode.l10n.t('Trajectory Lens: the runs of this regression are no longer indexed. Refresh the view.'));
      return;
    }
    await open(baseline, target, member.divergence.row ?? undefined);
  });
}

export function registerLabelCluster(labeller: Labeller, selection: TreeSelection): vscode.Disposable {
  return vscode.commands.registerCommand(LABEL_CLUSTER_COMMAND, async (node?: TreeNode) => {
    if (!(await confirmWritingAllowed())) return;
    const given = clusterOf(node ?? selection.node);
    if (given === undefined) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Group the Regressions view by cause, then pick the cluster to label.'));
      return;
    }
    const { dir, cluster } = given;
    const targetOf = (m: ClusterMember): LabelTarget => ({ dir: memberDir(dir, m), item: labelItem(m.group, m.language, null, m.setting) });
    const n = cluster.members.length;
    const title = n === 1 ? vscode.l10n.t('Label 1 regression: {0}', cluster.title) : vscode.l10n.t('Label {0} regressions: {1}', n, cluster.title);
    await labeller.pickAndRecordAll(cluster.members.map(targetOf), targetOf(typicalMember(cluster)), title);
  });
}
