// Lists of positions kept in increasing order (indexes of steps or log lines by some key): where to start reading.

/** The position of the first value in `sorted` that is at least `start` (its length when there is none). */
export function firstAtOrAfter(sorted: readonly number[], start: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((sorted[mid] as number) < start) low = mid + 1;
    else high = mid;
  }
  return low;
}
