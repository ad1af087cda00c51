import * as vscode from 'vscode';
import { matchesText, runsText } from '../countTexts';
import type { SearchQuery } from '../../core/search/parseQuery';
import { searchRuns, type SearchProgress } from '../../core/search/searchRuns';
import { bundledSearchWorkers } from '../../core/search/searchWorkerPool';
import { openComparePanel, type CompareViewDeps } from '../compare/registerCompareView';
import type { RunStore } from '../runStore';
import { compareMatchWithBaseline, openMatchInRunDocument } from './openSearchMatch';
import { pickQuery, SearchHistory } from './searchQueryPick';
import { OPEN_SEARCH_MATCH_COMMAND, SEARCH_RESULTS_VIEW_ID, SearchResultsProvider, type SearchNode } from './searchResultsProvider';

export const SEARCH_RUNS_COMMAND = 'trajectoryLens.searchRuns';
const COMPARE_SEARCH_MATCH_COMMAND = 'trajectoryLens.compareSearchMatch';
const CLEAR_SEARCH_COMMAND = 'trajectoryLens.clearSearchResults';
const HAS_RESULTS_CONTEXT_KEY = 'trajectoryLens.hasSearchResults';

/** Beyond this many matches a search stops: a tree that long is read by narrowing the query, not by scrolling. */
const MAX_MATCHES = 5_000;
/** How often the tree repaints and the progress moves while matches stream in. */
const REPAINT_MS = 300;

function setHasResults(value: boolean): void {
  void vscode.commands.executeCommand('setContext', HAS_RESULTS_CONTEXT_KEY, value);
}

/** `Search Runs…`, its results view and the commands of its items. */
export function registerSearch(context: vscode.ExtensionContext, store: RunStore, deps: CompareViewDeps): vscode.Disposable[] {
  const provider = new SearchResultsProvider();
  const view = vscode.window.createTreeView<SearchNode>(SEARCH_RESULTS_VIEW_ID, { treeDataProvider: provider });
  const history = new SearchHistory(context.globalState);
  let running: AbortController | null = null;

  const search = async (text: string, query: SearchQuery): Promise<void> => {
    running?.abort();
    const controller = new AbortController();
    running = controller;
    provider.clear();
    view.message = undefined;
    view.description = text;
    view.badge = undefined;
    let matches = 0;
    let scanned = 0;
    let truncated = false;
    await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Searching runs'), cancellable: true },
      async (progress, token) => {
        token.onCancellationRequested(() => controller.abort());
        await store.whenIndexed();
        let repainted = Date.now();
        let reported = 0;
        let before = 0;
        let lastReport = 0;
        try {
          for (const dir of store.directories) {
            // Each directory fills its share of the bar.
            const share = 100 / store.directories.length;
            const onProgress = (p: SearchProgress): void => {
              scanned = before + p.scanned;
              if (Date.now() - lastReport < REPAINT_MS && p.done < p.candidates) return;
              lastReport = Date.now();
              const percent = p.candidates === 0 ? share : (share * p.done) / p.candidates;
              progress.report({ message: `${vscode.l10n.t('{0} of {1}', p.done, runsText(p.candidates))} · ${matchesText(matches)}`, increment: percent - reported });
              reported = percent;
            };
            // Worker threads read the runs where they are on the local disk; a virtual workspace searches here.
            const workers = bundledSearchWorkers();
            const root = dir.fs.root.scheme === 'file' ? dir.fs.root.fsPath : null;
            const options = { signal: controller.signal, onProgress, workers: workers && root !== null ? { ...workers, root } : null };
            for await (const match of searchRuns(dir.fs, dir.index.runs, query, options)) {
              // A newer search (or Clear) took the view over.
              if (controller.signal.aborted) break;
              provider.add(dir, match);
              matches++;
              if (matches === 1) {
                setHasResults(true);
                void vscode.commands.executeCommand(`${SEARCH_RESULTS_VIEW_ID}.focus`);
              }
              if (Date.now() - repainted > REPAINT_MS) {
                provider.show();
                repainted = Date.now();
              }
              if (matches >= MAX_MATCHES) {
                truncated = true;
                controller.abort();
                break;
              }
            }
            if (controller.signal.aborted) break;
            reported = 0;
            before = scanned;
          }
        } catch (error) {
          if (!controller.signal.aborted) throw error;
        }
      },
    );
    // A newer search or Clear took the view over: leave it to them.
    if (running !== controller) return;
    running = null;
    provider.show();
    const found = vscode.l10n.t('{0} in {1} ({2} read)', matchesText(matches), runsText(provider.runCount), runsText(scanned));
    view.message = truncated
      ? vscode.l10n.t('First {0}: narrow the query to see the rest.', found)
      : controller.signal.aborted
        ? vscode.l10n.t('Cancelled: {0}.', found)
        : undefined;
    if (matches === 0) {
      setHasResults(false);
      if (!controller.signal.aborted) void vscode.window.showInformationMessage(vscode.l10n.t('Trajectory Lens: no runs match {0}', text));
    } else {
      view.badge = { value: matches, tooltip: found };
    }
  };

  return [
    provider,
    view,
    vscode.commands.registerCommand(SEARCH_RUNS_COMMAND, async () => {
      const picked = await pickQuery(history);
      if (picked === undefined) return;
      await history.remember(picked.text);
      await search(picked.text, picked.query);
    }),
    vscode.commands.registerCommand(OPEN_SEARCH_MATCH_COMMAND, async (node?: SearchNode) => {
      const match = node?.kind === 'searchMatch' ? node.match : node?.matches[0];
      if (node && match) await openMatchInRunDocument(node.dir, match);
    }),
    vscode.commands.registerCommand(COMPARE_SEARCH_MATCH_COMMAND, async (node?: SearchNode) => {
      if (node === undefined) return;
      const match = node.kind === 'searchMatch' ? node.match : node.matches[0];
      if (match === undefined) return;
      // A run's own entry compares from the top; a step's entry scrolls to the step.
      const at = node.kind === 'searchMatch' ? match : { ...match, step: null };
      await compareMatchWithBaseline((baseline, target, row) => openComparePanel(context, deps, baseline, target, row), node.dir, at);
    }),
    vscode.commands.registerCommand(CLEAR_SEARCH_COMMAND, () => {
      running?.abort();
      running = null;
      provider.clear();
      view.description = undefined;
      view.message = undefined;
      view.badge = undefined;
      setHasResults(false);
    }),
  ];
}
