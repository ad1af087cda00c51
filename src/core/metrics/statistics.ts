import type { Interval } from './types';

// The closed-form statistics of the metrics report: binomial ratios, the Wilson interval, the exact McNemar test,
// Holm's correction and the type-7 quantile the bootstrap reads its interval with.

/** The 97.5% standard normal quantile the 95% intervals use. */
export const Z_95 = 1.959964;

/** C(c, k) / C(n, k) as a product of k ratios (no factorials, no overflow); 0 when c < k. */
export function binomialRatio(c: number, n: number, k: number): number {
  if (c < k) return 0;
  let ratio = 1;
  for (let j = 0; j < k; j++) ratio *= (c - j) / (n - j);
  return ratio;
}

/** tau2's pass_hat_k of one scenario: the chance that k runs drawn without replacement all pass. */
export function passHat(c: number, n: number, k: number): number {
  return binomialRatio(c, n, k);
}

/** pass@k of one scenario: the chance that at least one of k runs drawn without replacement passes. */
export function passAt(c: number, n: number, k: number): number {
  return 1 - binomialRatio(n - c, n, k);
}

/** Wilson score interval of `passes` out of `n`; null when n = 0. */
export function wilson(passes: number, n: number, z = Z_95): Interval | null {
  if (n === 0) return null;
  const p = passes / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  // At 0 and n passes the bound is exactly 0 or 1; rounding would leave it a hair inside.
  return { low: passes === 0 ? 0 : Math.max(0, centre - half), high: passes === n ? 1 : Math.min(1, centre + half) };
}

/**
 * Two-sided exact McNemar p: min(1, 2 · Σ_{i ≤ min(b,c)} C(b+c, i) / 2^(b+c)), 1 when b + c = 0.
 * Summed in log space so that thousands of discordant pairs neither overflow nor underflow.
 */
export function mcnemarExact(b: number, c: number): number {
  const n = b + c;
  if (n === 0) return 1;
  const k = Math.min(b, c);
  const logHalf = n * Math.log(2);
  const logs: number[] = [];
  let logChoose = 0;
  for (let i = 0; i <= k; i++) {
    if (i > 0) logChoose += Math.log(n - i + 1) - Math.log(i);
    logs.push(logChoose - logHalf);
  }
  const top = Math.max(...logs);
  let sum = 0;
  for (const value of logs) sum += Math.exp(value - top);
  return Math.min(1, 2 * Math.exp(top) * sum);
}

/** Holm's step-down adjustment: adjusted p-values in the order given. */
export function holm(pValues: readonly number[]): number[] {
  const m = pValues.length;
  const order = pValues.map((p, i) => ({ p, i })).sort((a, b) => a.p - b.p || a.i - b.i);
  const adjusted = new Array<number>(m);
  let running = 0;
  order.forEach(({ p, i }, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * p));
    adjusted[i] = running;
  });
  return adjusted;
}

/** Linear-interpolation quantile (type 7, numpy's default) of sorted values. */
export function quantile(sorted: ArrayLike<number>, q: number): number {
  const position = (sorted.length - 1) * q;
  const below = Math.floor(position);
  const lower = sorted[below] as number;
  const upper = sorted[Math.min(below + 1, sorted.length - 1)] as number;
  return lower + (upper - lower) * (position - below);
}

/** Jensen–Shannon divergence (base 2, so in [0, 1]) of two count distributions; null when either is empty. */
export function jensenShannon(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): number | null {
  let totalA = 0;
  let totalB = 0;
  for (const n of a.values()) totalA += n;
  for (const n of b.values()) totalB += n;
  if (totalA === 0 || totalB === 0) return null;
  let divergence = 0;
  for (const key of new Set([...a.keys(), ...b.keys()])) {
    const p = (a.get(key) ?? 0) / totalA;
    const q = (b.get(key) ?? 0) / totalB;
    const m = (p + q) / 2;
    if (p > 0) divergence += (p / 2) * Math.log2(p / m);
    if (q > 0) divergence += (q / 2) * Math.log2(q / m);
  }
  return Math.min(1, Math.max(0, divergence));
}
