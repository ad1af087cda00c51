import * as vscode from 'vscode';
import { parseQuery, QUERY_SYNTAX, type SearchQuery } from '../../core/search/parseQuery';

// The query input: a quick pick whose first entry is the query being typed (with what is wrong with it, if anything)
// and whose other entries are the recent queries.

const HISTORY_KEY = 'trajectoryLens.searchHistory';
const HISTORY_SIZE = 20;

interface QueryItem extends vscode.QuickPickItem {
  query: string;
}

export class SearchHistory {
  constructor(private readonly state: vscode.Memento) {}

  get queries(): string[] {
    const saved = this.state.get<unknown>(HISTORY_KEY);
    return Array.isArray(saved) ? saved.filter((q): q is string => typeof q === 'string') : [];
  }

  /** Moves the query to the front of the list. */
  remember(query: string): Thenable<void> {
    return this.state.update(HISTORY_KEY, [query, ...this.queries.filter((q) => q !== query)].slice(0, HISTORY_SIZE));
  }
}

function typedItem(value: string): QueryItem {
  const parsed = parseQuery(value);
  return parsed.ok
    ? { label: value, description: vscode.l10n.t('Search'), query: value, alwaysShow: true }
    : { label: value, description: `$(error) ${vscode.l10n.t('Bad query')}`, detail: parsed.error.message, query: value, alwaysShow: true };
}

/** Asks for a query; resolves to the accepted one, parsed, or undefined when the user gave up. */
export function pickQuery(history: SearchHistory): Promise<{ text: string; query: SearchQuery } | undefined> {
  const recent = (): QueryItem[] => history.queries.map((q) => ({ label: q, description: vscode.l10n.t('Recent'), query: q }));
  const pick = vscode.window.createQuickPick<QueryItem>();
  pick.title = vscode.l10n.t('Search Runs');
  pick.placeholder = QUERY_SYNTAX;
  pick.items = recent();
  return new Promise((resolve) => {
    let result: { text: string; query: SearchQuery } | undefined;
    pick.onDidChangeValue((value) => {
      const others = recent().filter((item) => item.query !== value.trim());
      pick.items = value.trim() === '' ? recent() : [typedItem(value.trim()), ...others];
    });
    pick.onDidAccept(() => {
      const chosen = pick.selectedItems[0]?.query ?? pick.value.trim();
      const parsed = parseQuery(chosen);
      if (!parsed.ok) {
        // Stay open on a bad query: its entry says what is wrong.
        pick.value = chosen;
        pick.items = [typedItem(chosen), ...recent().filter((item) => item.query !== chosen)];
        return;
      }
      result = { text: chosen, query: parsed.query };
      pick.hide();
    });
    pick.onDidHide(() => {
      pick.dispose();
      resolve(result);
    });
    pick.show();
  });
}
