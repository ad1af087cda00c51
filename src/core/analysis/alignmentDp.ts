// Global alignment of two index ranges with affine gap costs (Gotoh), restricted to a diagonal band when the full
// rectangle would be too large. The recurrence runs over suffixes so the traceback walks forward: on ties it pairs
// first, which puts the unpaired extras of a repeated action after the paired ones.

/** Value of putting baseline step i and target step j on one row; -Infinity when they may not share a row. */
export type PairValue = (i: number, j: number) => number;
/** Receives the alignment in order: a pair, or a step of one side with null for the other. */
export type EmitRow = (baseline: number | null, target: number | null) => void;

export interface GapCosts {
  open: number;
  extend: number;
}

// Choice codes, two bits per state.
const PAIR = 1;
const BASELINE_GAP = 2;
const TARGET_GAP = 3;
// States: what the previous row was; a gap continuing a gap of the same side costs no opening.
const AFTER_PAIR = 0;
const AFTER_BASELINE_GAP = 1;
const AFTER_TARGET_GAP = 2;

/**
 * Stores the best of the three moves' scores at `scores[j]` and returns the move; ties go to the pair, then to the
 * baseline gap (pairing first, as above).
 */
function bestMove(scores: Float64Array, j: number, pair: number, baselineGap: number, targetGap: number): number {
  let best = pair;
  let move = PAIR;
  if (baselineGap > best) {
    best = baselineGap;
    move = BASELINE_GAP;
  }
  if (targetGap > best) {
    best = targetGap;
    move = TARGET_GAP;
  }
  scores[j] = best;
  return move;
}

/**
 * Aligns baseline[aLo, aHi) with target[bLo, bHi). At most about `maxCells` cells are scored: beyond that the search
 * keeps to a band around the rectangle's diagonal (never narrower than what keeps the band connected).
 */
export function alignRangeByDp(
  aLo: number,
  aHi: number,
  bLo: number,
  bHi: number,
  value: PairValue,
  gaps: GapCosts,
  maxCells: number,
  emit: EmitRow,
): void {
  const n = aHi - aLo;
  const m = bHi - bLo;
  if (n === 0 || m === 0) {
    for (let i = aLo; i < aHi; i++) emit(i, null);
    for (let j = bLo; j < bHi; j++) emit(null, j);
    return;
  }
  const full = (n + 1) * (m + 1) <= maxCells;
  const halfWidth = full ? m : Math.max(Math.ceil(m / n) + 1, Math.floor(maxCells / (2 * (n + 1))));
  const lo = new Int32Array(n + 1);
  const hi = new Int32Array(n + 1);
  const rowOffset = new Int32Array(n + 2);
  for (let i = 0; i <= n; i++) {
    const centre = Math.round((i * m) / n);
    lo[i] = Math.max(0, centre - halfWidth);
    hi[i] = Math.min(m, centre + halfWidth);
    rowOffset[i + 1] = (rowOffset[i] as number) + (hi[i] as number) - (lo[i] as number) + 1;
  }
  const choices = new Uint8Array(rowOffset[n + 1] as number);
  const openGap = gaps.open + gaps.extend;
  const extendGap = gaps.extend;

  let nextPair = new Float64Array(m + 1);
  let nextBase = new Float64Array(m + 1);
  let curPair = new Float64Array(m + 1);
  let curBase = new Float64Array(m + 1);
  const curTarget = new Float64Array(m + 1);

  for (let i = n; i >= 0; i--) {
    const rowLo = lo[i] as number;
    const rowHi = hi[i] as number;
    const nextLo = i < n ? (lo[i + 1] as number) : 1;
    const nextHi = i < n ? (hi[i + 1] as number) : 0;
    const offset = (rowOffset[i] as number) - rowLo;
    for (let j = rowHi; j >= rowLo; j--) {
      if (i === n && j === m) {
        curPair[j] = 0;
        curBase[j] = 0;
        curTarget[j] = 0;
        continue;
      }
      let pairScore = -Infinity;
      if (i < n && j < m && j + 1 >= nextLo && j + 1 <= nextHi) {
        const v = value(aLo + i, bLo + j);
        if (v !== -Infinity) pairScore = v + (nextPair[j + 1] as number);
      }
      const baseRest = i < n && j >= nextLo && j <= nextHi ? (nextBase[j] as number) : -Infinity;
      const targetRest = j < m && j + 1 <= rowHi ? (curTarget[j + 1] as number) : -Infinity;

      const baseOpen = baseRest - openGap;
      const baseExtend = baseRest - extendGap;
      const targetOpen = targetRest - openGap;
      const targetExtend = targetRest - extendGap;
      // After a pair (or at the start) every gap opens; after a one-sided row, another row of that side extends it.
      choices[offset + j] =
        (bestMove(curPair, j, pairScore, baseOpen, targetOpen) << (2 * AFTER_PAIR)) |
        (bestMove(curBase, j, pairScore, baseExtend, targetOpen) << (2 * AFTER_BASELINE_GAP)) |
        (bestMove(curTarget, j, pairScore, baseOpen, targetExtend) << (2 * AFTER_TARGET_GAP));
    }
    [nextPair, curPair] = [curPair, nextPair];
    [nextBase, curBase] = [curBase, nextBase];
  }

  let i = 0;
  let j = 0;
  let state = AFTER_PAIR;
  while (i < n || j < m) {
    const code = choices[(rowOffset[i] as number) - (lo[i] as number) + j] as number;
    const pick = (code >> (2 * state)) & 3;
    if (pick === PAIR) {
      emit(aLo + i, bLo + j);
      i++;
      j++;
      state = AFTER_PAIR;
    } else if (pick === BASELINE_GAP) {
      emit(aLo + i, null);
      i++;
      state = AFTER_BASELINE_GAP;
    } else {
      emit(null, bLo + j);
      j++;
      state = AFTER_TARGET_GAP;
    }
  }
}
