import * as vscode from 'vscode';
import { countText, scenarioLabel, verdictText } from '../../core/render/runLabels';
import type { SearchMatch } from '../../core/search/searchRuns';
import { groupLanguageKey, type LoadedRunDirectory } from '../loadedRunDirectory';

// The Search Results view: run → matching steps, the matched text highlighted in each step's snippet.

export const SEARCH_RESULTS_VIEW_ID = 'trajectoryLens.searchResults';
export const OPEN_SEARCH_MATCH_COMMAND = 'trajectoryLens.openSearchMatch';

export interface SearchRunNode {
  kind: 'searchRun';
  /** Which search this node belongs to: ids of a new search's nodes never collide with an old one's. */
  generation: number;
  dir: LoadedRunDirectory;
  matches: SearchMatch[];
}

export interface SearchMatchNode {
  kind: 'searchMatch';
  generation: number;
  dir: LoadedRunDirectory;
  match: SearchMatch;
  /** Position among the run's matches. */
  index: number;
}

export type SearchNode = SearchRunNode | SearchMatchNode;

function runLabel(match: SearchMatch): string {
  return `${scenarioLabel(match.run.scenarioId)} · ${match.run.language} · ${vscode.l10n.t('run {0}', match.run.runIndex)}`;
}

/** `step 3 · args.query`, or the field alone for the task, the final answer and judge rationales. */
export function matchPlace(match: SearchMatch): string {
  return match.step === null ? match.field : `${vscode.l10n.t('step {0}', match.step + 1)} · ${match.field}`;
}

function comparable(dir: LoadedRunDirectory, match: SearchMatch): boolean {
  return match.run.language !== dir.baseline && (dir.runsByGroupLanguage.get(groupLanguageKey(match.run.group, dir.baseline))?.length ?? 0) > 0;
}

export class SearchResultsProvider implements vscode.TreeDataProvider<SearchNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;
  private runs: SearchRunNode[] = [];
  private generation = 0;

  /** Starts a new list of results. */
  clear(): void {
    this.generation++;
    this.runs = [];
    this.changed.fire();
  }

  get runCount(): number {
    return this.runs.length;
  }

  /** Adds a match; matches arrive in run order, so a run's matches are consecutive. Call `show` to repaint. */
  add(dir: LoadedRunDirectory, match: SearchMatch): void {
    const last = this.runs.at(-1);
    if (last && last.dir === dir && last.matches[0]?.run.id === match.run.id) last.matches.push(match);
    else this.runs.push({ kind: 'searchRun', generation: this.generation, dir, matches: [match] });
  }

  show(): void {
    this.changed.fire();
  }

  getChildren(node?: SearchNode): SearchNode[] {
    if (node === undefined) return this.runs;
    if (node.kind === 'searchMatch') return [];
    // A query of index-level terms matches whole runs: they have no steps to list.
    if (node.matches.every((m) => m.field === 'run')) return [];
    return node.matches.map((match, index) => ({ kind: 'searchMatch', generation: node.generation, dir: node.dir, match, index }));
  }

  getTreeItem(node: SearchNode): vscode.TreeItem {
    const first = node.kind === 'searchRun' ? (node.matches[0] as SearchMatch) : node.match;
    const runId = `${node.generation}/${node.dir.uri.toString()}/${first.run.id}`;
    if (node.kind === 'searchRun') {
      const wholeRun = node.matches.every((m) => m.field === 'run');
      const item = new vscode.TreeItem(runLabel(first), wholeRun ? vscode.TreeItemCollapsibleState.None : vscode.TreeItemCollapsibleState.Expanded);
      item.id = runId;
      const family = first.run.failureFamily ? ` · ${first.run.failureFamily}` : '';
      item.description = wholeRun ? `${verdictText(first.run.outcome)}${family}` : `${verdictText(first.run.outcome)} · ${countText(node.matches.length, 'match', 'matches')}`;
      item.tooltip = first.run.id;
      item.iconPath = new vscode.ThemeIcon('go-to-file');
      item.contextValue = comparable(node.dir, first) ? 'searchRun canCompare' : 'searchRun';
      item.command = { command: OPEN_SEARCH_MATCH_COMMAND, title: vscode.l10n.t('Open Trajectory'), arguments: [node] };
      return item;
    }
    const { match } = node;
    const label: vscode.TreeItemLabel = { label: match.snippet, highlights: match.highlight ? [match.highlight] : [] };
    const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.None);
    item.id = `${runId}/${node.index}`;
    item.description = matchPlace(match);
    item.tooltip = `${match.run.id}\n${matchPlace(match)}\n\n${match.snippet}`;
    item.contextValue = comparable(node.dir, match) && match.step !== null ? 'searchMatch canCompare' : 'searchMatch';
    item.command = { command: OPEN_SEARCH_MATCH_COMMAND, title: vscode.l10n.t('Open at Step'), arguments: [node] };
    return item;
  }

  dispose(): void {
    this.changed.dispose();
  }
}
