// Turns a Comparison into what the view lays out: oracle events placed beside the steps they matched, identical
// stretches folded, the differences F7 walks through, and the cross-references between steps, oracle events and
// self-corrections. Computed once per comparison; folding is applied per render.
import type { Comparison, SelfCorrection } from '../../../src/core/analysis/comparison';
import { SIDES, type Side } from '../../../src/protocol/compare';

/** Something the view can scroll to: an aligned row, an oracle event, the task or the final answers. */
export type Target = { kind: 'row'; row: number } | { kind: 'oracle'; oracle: number } | { kind: 'task' } | { kind: 'final' };

export type DisplayRow =
  | { type: 'task' }
  /** An oracle event no step of either run was matched to. */
  | { type: 'oracle'; oracle: number }
  | { type: 'step'; row: number; oracle: number[] }
  /** Identical rows [start, end) folded into one line. */
  | { type: 'fold'; start: number; end: number }
  | { type: 'final' };

export interface Fold {
  start: number;
  end: number;
}

type PerSide<T> = Record<Side, T>;

export interface Layout {
  showTask: boolean;
  /** Oracle events placed at an aligned row, by row. */
  oracleAtRow: Map<number, number[]>;
  unplacedOracle: number[];
  folds: Fold[];
  /** Step index → aligned row index, per side. */
  rowOfStep: PerSide<Map<number, number>>;
  /** Step index → oracle events matched to it, per side. */
  oracleOfStep: PerSide<Map<number, number[]>>;
  /** Writes undone later (keyed by the undone step) and the steps that undid them (keyed by the undoing step). */
  corrected: PerSide<Map<number, SelfCorrection>>;
  correcting: PerSide<Map<number, SelfCorrection>>;
  /** In display order: what F7 / Shift+F7 visit. */
  differences: Target[];
}

/** Identical stretches shorter than this stay open. */
const MIN_FOLD = 4;
/** Identical rows kept visible next to a difference, as context. */
const CONTEXT = 1;

export function analyseLayout(c: Comparison): Layout {
  const rowOfStep: PerSide<Map<number, number>> = { baseline: new Map(), target: new Map() };
  c.rows.forEach((row, index) => {
    if (row.baseline !== null) rowOfStep.baseline.set(row.baseline, index);
    if (row.target !== null) rowOfStep.target.set(row.target, index);
  });

  const oracleAtRow = new Map<number, number[]>();
  const unplacedOracle: number[] = [];
  const oracleOfStep: PerSide<Map<number, number[]>> = { baseline: new Map(), target: new Map() };
  c.oracle.forEach((event, index) => {
    const rows: number[] = [];
    for (const side of SIDES) {
      const step = event[side]?.step ?? null;
      if (step === null) continue;
      push(oracleOfStep[side], step, index);
      const row = rowOfStep[side].get(step);
      if (row !== undefined) rows.push(row);
    }
    if (rows.length === 0) unplacedOracle.push(index);
    else push(oracleAtRow, Math.min(...rows), index);
  });

  const corrected: PerSide<Map<number, SelfCorrection>> = { baseline: new Map(), target: new Map() };
  const correcting: PerSide<Map<number, SelfCorrection>> = { baseline: new Map(), target: new Map() };
  for (const correction of c.selfCorrections) {
    corrected[correction.side].set(correction.step, correction);
    correcting[correction.side].set(correction.undoneBy, correction);
  }

  const pinned = (index: number) => {
    const row = c.rows[index];
    if (!row || oracleAtRow.has(index)) return true;
    return (
      (row.baseline !== null && (corrected.baseline.has(row.baseline) || correcting.baseline.has(row.baseline))) ||
      (row.target !== null && (corrected.target.has(row.target) || correcting.target.has(row.target)))
    );
  };
  const folds = identicalStretches(c, pinned);

  // Shown unless both runs already open with the task as their first user message.
  const showTask = !(startsWithTask(c.baseline) && startsWithTask(c.target));
  const differences: Target[] = [
    ...unplacedOracle.filter((i) => verdictsDiffer(c, i)).map((oracle): Target => ({ kind: 'oracle', oracle })),
    ...c.rows.flatMap((row, index): Target[] => (row.kind === 'same' ? [] : [{ kind: 'row', row: index }])),
    // Parts that differ only by form (`equivalent`) are not a difference to step to.
    ...(c.finalAnswerDiff?.some((p) => p.op === 'delete' || p.op === 'insert') ? [{ kind: 'final' } as const] : []),
  ];

  return { showTask, oracleAtRow, unplacedOracle, folds, rowOfStep, oracleOfStep, corrected, correcting, differences };
}

export function displayRows(c: Comparison, layout: Layout, openFolds: ReadonlySet<number>): DisplayRow[] {
  const rows: DisplayRow[] = [];
  if (layout.showTask) rows.push({ type: 'task' });
  for (const oracle of layout.unplacedOracle) rows.push({ type: 'oracle', oracle });
  let fold = 0;
  for (let index = 0; index < c.rows.length; index++) {
    const next = layout.folds[fold];
    if (next && next.start === index) {
      fold++;
      if (!openFolds.has(next.start)) {
        rows.push({ type: 'fold', start: next.start, end: next.end });
        index = next.end - 1;
        continue;
      }
    }
    rows.push({ type: 'step', row: index, oracle: layout.oracleAtRow.get(index) ?? [] });
  }
  if (c.finalAnswerDiff !== null || c.baseline.finalAnswer !== null || c.target.finalAnswer !== null) rows.push({ type: 'final' });
  return rows;
}

/** The fold hiding an aligned row, if any. */
export function foldContaining(layout: Layout, row: number): Fold | undefined {
  return layout.folds.find((f) => f.start <= row && row < f.end);
}

/** Where a target sits in the unfolded display order (placed oracle events sit at their row). */
export function positionOf(layout: Layout, rowCount: number, target: Target): number {
  switch (target.kind) {
    case 'task':
      return 0;
    case 'oracle': {
      const placedAt = [...layout.oracleAtRow].find(([, events]) => events.includes(target.oracle));
      if (placedAt) return 1 + layout.unplacedOracle.length + placedAt[0];
      return 1 + Math.max(0, layout.unplacedOracle.indexOf(target.oracle));
    }
    case 'row':
      return 1 + layout.unplacedOracle.length + target.row;
    case 'final':
      return 1 + layout.unplacedOracle.length + rowCount;
  }
}

/** Index of the display row showing a target; -1 when it is folded away. */
export function displayIndexOf(rows: readonly DisplayRow[], layout: Layout, target: Target): number {
  const wanted = target.kind === 'oracle' ? oracleRowTarget(layout, target.oracle) : target;
  return rows.findIndex((r) => {
    switch (wanted.kind) {
      case 'task':
        return r.type === 'task';
      case 'final':
        return r.type === 'final';
      case 'oracle':
        return r.type === 'oracle' && r.oracle === wanted.oracle;
      case 'row':
        return r.type === 'step' && r.row === wanted.row;
    }
  });
}

/** The next (or previous) difference after the cursor, wrapping around like VS Code's diff editor. */
export function nextDifference(layout: Layout, rowCount: number, cursor: Target | null, direction: 1 | -1): Target | null {
  const list = layout.differences;
  if (list.length === 0) return null;
  const here = cursor === null ? (direction === 1 ? -1 : Infinity) : positionOf(layout, rowCount, cursor);
  if (direction === 1) return list.find((t) => positionOf(layout, rowCount, t) > here) ?? list[0] ?? null;
  return [...list].reverse().find((t) => positionOf(layout, rowCount, t) < here) ?? list[list.length - 1] ?? null;
}

export function sameTarget(a: Target | null, b: Target | null): boolean {
  if (a === null || b === null) return a === b;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The aligned row an oracle event is shown at, or the event itself when it is listed on its own. */
function oracleRowTarget(layout: Layout, oracle: number): Target {
  for (const [row, events] of layout.oracleAtRow) if (events.includes(oracle)) return { kind: 'row', row };
  return { kind: 'oracle', oracle };
}

function identicalStretches(c: Comparison, pinned: (index: number) => boolean): Fold[] {
  const folds: Fold[] = [];
  let index = 0;
  while (index < c.rows.length) {
    if (c.rows[index]?.kind !== 'same' || pinned(index)) {
      index++;
      continue;
    }
    let end = index;
    while (end < c.rows.length && c.rows[end]?.kind === 'same' && !pinned(end)) end++;
    const start = index > 0 ? index + CONTEXT : index;
    const stop = end < c.rows.length ? end - CONTEXT : end;
    if (stop - start >= MIN_FOLD) folds.push({ start, end: stop });
    index = end;
  }
  return folds;
}

function startsWithTask(side: Comparison['baseline']): boolean {
  const first = side.steps[0];
  return side.task === null || (first?.kind === 'message' && first.role === 'user' && first.text.trim() === side.task.trim());
}

function verdictsDiffer(c: Comparison, oracle: number): boolean {
  const event = c.oracle[oracle];
  return (event?.baseline?.matched ?? null) !== (event?.target?.matched ?? null);
}

function push<K>(map: Map<K, number[]>, key: K, value: number): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
