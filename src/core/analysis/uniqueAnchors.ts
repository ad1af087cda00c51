// Patience-diff anchors: keys that occur exactly once on each side are almost certainly the same step, and the longest
// chain of them that is in order on both sides splits a big alignment into small independent ones.

export type Anchor = readonly [baseline: number, target: number];

function singlePositions(keys: Int32Array, lo: number, hi: number): Map<number, number> {
  // Position of each key that occurs once; -1 marks a key seen more than once.
  const positions = new Map<number, number>();
  for (let i = lo; i < hi; i++) {
    const key = keys[i] as number;
    positions.set(key, positions.has(key) ? -1 : i);
  }
  return positions;
}

/** Anchors of baseline[aLo, aHi) and target[bLo, bHi), increasing on both sides. */
export function uniqueAnchors(
  aKeys: Int32Array,
  aLo: number,
  aHi: number,
  bKeys: Int32Array,
  bLo: number,
  bHi: number,
): Anchor[] {
  const inA = singlePositions(aKeys, aLo, aHi);
  const inB = singlePositions(bKeys, bLo, bHi);
  const candidates: Anchor[] = [];
  for (let i = aLo; i < aHi; i++) {
    const key = aKeys[i] as number;
    if (inA.get(key) !== i) continue;
    const j = inB.get(key);
    if (j !== undefined && j >= 0) candidates.push([i, j]);
  }
  return longestIncreasingByTarget(candidates);
}

// Longest subsequence (candidates are already increasing by baseline index) that also increases by target index.
function longestIncreasingByTarget(candidates: Anchor[]): Anchor[] {
  const tails: number[] = [];
  const previous = new Int32Array(candidates.length);
  for (let k = 0; k < candidates.length; k++) {
    const target = (candidates[k] as Anchor)[1];
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((candidates[tails[mid] as number] as Anchor)[1] < target) low = mid + 1;
      else high = mid;
    }
    previous[k] = low > 0 ? (tails[low - 1] as number) : -1;
    tails[low] = k;
  }
  const chain: Anchor[] = [];
  for (let k = tails.length > 0 ? (tails[tails.length - 1] as number) : -1; k >= 0; k = previous[k] as number) {
    chain.push(candidates[k] as Anchor);
  }
  return chain.reverse();
}
