// Rows and columns of the matrix: one row per agent (× setting where the format has settings), columns the languages
// with the baseline first, grouped by capability, the group over all capabilities first.
import type { MetricsCell, MetricsReport } from '../../../src/core/metrics/types';
import type { MatrixCellKey } from '../../../src/protocol/matrix';

export interface MatrixRow {
  agent: string;
  setting: string | null;
  /** `agent-a` or `agent-a · l2_tools`. */
  label: string;
}

export interface MatrixColumn {
  capability: string | null;
  language: string;
  baseline: boolean;
}

export interface ColumnGroup {
  capability: string | null;
  /** `all capabilities` or the capability. */
  label: string;
  columns: MatrixColumn[];
}

export interface MatrixLayout {
  rows: MatrixRow[];
  groups: ColumnGroup[];
  /** Every column, group after group. */
  columns: MatrixColumn[];
  cell(row: MatrixRow, column: MatrixColumn): MetricsCell | undefined;
  /** The baseline cell of the same row and capability. */
  baselineOf(row: MatrixRow, column: MatrixColumn): MetricsCell | undefined;
}

export const ALL_CAPABILITIES = 'all capabilities';

function cellKey(agent: string, setting: string | null, capability: string | null, language: string): string {
  return [agent, setting ?? '', capability ?? '', language].join('\u0000');
}

export function keyOf(row: MatrixRow, column: MatrixColumn): MatrixCellKey {
  return { agent: row.agent, setting: row.setting, capability: column.capability, language: column.language };
}

export function rowLabel(agent: string, setting: string | null): string {
  return setting === null ? agent : `${agent} · ${setting}`;
}

function languagesOf(cells: readonly MetricsCell[], baseline: string): MatrixColumn[] {
  const languages = [...new Set(cells.map((c) => c.language))].sort((a, b) => Number(b === baseline) - Number(a === baseline) || a.localeCompare(b));
  return languages.map((language) => ({ capability: cells[0]?.capability ?? null, language, baseline: language === baseline }));
}

export function matrixLayout(report: MetricsReport, baseline: string): MatrixLayout {
  const byKey = new Map<string, MetricsCell>();
  const rows = new Map<string, MatrixRow>();
  // Totals last: cells of runs without a capability share their key, and equal them when no run has one.
  for (const cell of [...report.cells, ...report.totals]) {
    byKey.set(cellKey(cell.agent, cell.setting, cell.capability, cell.language), cell);
    const rowKey = cellKey(cell.agent, cell.setting, null, '');
    if (!rows.has(rowKey)) rows.set(rowKey, { agent: cell.agent, setting: cell.setting, label: rowLabel(cell.agent, cell.setting) });
  }
  const byCapability = new Map<string, MetricsCell[]>();
  for (const cell of report.cells) {
    if (cell.capability === null && report.totals.length > 0) continue;
    const capability = cell.capability ?? '';
    const members = byCapability.get(capability);
    if (members) members.push(cell);
    else byCapability.set(capability, [cell]);
  }
  const groups: ColumnGroup[] = [];
  if (report.totals.length > 0) groups.push({ capability: null, label: ALL_CAPABILITIES, columns: languagesOf(report.totals, baseline) });
  for (const capability of [...byCapability.keys()].sort()) {
    const cells = byCapability.get(capability) ?? [];
    groups.push({ capability: capability === '' ? null : capability, label: capability || 'unknown capability', columns: languagesOf(cells, baseline) });
  }
  const sortedRows = [...rows.values()].sort((a, b) => a.agent.localeCompare(b.agent) || (a.setting ?? '').localeCompare(b.setting ?? ''));
  return {
    rows: sortedRows,
    groups,
    columns: groups.flatMap((g) => g.columns),
    cell: (row, column) => byKey.get(cellKey(row.agent, row.setting, column.capability, column.language)),
    // A setting without baseline-language runs (SEATau l2_tools…) is compared with the baseline setting's cell.
    baselineOf: (row, column) =>
      byKey.get(cellKey(row.agent, row.setting, column.capability, baseline)) ??
      (report.baselineSetting === null ? undefined : byKey.get(cellKey(row.agent, report.baselineSetting, column.capability, baseline))),
  };
}
