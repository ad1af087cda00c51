import type { Diagnostic } from '../model';

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Diagnostics from several passes, without repeats, ordered by path, line and message. */
export function mergeDiagnostics(...lists: readonly (readonly Diagnostic[])[]): Diagnostic[] {
  const seen = new Set<string>();
  const merged: Diagnostic[] = [];
  for (const list of lists) {
    for (const diagnostic of list) {
      const key = `${diagnostic.path}\u0000${diagnostic.line ?? ''}\u0000${diagnostic.message}`;
      if (!seen.has(key)) {
        seen.add(key);
        merged.push(diagnostic);
      }
    }
  }
  return merged.sort(
    (a, b) => compareText(a.path, b.path) || (a.line ?? 0) - (b.line ?? 0) || compareText(a.message, b.message),
  );
}
