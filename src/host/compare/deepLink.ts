// Deep links to a step of a comparison: <scheme>://trajectory-lens.trajectory-lens/compare?base=<id>&target=<id>&row=N.
// Any web page can open such a link, so parsing is as strict as for webview messages.
import { LIMITS } from '../../protocol/validate';

export const COMPARE_LINK_PATH = '/compare';

export interface CompareLink {
  baselineRunId: string;
  targetRunId: string;
  row: number | null;
}

/**
 * VS Code percent-decodes a URI's query once before the handler sees it, so values are encoded twice: ids with
 * `&`, `+`, `=` or `%` survive, and ordinary ids (paths) stay readable.
 */
export function compareLinkQuery(link: CompareLink): string {
  const value = (id: string) => encodeURIComponent(encodeURIComponent(id)).replace(/%252F/g, '/');
  const row = link.row === null ? '' : `&row=${link.row}`;
  return `base=${value(link.baselineRunId)}&target=${value(link.targetRunId)}${row}`;
}

export function parseCompareLink(path: string, query: string): CompareLink | null {
  if (path !== COMPARE_LINK_PATH) return null;
  const params = new URLSearchParams(query);
  const base = params.get('base');
  const target = params.get('target');
  const rowText = params.get('row');
  if (!base || !target || base.length > LIMITS.maxIdLength || target.length > LIMITS.maxIdLength) return null;
  if (rowText === null) return { baselineRunId: base, targetRunId: target, row: null };
  if (!/^\d{1,8}$/.test(rowText)) return null;
  return { baselineRunId: base, targetRunId: target, row: Number(rowText) };
}
