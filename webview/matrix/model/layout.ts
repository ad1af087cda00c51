// Rows and columns of the matrix: one row per agent (× setting where the format has settings), columns the languages
// with the baseline first, grouped by capability, the group over all capabilities first. Worked out from the report's
// columns by name index; a cell's object is built the first time it is asked for (only the cells shown are).
import type { MetricsCell } from '../../../src/core/metrics/types';
import type { MatrixCellKey } from '../../../src/protocol/matrix';
import { cellCount, unpackCell, type CellColumns, type MatrixReport } from '../../../src/protocol/matrixReport';

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

export function keyOf(row: MatrixRow, column: MatrixColumn): MatrixCellKey {
  return { agent: row.agent, setting: row.setting, capability: column.capability, language: column.language };
}

export function rowLabel(agent: string, setting: string | null): string {
  return setting === null ? agent : `${agent} · ${setting}`;
}

/** Where a cell sits: its agent, setting, capability and language indices (-1 for none shifted to 0) as one number. */
type Slot = number;

export function matrixLayout(report: MatrixReport, baseline: string): MatrixLayout {
  const settings = report.settings.length + 1;
  const capabilities = report.capabilities.length + 1;
  const languages = report.languages.length;
  const rowSlot = (agent: number, setting: number): Slot => agent * settings + setting + 1;
  const slot = (row: Slot, capability: number, language: number): Slot => (row * capabilities + capability + 1) * languages + language;

  // Cell i of `cells` is i, total j is cells + j; totals last: cells of runs without a capability share their slot,
  // and equal them when no run has one.
  const sources: CellColumns[] = [report.cells, report.totals];
  const bySlot = new Map<Slot, number>();
  const rowSlots = new Map<Slot, MatrixRow>();
  let at = 0;
  for (const columns of sources) {
    for (let i = 0; i < cellCount(columns); i++, at++) {
      const row = rowSlot(columns.agent[i]!, columns.setting[i]!);
      bySlot.set(slot(row, columns.capability[i]!, columns.language[i]!), at);
      if (!rowSlots.has(row)) {
        const agent = report.agents[columns.agent[i]!]!;
        const setting = columns.setting[i]! < 0 ? null : report.settings[columns.setting[i]!]!;
        rowSlots.set(row, { agent, setting, label: rowLabel(agent, setting) });
      }
    }
  }

  // The tables come sorted: a row or column sorts by its names' indices.
  const sortLanguages = (ids: Iterable<number>, capability: string | null): MatrixColumn[] =>
    [...ids]
      .sort((a, b) => a - b)
      .map((id) => report.languages[id]!)
      .sort((a, b) => Number(b === baseline) - Number(a === baseline))
      .map((language) => ({ capability, language, baseline: language === baseline }));
  const byCapability = new Map<number, Set<number>>();
  const totalsShown = cellCount(report.totals) > 0;
  for (let i = 0; i < cellCount(report.cells); i++) {
    const capability = report.cells.capability[i]!;
    if (capability < 0 && totalsShown) continue;
    const members = byCapability.get(capability);
    if (members) members.add(report.cells.language[i]!);
    else byCapability.set(capability, new Set([report.cells.language[i]!]));
  }
  const groups: ColumnGroup[] = [];
  if (totalsShown) groups.push({ capability: null, label: ALL_CAPABILITIES, columns: sortLanguages(new Set(report.totals.language), null) });
  const named = [...byCapability.keys()].map((id) => ({ id, name: id < 0 ? '' : report.capabilities[id]! }));
  for (const { id, name } of named.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const capability = name === '' ? null : name;
    groups.push({ capability, label: name || 'unknown capability', columns: sortLanguages(byCapability.get(id) ?? [], capability) });
  }

  const rowsBySlot = new Map<MatrixRow, Slot>([...rowSlots].map(([s, row]) => [row, s]));
  const capabilityIds = new Map(report.capabilities.map((name, id) => [name, id]));
  const languageIds = new Map(report.languages.map((name, id) => [name, id]));
  const baselineLanguage = languageIds.get(baseline);
  const baselineSetting = report.baselineSetting === null ? undefined : report.settings.indexOf(report.baselineSetting);
  const capabilityOf = (column: MatrixColumn) => (column.capability === null ? -1 : (capabilityIds.get(column.capability) ?? -2));

  const built = new Map<number, MetricsCell>();
  const cellAt = (row: Slot | undefined, capability: number, language: number | undefined): MetricsCell | undefined => {
    if (row === undefined || capability < -1 || language === undefined) return undefined;
    const index = bySlot.get(slot(row, capability, language));
    if (index === undefined) return undefined;
    let cell = built.get(index);
    if (cell === undefined) {
      const inCells = index < cellCount(report.cells);
      cell = unpackCell(report, inCells ? report.cells : report.totals, inCells ? index : index - cellCount(report.cells));
      built.set(index, cell);
    }
    return cell;
  };

  const sortedRows = [...rowSlots.keys()].sort((a, b) => a - b).map((row) => rowSlots.get(row)!);
  return {
    rows: sortedRows,
    groups,
    columns: groups.flatMap((g) => g.columns),
    cell: (row, column) => cellAt(rowsBySlot.get(row), capabilityOf(column), languageIds.get(column.language)),
    // A setting without baseline-language runs (SEATau l2_tools…) is compared with the baseline setting's cell.
    baselineOf: (row, column) => {
      const capability = capabilityOf(column);
      const own = cellAt(rowsBySlot.get(row), capability, baselineLanguage);
      if (own !== undefined || baselineSetting === undefined || baselineSetting < 0) return own;
      const agent = report.agents.indexOf(row.agent);
      return agent < 0 ? undefined : cellAt(rowSlot(agent, baselineSetting), capability, baselineLanguage);
    },
  };
}
