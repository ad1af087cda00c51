import type { TranslationRow } from '../../src/protocol/translation';

/** Rows of one task or scenario, each with its index in the state (what the host opens by). */
export interface RowGroup {
  scenarioId: string | null;
  rows: { row: TranslationRow; index: number }[];
}

/** Consecutive rows of the same task or scenario, in file order; only rows with findings when `onlyProblems`. */
export function rowGroups(rows: readonly TranslationRow[], onlyProblems: boolean): RowGroup[] {
  const groups: RowGroup[] = [];
  rows.forEach((row, index) => {
    if (onlyProblems && row.findings.length === 0) return;
    const last = groups[groups.length - 1];
    if (last !== undefined && last.scenarioId === row.scenarioId) last.rows.push({ row, index });
    else groups.push({ scenarioId: row.scenarioId, rows: [{ row, index }] });
  });
  return groups;
}

/** `user_scenario › instructions › reason_for_call` for `/27/user_scenario/instructions/reason_for_call`: the task is the group. */
export function fieldName(pointer: string, grouped: boolean): string {
  const parts = pointer.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  return (grouped && /^\d+$/.test(parts[0] ?? '') ? parts.slice(1) : parts).join(' › ') || '(document)';
}
