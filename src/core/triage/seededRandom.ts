// Reproducible randomness for sampling and the bootstrap: the same seed gives the same queue and the same interval
// on every machine and run.

/** The seed sampling and the bootstrap use unless told otherwise. */
export const DEFAULT_SEED = 20250101;

/** mulberry32: a small, fast 32-bit generator; uniform numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A seed derived from a seed and a name (FNV-1a), so that each stratum draws independently of the others. */
export function derivedSeed(seed: number, name: string): number {
  let hash = (0x811c9dc5 ^ seed) >>> 0;
  for (const unit of new TextEncoder().encode(name)) hash = Math.imul(hash ^ unit, 0x01000193) >>> 0;
  return hash;
}

/** Fisher–Yates shuffle of a copy. */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let k = copy.length - 1; k > 0; k--) {
    const j = Math.floor(random() * (k + 1));
    [copy[k], copy[j]] = [copy[j] as T, copy[k] as T];
  }
  return copy;
}
