import * as vscode from 'vscode';
import { regressionsText, runsText, scenariosText } from '../countTexts';
import { scenarioTargetChoice } from '../../core/analysis/scenarioTargets';
import {
  languageCountText,
  languageCountsText,
  regressionText,
  sharedSetting,
} from '../../core/render/runLabels';
import type { Diagnostic } from '../../core/model';
import type { Regression } from '../../core/analysis/regressionTypes';
import {
  capabilityIcon,
  countsIcon,
  diagnosticIcon,
  directoryIcon,
  outcomeIcon,
  regressionIcon,
  fileProblemsIcon,
} from './icons';
import { isComparable } from './nodeRuns';
import { idScope, settingDirectories, viewSetting } from './settingDirectories';
import type {
  CapabilityNode,
  DiagnosticNode,
  DirectoryNode,
  GroupNode,
  LanguageNode,
  RegressionNode,
  RunNode,
  RunsNode,
  SettingNode,
  TreeNode,
  FileProblemsNode,
} from './nodes';
import { diagnosticTooltip, groupTooltip, languageTooltip, regressionTooltip, runTooltip } from './tooltips';
import { diagnosticLocation } from '../problems/diagnosticLocation';
import type { LabelLookup } from '../labels/labelState';
import { labelTarget } from '../labels/labelTarget';
import { withLabelBadge } from '../labels/labelText';
import { appendLabel } from './tooltips';

// How each view element looks. Labels are kept stable: people (and the end-to-end tests) look for them.

export const OPEN_RUN_COMMAND = 'trajectoryLens.openRun';

const { Collapsed, Expanded, None } = vscode.TreeItemCollapsibleState;

function item(label: string, state: vscode.TreeItemCollapsibleState, id: string): vscode.TreeItem {
  const treeItem = new vscode.TreeItem(label, state);
  treeItem.id = id;
  return treeItem;
}

function openRunCommand(node: TreeNode): vscode.Command {
  return { command: OPEN_RUN_COMMAND, title: vscode.l10n.t('Open Trajectory'), arguments: [node] };
}

/** Shows the element's current triage label at the end of its description and in its tooltip. */
function showLabel(treeItem: vscode.TreeItem, node: TreeNode, labels: LabelLookup): vscode.TreeItem {
  const target = labelTarget(node);
  const record = target && labels.labelOf(target.dir, target.item);
  if (record === undefined) return treeItem;
  treeItem.description = withLabelBadge(typeof treeItem.description === 'string' ? treeItem.description : '', record);
  if (treeItem.tooltip instanceof vscode.MarkdownString) appendLabel(treeItem.tooltip, record);
  return treeItem;
}

function strongest(regressions: readonly Regression[]): Regression | undefined {
  return regressions.find((r) => r.stratum === 'deterministic') ?? regressions[0];
}

function directoryItem({ dir }: DirectoryNode): vscode.TreeItem {
  const treeItem = item(dir.name, Expanded, `dir:${dir.uri}`);
  const settings = settingDirectories(dir);
  const regressions = settings.length > 0 ? settings.reduce((n, s) => n + s.dir.regressions.length, 0) : dir.regressions.length;
  treeItem.description = `${runsText(dir.index.runs.length)} · ${regressionsText(regressions)}`;
  treeItem.iconPath = directoryIcon;
  treeItem.tooltip = dir.uri.scheme === 'file' ? dir.uri.fsPath : dir.uri.toString();
  return treeItem;
}

function settingItem({ dir, setting }: SettingNode): vscode.TreeItem {
  const treeItem = item(setting, Expanded, `setting:${idScope(dir)}`);
  const scenarios = new Set(dir.groups.map((g) => g.scenarioId)).size;
  treeItem.description = `${scenariosText(scenarios)} · ${regressionsText(dir.regressions.length)}`;
  const regression = strongest(dir.regressions);
  treeItem.iconPath = regression ? regressionIcon(regression.stratum) : capabilityIcon;
  treeItem.tooltip = vscode.l10n.t("SEATau setting {0}: its runs against the baseline setting's, in {1}", setting, dir.baseline);
  treeItem.contextValue = 'setting';
  return treeItem;
}

function capabilityItem(node: CapabilityNode): vscode.TreeItem {
  const regressed = node.groups.filter((g) => g.hasRegression).length;
  const treeItem = item(node.capability ?? vscode.l10n.t('(no capability)'), Expanded, `cap:${idScope(node.dir)}:${node.capability ?? ''}`);
  treeItem.description = `${scenariosText(node.groups.length)} · ${vscode.l10n.t('{0} regressed', regressed)}`;
  treeItem.iconPath = capabilityIcon;
  treeItem.contextValue = 'capability';
  return treeItem;
}

function groupItem(node: GroupNode): vscode.TreeItem {
  const { group, dir } = node;
  const treeItem = item(node.label, Collapsed, `group:${idScope(dir)}:${group.group}`);
  treeItem.description = languageCountsText(group.languages, dir.baseline);
  const regression = strongest(group.languages.flatMap((l) => (l.regression ? [l.regression] : [])));
  treeItem.iconPath = regression
    ? regressionIcon(regression.stratum)
    : countsIcon(group.languages.every((l) => l.passes === l.total));
  treeItem.tooltip = groupTooltip(group, dir.baseline);
  const comparable = scenarioTargetChoice(group, dir.baseline).kind !== 'none' ? ' comparable' : '';
  treeItem.contextValue = `${group.hasRegression ? 'group regressed' : 'group'}${comparable}`;
  return treeItem;
}

function languageItem(node: LanguageNode): vscode.TreeItem {
  const { dir, group, language } = node;
  const treeItem = item(languageCountText(language), Collapsed, `lang:${idScope(dir)}:${group.group}:${language.language}`);
  const { regression } = language;
  const setting = sharedSetting(language.members);
  if (regression) {
    treeItem.description = [`↓ ${regressionText(regression)}`, regression.failureFamily, setting].filter(Boolean).join(' · ');
    treeItem.iconPath = regressionIcon(regression.stratum);
  } else {
    treeItem.description = [language.language === dir.baseline ? vscode.l10n.t('baseline') : null, setting].filter(Boolean).join(' · ');
    treeItem.iconPath = countsIcon(language.passes === language.total);
  }
  treeItem.tooltip = languageTooltip(group, language, dir.baseline);
  treeItem.contextValue = isComparable(dir, group.group, language.language) ? 'language comparable' : 'language';
  return treeItem;
}

function runItem(node: RunNode): vscode.TreeItem {
  const { dir, run } = node;
  const treeItem = item(vscode.l10n.t('run {0}', run.runIndex), None, `run:${idScope(dir)}:${run.id}`);
  const diagnostics = dir.diagnosticsByRun.get(run.id) ?? [];
  const unreadable = diagnostics.length > 0 ? `⚠ ${diagnostics.length === 1 ? vscode.l10n.t('1 problem') : vscode.l10n.t('{0} problems', diagnostics.length)}` : null;
  treeItem.description = [run.failureFamily, run.setting, unreadable].filter(Boolean).join(' · ');
  treeItem.iconPath = outcomeIcon(run.outcome);
  treeItem.tooltip = runTooltip(run, diagnostics);
  treeItem.command = openRunCommand(node);
  treeItem.contextValue = isComparable(dir, run.group, run.language) ? 'run comparable' : 'run';
  return treeItem;
}

/** Files with an error could not be read; files with only warnings were read or skipped (e.g. not a run format). */
function fileProblemsItem(node: FileProblemsNode): vscode.TreeItem {
  const unreadable = new Set(node.diagnostics.filter((d) => d.severity === 'error').map((d) => d.path));
  const warned = new Set(node.diagnostics.filter((d) => !unreadable.has(d.path)).map((d) => d.path));
  const treeItem = item(
    unreadable.size + warned.size === 1 ? vscode.l10n.t('1 file with problems') : vscode.l10n.t('{0} files with problems', unreadable.size + warned.size),
    Collapsed,
    `problems:${node.dir.uri}`);
  treeItem.description = [
    unreadable.size > 0 ? vscode.l10n.t('{0} unreadable', unreadable.size) : null,
    warned.size > 0 ? vscode.l10n.t('{0} with warnings', warned.size) : null,
  ]
    .filter(Boolean)
    .join(' · ');
  treeItem.iconPath = fileProblemsIcon;
  treeItem.tooltip = vscode.l10n.t(
    'Files that could not be read completely or were skipped. Every other run still loads; they are also in the Problems panel.',
  );
  return treeItem;
}

function diagnosticLabel(d: Diagnostic): string {
  return d.line !== null ? `${d.path}:${d.line}` : d.path || vscode.l10n.t('(run directory)');
}

function diagnosticItem(node: DiagnosticNode): vscode.TreeItem {
  const { dir, diagnostic } = node;
  const treeItem = item(diagnosticLabel(diagnostic), None, `diag:${dir.uri}:${node.index}`);
  treeItem.description = diagnostic.message;
  treeItem.iconPath = diagnosticIcon(diagnostic.severity);
  treeItem.tooltip = diagnosticTooltip(diagnostic);
  const { uri, range } = diagnosticLocation(dir.fs, diagnostic);
  treeItem.command = { command: 'vscode.open', title: vscode.l10n.t('Open File'), arguments: [uri, { selection: range }] };
  return treeItem;
}

export function regressionItem(node: RegressionNode, labels: LabelLookup): vscode.TreeItem {
  const { dir, regression } = node;
  const treeItem = item(node.label, None, `regression:${idScope(dir)}:${regression.group}:${regression.language}`);
  treeItem.description = [regressionText(regression), regression.failureFamily, viewSetting(dir)].filter(Boolean).join(' · ');
  treeItem.iconPath = regressionIcon(regression.stratum);
  treeItem.tooltip = regressionTooltip(regression, dir.baseline);
  treeItem.command = openRunCommand(node);
  treeItem.contextValue = isComparable(dir, regression.group, regression.language)
    ? 'regression comparable'
    : 'regression';
  return showLabel(treeItem, node, labels);
}

export function runsTreeItem(node: RunsNode, labels: LabelLookup): vscode.TreeItem {
  switch (node.kind) {
    case 'directory':
      return directoryItem(node);
    case 'setting':
      return settingItem(node);
    case 'capability':
      return capabilityItem(node);
    case 'group':
      return groupItem(node);
    case 'language':
      return showLabel(languageItem(node), node, labels);
    case 'run':
      return showLabel(runItem(node), node, labels);
    case 'fileProblems':
      return fileProblemsItem(node);
    case 'diagnostic':
      return diagnosticItem(node);
  }
}
