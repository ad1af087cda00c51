import type { CauseCluster, ClusterMember } from '../../core/analysis/clusterRegressions';
import type { Diagnostic, RunSummary } from '../../core/model';
import type { Regression } from '../../core/analysis/regressionTypes';
import type { GroupSummary, LanguageSummary, LoadedRunDirectory } from '../loadedRunDirectory';

// The elements of the Runs and Regressions views. Commands receive them as their argument (inline and context menu
// actions), so they carry the directory they belong to and plain data only.

export interface DirectoryNode {
  kind: 'directory';
  dir: LoadedRunDirectory;
}

/** A benchmark setting (SEATau l2_tools…): `dir` is the directory's view holding that setting's and the baseline setting's runs. */
export interface SettingNode {
  kind: 'setting';
  dir: LoadedRunDirectory;
  setting: string;
}

export interface CapabilityNode {
  kind: 'capability';
  dir: LoadedRunDirectory;
  capability: string | null;
  groups: GroupSummary[];
}

export interface GroupNode {
  kind: 'group';
  dir: LoadedRunDirectory;
  group: GroupSummary;
  /** Name shown: the scenario id, or the whole group when several groups share the scenario id. */
  label: string;
}

export interface LanguageNode {
  kind: 'language';
  dir: LoadedRunDirectory;
  group: GroupSummary;
  language: LanguageSummary;
}

export interface RunNode {
  kind: 'run';
  dir: LoadedRunDirectory;
  run: RunSummary;
}

export interface FileProblemsNode {
  kind: 'fileProblems';
  dir: LoadedRunDirectory;
  diagnostics: Diagnostic[];
}

export interface DiagnosticNode {
  kind: 'diagnostic';
  dir: LoadedRunDirectory;
  diagnostic: Diagnostic;
  /** Position in the directory's diagnostics (keeps the element's id unique). */
  index: number;
}

export interface RegressionNode {
  kind: 'regression';
  dir: LoadedRunDirectory;
  regression: Regression;
  /** `scn_email_budget · jpn` (the whole group instead of the scenario id when several groups share it). */
  label: string;
  /** When the view groups regressions by cause: the cluster it is a member of, and what was compared. */
  cause?: { cluster: CauseCluster; member: ClusterMember };
}

/** A cluster of regressions with the same cause; `dir` is the whole run directory. */
export interface CauseClusterNode {
  kind: 'causeCluster';
  dir: LoadedRunDirectory;
  cluster: CauseCluster;
}

export type RegressionsViewNode = RegressionNode | CauseClusterNode;

export type RunsNode =
  | DirectoryNode
  | SettingNode
  | CapabilityNode
  | GroupNode
  | LanguageNode
  | RunNode
  | FileProblemsNode
  | DiagnosticNode;

export type TreeNode = RunsNode | RegressionsViewNode;
