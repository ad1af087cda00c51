// The heatmap as a standalone SVG document: the same rows, columns, values, gaps and marks the view shows, coloured
// with the theme's colours resolved at export time (a file has no --vscode-* variables). Text is escaped: agent and
// language names come from run data.
import type { Measure } from './measures';
import { measureLabel } from './measures';
import { cellView, formatGap, formatValue } from './cellView';
import type { MatrixLayout } from './layout';

export interface HeatmapColours {
  foreground: string;
  muted: string;
  background: string;
  border: string;
  worse: string;
  better: string;
  significant: string;
}

/** How strongly a gap tints its cell: 0 for none, 1 from 50 percentage points on. */
export function gapStrength(gap: number | null): number {
  return gap === null ? 0 : Math.min(Math.abs(gap) / 0.5, 1);
}

/** Opacity of the tint at full strength. */
export const MAX_TINT = 0.55;

const CELL_W = 64;
const CELL_H = 34;
const ROW_HEADER_W = 200;
const HEADER_H = 44;
const PAD = 12;

function xml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function heatmapSvg(layout: MatrixLayout, measure: Measure, baseline: string, title: string, colours: HeatmapColours): string {
  const width = PAD * 2 + ROW_HEADER_W + layout.columns.length * CELL_W;
  const height = PAD * 2 + 24 + HEADER_H + layout.rows.length * CELL_H;
  const top = PAD + 24;
  const left = PAD + ROW_HEADER_W;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif" font-size="11">`,
    `<rect width="${width}" height="${height}" fill="${xml(colours.background)}"/>`,
    `<text x="${PAD}" y="${PAD + 14}" font-size="14" font-weight="600" fill="${xml(colours.foreground)}">${xml(`${title} · ${measureLabel(measure)} · baseline ${baseline}`)}</text>`,
  ];
  let x = left;
  for (const group of layout.groups) {
    out.push(`<text x="${x + 4}" y="${top + 14}" font-weight="600" fill="${xml(colours.foreground)}">${xml(group.label)}</text>`);
    out.push(`<line x1="${x}" y1="${top}" x2="${x}" y2="${height - PAD}" stroke="${xml(colours.border)}"/>`);
    for (const column of group.columns) {
      out.push(
        `<text x="${x + CELL_W / 2}" y="${top + 36}" text-anchor="middle" fill="${xml(column.baseline ? colours.foreground : colours.muted)}"${column.baseline ? ' font-weight="600"' : ''}>${xml(column.language)}</text>`,
      );
      x += CELL_W;
    }
  }
  layout.rows.forEach((row, r) => {
    const y = top + HEADER_H + r * CELL_H;
    out.push(`<text x="${PAD}" y="${y + CELL_H / 2 + 4}" fill="${xml(colours.foreground)}">${xml(row.label)}</text>`);
    layout.columns.forEach((column, c) => {
      const cx = left + c * CELL_W;
      const view = cellView(layout.cell(row, column), layout.baselineOf(row, column), measure, column.baseline);
      const tint = view.gap === null || view.gap === 0 ? null : view.worse ? colours.worse : colours.better;
      const opacity = (gapStrength(view.gap) * MAX_TINT).toFixed(3);
      out.push(`<rect x="${cx + 1}" y="${y + 1}" width="${CELL_W - 2}" height="${CELL_H - 2}" fill="${xml(tint ?? colours.background)}" fill-opacity="${tint ? opacity : 1}" stroke="${xml(colours.border)}"/>`);
      out.push(`<text x="${cx + CELL_W / 2}" y="${y + 15}" text-anchor="middle" font-weight="600" fill="${xml(colours.foreground)}">${xml(formatValue(view.value, measure))}</text>`);
      const gap = formatGap(view.gap, measure) + (view.significant ? ' *' : '');
      if (gap !== '') out.push(`<text x="${cx + CELL_W / 2}" y="${y + 28}" text-anchor="middle" fill="${xml(view.significant ? colours.significant : colours.muted)}">${xml(gap)}</text>`);
    });
  });
  out.push(`<text x="${PAD}" y="${height - 2}" fill="${xml(colours.muted)}">* McNemar p &lt; 0.05 after Holm correction across the row's languages</text>`);
  out.push('</svg>');
  return out.join('\n');
}
