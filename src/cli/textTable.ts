import { oneLine } from '../core/render/markdownText';

/**
 * Left-aligned columns separated by two spaces. Cells are shown on one line with control characters made visible,
 * so run data cannot move the cursor or break the layout.
 */
export function textTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const cells = [header, ...rows].map((row) => row.map(oneLine));
  const widths = header.map((_, column) => Math.max(...cells.map((row) => row[column]?.length ?? 0)));
  return cells
    .map((row) => row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column] ?? 0))).join('  '))
    .join('\n');
}
