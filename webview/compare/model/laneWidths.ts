// The geometry of the sashes between the lanes: where each one is, how far it may go, and the lane widths a position
// gives. Pure, so the drag, the keys and the tests share one set of rules.
import type { LaneWidths } from '../../../src/protocol/compare';

/** Narrower than this the oracle's arguments wrap letter by letter, and a run's steps become unreadable. */
export const MIN_ORACLE_PX = 100;
export const MIN_RUN_PX = 200;

/** The sash right of the oracle lane, or the one between the two runs' lanes. */
export type LaneEdge = 'oracle' | 'runs';

/** The lanes' widths on screen, in CSS pixels. */
export interface LanePixels {
  oracle: number;
  baseline: number;
  target: number;
}

/**
 * A sash's place along the width it divides: the oracle sash divides all three lanes, the runs sash only the two
 * runs' lanes, so moving it leaves the oracle alone and moving the oracle sash keeps the runs' ratio.
 */
export interface SashRange {
  position: number;
  min: number;
  max: number;
  span: number;
}

export function sashRange(edge: LaneEdge, px: LanePixels): SashRange {
  const runs = px.baseline + px.target;
  if (edge === 'runs') return { position: px.baseline, min: MIN_RUN_PX, max: Math.max(MIN_RUN_PX, runs - MIN_RUN_PX), span: runs };
  // The runs keep their ratio, so they may shrink until the narrower one is at its minimum.
  const runsMin = (MIN_RUN_PX * runs) / Math.min(px.baseline, px.target);
  const span = px.oracle + runs;
  return { position: px.oracle, min: MIN_ORACLE_PX, max: Math.max(MIN_ORACLE_PX, span - runsMin), span };
}

/** The widths with the sash moved to `position` (clamped to its range). */
export function movedSash(edge: LaneEdge, px: LanePixels, position: number): LaneWidths {
  const range = sashRange(edge, px);
  const share = Math.min(range.max, Math.max(range.min, position)) / range.span;
  const total = px.oracle + px.baseline + px.target;
  return edge === 'oracle'
    ? { oracle: share, baseline: px.baseline / (px.baseline + px.target) }
    : { oracle: px.oracle / total, baseline: share };
}

/** The sash's place and bounds in percent of the width it divides, for aria-valuenow/min/max. */
export function sashPercents(range: SashRange): { now: number; min: number; max: number } {
  const percent = (px: number) => Math.round((px / range.span) * 100);
  return { now: percent(range.position), min: percent(range.min), max: percent(range.max) };
}

/**
 * The grid columns for chosen widths. The minimums are a floor for a window made narrower after a drag; they give way
 * (as percentages) in a window too narrow for all of them, so the lanes never overflow the view. The fr values sum
 * to 100: flex factors summing below 1 would leave part of the row empty.
 */
export function laneColumns({ oracle, baseline }: LaneWidths): string {
  const fr = (share: number) => `${(share * 100).toFixed(3)}fr`;
  const run = (share: number) => `minmax(min(${MIN_RUN_PX}px, 30%), ${fr(share)})`;
  const runs = 1 - oracle;
  return `var(--tl-gutter) minmax(min(${MIN_ORACLE_PX}px, 15%), ${fr(oracle)}) ${run(runs * baseline)} ${run(runs * (1 - baseline))}`;
}
