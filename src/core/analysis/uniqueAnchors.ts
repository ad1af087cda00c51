// Patience-diff anchors: keys that occur exactly once on each side are almost certainly the same step, and the longest
// chain of them that is in order on both sides splits a big alignment into small independent ones.

/** Anchors in order: baseline step `baseline[k]` pairs with target step `target[k]`, both increasing. */
export interface Anchors {
  baseline: Int32Array;
  target: Int32Array;
}

/** Keys are interned ids (small non-negative integers), so where each occurs is kept in arrays indexed by key. */
const SEEN_TWICE = -1;

function largestKey(keys: Int32Array, lo: number, hi: number, start: number): number {
  let largest = start;
  for (let i = lo; i < hi; i++) if ((keys[i] as number) > largest) largest = keys[i] as number;
  return largest;
}

/** By key: its position plus one when it occurs once in [lo, hi), SEEN_TWICE when more often, 0 when never. */
function singlePositions(keys: Int32Array, lo: number, hi: number, keyCount: number): Int32Array {
  const positions = new Int32Array(keyCount);
  for (let i = lo; i < hi; i++) {
    const key = keys[i] as number;
    positions[key] = positions[key] === 0 ? i + 1 : SEEN_TWICE;
  }
  return positions;
}

/** Anchors of baseline[aLo, aHi) and target[bLo, bHi), increasing on both sides. */
export function uniqueAnchors(aKeys: Int32Array, aLo: number, aHi: number, bKeys: Int32Array, bLo: number, bHi: number): Anchors {
  const keyCount = largestKey(bKeys, bLo, bHi, largestKey(aKeys, aLo, aHi, -1)) + 1;
  const inA = singlePositions(aKeys, aLo, aHi, keyCount);
  const inB = singlePositions(bKeys, bLo, bHi, keyCount);
  const baseline = new Int32Array(Math.min(aHi - aLo, bHi - bLo));
  const target = new Int32Array(baseline.length);
  let count = 0;
  for (let i = aLo; i < aHi; i++) {
    const key = aKeys[i] as number;
    const j = inB[key] as number;
    if (inA[key] === i + 1 && j > 0) {
      baseline[count] = i;
      target[count++] = j - 1;
    }
  }
  return longestIncreasingByTarget(baseline.subarray(0, count), target.subarray(0, count));
}

// Longest subsequence of the candidates (already increasing by baseline index) that also increases by target index.
function longestIncreasingByTarget(baseline: Int32Array, target: Int32Array): Anchors {
  const tails = new Int32Array(target.length);
  const previous = new Int32Array(target.length);
  let length = 0;
  for (let k = 0; k < target.length; k++) {
    const value = target[k] as number;
    let low = 0;
    let high = length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((target[tails[mid] as number] as number) < value) low = mid + 1;
      else high = mid;
    }
    previous[k] = low > 0 ? (tails[low - 1] as number) : -1;
    tails[low] = k;
    if (low === length) length++;
  }
  const chain: Anchors = { baseline: new Int32Array(length), target: new Int32Array(length) };
  for (let k = length > 0 ? (tails[length - 1] as number) : -1, at = length - 1; k >= 0; k = previous[k] as number, at--) {
    chain.baseline[at] = baseline[k] as number;
    chain.target[at] = target[k] as number;
  }
  return chain;
}
