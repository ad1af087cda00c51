import type { RunSummary } from '../model';

// The one order runs are listed in everywhere (index, trees, pickers, regressions, triage): group, language, run
// index, then id. Text is compared by code point, not by locale, so the CLI and every window list runs alike.

export type OrderedRun = Pick<RunSummary, 'group' | 'language' | 'runIndex' | 'id'>;

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Sort comparator: group, language, run index, id. */
export function byRunOrder(a: OrderedRun, b: OrderedRun): number {
  return compareText(a.group, b.group) || compareText(a.language, b.language) || a.runIndex - b.runIndex || compareText(a.id, b.id);
}
