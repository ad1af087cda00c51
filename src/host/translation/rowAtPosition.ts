// Which side-by-side row a lint finding is in: the finding's position lies inside its span's JSON string, so the row
// is the one starting closest before it. No 'vscode' import: positions are plain numbers.
import type { TranslationRow } from '../../protocol/translation';

type Place = Pick<TranslationRow, 'line' | 'column'>;

const notAfter = (a: Place, b: Place): boolean => a.line < b.line || (a.line === b.line && a.column <= b.column);

/** Index of the row holding 1-based `line`:`column` of the translated file, or null when no row starts before it. */
export function rowAtPosition(rows: readonly Place[], line: number, column: number): number | null {
  const at = { line, column };
  let found: number | null = null;
  rows.forEach((row, index) => {
    const best = found === null ? undefined : rows[found];
    if (notAfter(row, at) && (best === undefined || notAfter(best, row))) found = index;
  });
  return found;
}
