import { describe, expect, it } from 'vitest';
import type { ReviewSamplingConfig } from '../../../src/core/index/configReview';
import { sampleReviewQueue } from '../../../src/core/triage/reviewQueue';
import type { TriageItem } from '../../../src/core/triage/triageItems';
import { reviewDefaults } from '../../../src/host/review/reviewDefaults';

// What Start Review offers: trajectory-lens.json's `review` before the user's settings, so two reviewers with different
// settings draw the same queue from the same directory.

const NO_SETTINGS = { perStratum: undefined, seed: undefined, strataSizes: undefined };
const USER = { perStratum: 8, seed: 99, strataSizes: { 'stochastic/hin/search': 1 } };
const FILE: ReviewSamplingConfig = { perStratum: 2, seed: 20250101, strataSizes: { 'deterministic/jpn/execution': 3 } };

function item(n: number, language: string): TriageItem {
  return { item: { group: `a/execution/scn_${n}`, language, run: null }, scenarioId: `scn_${n}`, capability: 'execution', regression: null };
}

describe('reviewDefaults', () => {
  it('takes every key the file gives over the settings, and says so', () => {
    expect(reviewDefaults(FILE, USER)).toEqual({
      plan: { perStratum: 2, seed: 20250101, sizes: { 'deterministic/jpn/execution': 3 } },
      source: { perStratum: 'trajectory-lens.json', seed: 'trajectory-lens.json', strataSizes: 'trajectory-lens.json' },
    });
  });

  it('falls back to the setting for keys the file leaves out, without merging strata sizes', () => {
    expect(reviewDefaults({ perStratum: null, seed: 5, strataSizes: {} }, USER)).toEqual({
      plan: { perStratum: 8, seed: 5, sizes: {} },
      source: { perStratum: 'settings', seed: 'trajectory-lens.json', strataSizes: 'trajectory-lens.json' },
    });
    expect(reviewDefaults(null, USER).plan).toEqual({ perStratum: 8, seed: 99, sizes: { 'stochastic/hin/search': 1 } });
  });

  it('uses the built-in plan when neither says, and ignores malformed settings', () => {
    expect(reviewDefaults(null, NO_SETTINGS)).toEqual({
      plan: { perStratum: 5, seed: 20250101, sizes: {} },
      source: { perStratum: 'default', seed: 'default', strataSizes: 'default' },
    });
    expect(reviewDefaults(null, { perStratum: '7', seed: 1.5, strataSizes: { 'run/jpn/execution': -1 } }).plan).toEqual({
      perStratum: 5,
      seed: 20250101,
      sizes: {},
    });
  });

  it('draws the same queue for users whose settings differ', () => {
    const items = Array.from({ length: 12 }, (_, n) => item(n, n % 2 === 0 ? 'jpn' : 'hin'));
    const one = sampleReviewQueue(items, reviewDefaults(FILE, USER).plan);
    const other = sampleReviewQueue(items, reviewDefaults(FILE, NO_SETTINGS).plan);
    expect(one.map((e) => e.entry.item.group)).toEqual(other.map((e) => e.entry.item.group));
    expect(one).toHaveLength(4);
  });
});
