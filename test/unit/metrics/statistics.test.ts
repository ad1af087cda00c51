import { describe, expect, it } from 'vitest';
import { clusteredBootstrap } from '../../../src/core/metrics/bootstrap';
import { holm, jensenShannon, mcnemarExact, passAt, passHat, wilson } from '../../../src/core/metrics/statistics';

describe('Wilson score interval', () => {
  it('gives Newcombe’s (1998) worked example: 81 of 263 → 0.2553 to 0.3662', () => {
    const interval = wilson(81, 263);
    expect(interval?.low).toBeCloseTo(0.2553, 4);
    expect(interval?.high).toBeCloseTo(0.3662, 4);
  });

  it('stays inside [0, 1] at 0 and n passes, and is null without runs', () => {
    expect(wilson(0, 10)?.low).toBe(0);
    expect(wilson(10, 10)?.high).toBe(1);
    // 0 of 10: upper bound z²/(n + z²) = 3.8415 / 13.8415
    expect(wilson(0, 10)?.high).toBeCloseTo(0.2775, 4);
    expect(wilson(0, 0)).toBeNull();
  });
});

describe('exact McNemar test', () => {
  it('gives Fagerland et al.’s (2013) worked example: b = 1, c = 7 → p = 0.070', () => {
    // 2 · (C(8,0) + C(8,1)) / 2^8 = 18 / 256
    expect(mcnemarExact(1, 7)).toBeCloseTo(18 / 256, 10);
    expect(mcnemarExact(7, 1)).toBeCloseTo(18 / 256, 10);
  });

  it('is 1 without discordant pairs and when b = c, and never above 1', () => {
    expect(mcnemarExact(0, 0)).toBe(1);
    expect(mcnemarExact(3, 3)).toBe(1);
    expect(mcnemarExact(0, 1)).toBe(1);
  });

  it('gives 2 / 2^n when every discordant pair goes one way', () => {
    expect(mcnemarExact(6, 0)).toBeCloseTo(2 / 64, 12);
  });

  it('stays finite with thousands of discordant pairs, near the normal approximation', () => {
    const p = mcnemarExact(2000, 2100);
    // continuity-corrected z = 99 / √4100 = 1.546 → two-sided p ≈ 0.122
    expect(p).toBeGreaterThan(0.115);
    expect(p).toBeLessThan(0.13);
    expect(mcnemarExact(5000, 0)).toBe(0);
  });
});

describe('Holm correction', () => {
  it('steps down through the sorted p-values and keeps them monotone', () => {
    // sorted 0.005, 0.01, 0.03, 0.04 → ×4, ×3, ×2, ×1 = 0.02, 0.03, 0.06, 0.04 → monotone 0.02, 0.03, 0.06, 0.06
    expect(holm([0.01, 0.04, 0.03, 0.005]).map((p) => Number(p.toFixed(10)))).toEqual([0.03, 0.06, 0.06, 0.02]);
  });

  it('caps at 1 and leaves a single test unchanged', () => {
    expect(holm([0.5, 0.6])).toEqual([1, 1]);
    expect(holm([0.04])).toEqual([0.04]);
  });
});

describe('pass^k and pass@k of one scenario', () => {
  it('follow C(c,k)/C(n,k) and 1 − C(n−c,k)/C(n,k)', () => {
    expect(passHat(3, 4, 2)).toBeCloseTo(3 / 6, 12);
    expect(passHat(1, 4, 2)).toBe(0);
    expect(passAt(1, 4, 2)).toBeCloseTo(1 - 3 / 6, 12);
    expect(passAt(0, 4, 4)).toBe(0);
    expect(passAt(1, 4, 4)).toBe(1);
  });
});

describe('Jensen–Shannon divergence', () => {
  it('is 0 for the same distribution, 1 for disjoint ones, symmetric in between', () => {
    const a = new Map([['search', 2], ['send', 2]]);
    expect(jensenShannon(a, new Map([['search', 1], ['send', 1]]))).toBeCloseTo(0, 12);
    expect(jensenShannon(a, new Map([['delete', 3]]))).toBeCloseTo(1, 12);
    const b = new Map([['search', 3], ['send', 1]]);
    expect(jensenShannon(a, b)).toBeCloseTo(jensenShannon(b, a) as number, 12);
    expect(jensenShannon(a, new Map())).toBeNull();
  });
});

describe('scenario-clustered bootstrap', () => {
  it('gives the same interval on every call with the fixed seed, and another with another seed', () => {
    const differences = [0, 0, -0.5, 0, 0, -1, 0.5, 0, -1 / 3, 0];
    const first = clusteredBootstrap(differences);
    expect(clusteredBootstrap(differences)).toEqual(first);
    expect(clusteredBootstrap(differences, { seed: 1 })).not.toEqual(first);
  });

  it('is the difference itself when every scenario moved alike, and null without scenarios', () => {
    expect(clusteredBootstrap([-0.25, -0.25, -0.25])).toEqual({ low: -0.25, high: -0.25 });
    expect(clusteredBootstrap([])).toBeNull();
  });

  it('reads the 2.5th and 97.5th percentiles of 2,000 resampled means', () => {
    // One scenario of five lost half its passes: a resample's mean is −0.1 × (times it was drawn), K ~ Bin(5, 0.2).
    // P(K = 0) = 0.33 > 2.5%, so the upper bound is 0; P(K ≥ 3) = 5.8% and P(K ≥ 4) = 0.7%, so the lower is −0.3.
    expect(clusteredBootstrap([0, 0, -0.5, 0, 0])).toEqual({ low: expect.closeTo(-0.3, 12), high: 0 });
  });
});

describe('the bootstrap’s draws', () => {
  it('cover every scenario about equally often', () => {
    // 100 scenarios valued 0..99, 2,000 replicates: the mean of the resampled means is near 49.5, the spread of one
    // resample's mean near √(833.25/100) = 2.89, so the 95% interval is about 49.5 ± 5.7.
    const interval = clusteredBootstrap(Array.from({ length: 100 }, (_, i) => i)) as { low: number; high: number };
    expect((interval.low + interval.high) / 2).toBeCloseTo(49.5, 0);
    expect(interval.high - interval.low).toBeGreaterThan(2 * 1.96 * 2.89 * 0.9);
    expect(interval.high - interval.low).toBeLessThan(2 * 1.96 * 2.89 * 1.1);
  });
});
