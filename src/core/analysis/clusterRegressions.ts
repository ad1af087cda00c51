import { hash53 } from '../hash53';
import { canonicalJson } from './canonicalJson';
import type { CauseSignature } from './causeSignature';
import { toolLabel, type FirstDivergence } from './firstDivergence';

// Regressions with equal cause signatures form one cluster, across scenarios, languages and agents. A cluster's id is
// derived from its signature alone, so it is the same on every run of the tool and for every corpus.

/** One regression of a cluster: the (group, language, setting) worklist item and the runs that were compared. */
export interface ClusterMember {
  group: string;
  scenarioId: string;
  language: string;
  setting: string | null;
  /** The target run's agent (the system under test), when the run records it. */
  agent: string | null;
  baselineRunId: string;
  targetRunId: string;
  divergence: FirstDivergence;
}

export interface RegressionCause {
  signature: CauseSignature;
  member: ClusterMember;
}

export interface CauseCluster {
  id: string;
  title: string;
  signature: CauseSignature;
  /** In worklist order. */
  members: ClusterMember[];
}

export function clusterId(signature: CauseSignature): string {
  return `cause-${hash53(canonicalJson(signature)).toString(16).padStart(14, '0')}`;
}

function label(tool: string | null): string {
  return tool === null ? '' : toolLabel(tool);
}

function divergenceText(s: CauseSignature): string {
  const argument = s.argument === null ? '' : ` (${s.argument})`;
  switch (s.kind) {
    case 'missing-step':
      return `Missing write ${label(s.tool)}`;
    case 'extra-step':
      return `Extra write ${label(s.tool)}`;
    case 'different-tool':
      return `${label(s.tool)} instead of ${label(s.otherTool)}`;
    case 'different-arguments':
      return `Different arguments to ${label(s.tool)}${argument}`;
    case 'different-result':
      return `Different result of ${label(s.tool)}`;
    case 'different-answer':
      return 'Different final answer';
    case 'none':
      return s.tool === null ? 'No divergence' : `Harmless self-correction of ${label(s.tool)}`;
  }
}

/** `Different arguments to Contacts.search_contacts (query) · script-variant miss · tool_count · T4`. */
export function clusterTitle(s: CauseSignature): string {
  const parts = [divergenceText(s)];
  if (s.scriptVariantMiss) parts.push('script-variant miss');
  if (s.translationFinding) parts.push('translation finding');
  parts.push(s.failureFamily ?? 'no failure family', s.prior);
  return parts.join(' · ');
}

/** Clusters of equal signatures, largest first (then by title and id, so the order is stable). */
export function clusterRegressions(causes: readonly RegressionCause[]): CauseCluster[] {
  const byId = new Map<string, CauseCluster>();
  for (const { signature, member } of causes) {
    const id = clusterId(signature);
    let cluster = byId.get(id);
    if (cluster === undefined) {
      cluster = { id, title: clusterTitle(signature), signature, members: [] };
      byId.set(id, cluster);
    }
    cluster.members.push(member);
  }
  return [...byId.values()].sort(
    (a, b) => b.members.length - a.members.length || (a.title < b.title ? -1 : a.title > b.title ? 1 : 0) || (a.id < b.id ? -1 : 1),
  );
}

/** How many members each value has, most first (then by name). */
export function countBy(members: readonly ClusterMember[], key: (m: ClusterMember) => string): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const m of members) counts.set(key(m), (counts.get(key(m)) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
}

/** `3 regressions · cmn 1, hin 1, jpn 1 · agent-x 2, agent-y 1` (agents when the runs name them). */
export function clusterCountsText(cluster: CauseCluster): string {
  const n = cluster.members.length;
  const parts = [`${n} ${n === 1 ? 'regression' : 'regressions'}`];
  parts.push(countBy(cluster.members, (m) => m.language).map(([l, k]) => `${l} ${k}`).join(', '));
  if (cluster.members.some((m) => m.agent !== null)) {
    parts.push(countBy(cluster.members, (m) => m.agent ?? 'unknown agent').map(([a, k]) => `${a} ${k}`).join(', '));
  }
  return parts.join(' · ');
}

/** The member that best stands for the cluster: of its most common language and agent, the first in worklist order. */
export function typicalMember(cluster: CauseCluster): ClusterMember {
  const language = countBy(cluster.members, (m) => m.language)[0]?.[0];
  const ofLanguage = cluster.members.filter((m) => m.language === language);
  const agent = countBy(ofLanguage, (m) => m.agent ?? '')[0]?.[0];
  return ofLanguage.find((m) => (m.agent ?? '') === agent) ?? (cluster.members[0] as ClusterMember);
}
