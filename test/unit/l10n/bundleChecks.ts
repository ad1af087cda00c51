// Helpers shared by the localization tests: the languages shipped, and what must survive translation unchanged.

/** The display languages the extension ships translations for, as VS Code names them. */
export const LANGUAGES = ['ja', 'zh-cn'] as const;

/** Keys of `a` missing from `b`. */
export function keysOnlyIn(a: Record<string, unknown>, b: Record<string, unknown>): string[] {
  return Object.keys(a).filter((key) => !(key in b));
}

/** The tokens of `text` matching `pattern` (e.g. `{0}` placeholders), sorted: a translation may reorder them, not drop or add one. */
export function placeholders(text: string | undefined, pattern: RegExp = /\{\d+\}/g): string[] {
  return [...(text ?? '').matchAll(pattern)].map((m) => m[0]).sort();
}
