// Plain-text forms of trajectory values for display, summaries and search.
import * as l10n from '@vscode/l10n';

/** `EmailClientV2__send_email` → `EmailClientV2.send_email`. */
export function toolLabel(tool: string): string {
  return tool.replace('__', '.');
}

/** Text of a value as a reader sees it: strings as they are, everything else as JSON. */
export function valueText(value: unknown, pretty = true): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  try {
    return JSON.stringify(value, null, pretty ? 2 : undefined) ?? String(value);
  } catch {
    return String(value);
  }
}

/** Is this value shown as structured JSON (highlighted), rather than as text? */
export function isStructured(value: unknown): boolean {
  return typeof value === 'object' && value !== null;
}

/** One short line describing a tool result, shown while the result is folded. */
export function resultSummary(result: unknown): string {
  if (result === null || result === undefined) return l10n.t('no result');
  if (Array.isArray(result)) return result.length === 1 ? l10n.t('1 item') : l10n.t('{0} items', result.length);
  if (typeof result === 'object') {
    const keys = Object.keys(result);
    return keys.length === 0 ? '{}' : `{ ${truncate(keys.join(', '), 60)} }`;
  }
  return truncate(firstLine(valueText(result)), 100);
}

export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function firstLine(text: string): string {
  const end = text.indexOf('\n');
  return end < 0 ? text : `${text.slice(0, end)} …`;
}

/** Top-level argument an argument-diff path belongs to: `event.title` → `event`, `recipients[0]` → `recipients`. */
export function topLevelKey(path: string): string {
  const end = path.search(/[.[]/);
  return end <= 0 ? path : path.slice(0, end);
}

/** ①…⑳ for the first twenty oracle events, then #21… */
export function oracleNumber(index: number): string {
  return index < 20 ? String.fromCodePoint(0x2460 + index) : `#${index + 1}`;
}
