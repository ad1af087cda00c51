import type { LabelItem } from '../../src/core/triage/labelRecord';

/**
 * Which item a review entry is about, as a string to compare entries by across states: the same fields the host's
 * label store identifies an item by (group, language, run, setting), computed here since the webview imports no
 * runtime code from src/core.
 */
export function entryKey(item: LabelItem): string {
  return JSON.stringify([item.group, item.language, item.run, item.setting ?? null]);
}
