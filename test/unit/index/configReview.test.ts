import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../src/core/index/config';

// trajectory-lens.json `review`: the review queue's sizes per stratum and seed, checked with a message naming the file
// and the key, so a typo is seen in the Problems panel rather than silently changing the sample.

function parse(review: unknown): ReturnType<typeof parseConfig> {
  return parseConfig({ review }, ['gaia2-cli']);
}

describe('trajectory-lens.json review', () => {
  it('reads sizes per stratum and the seed, naming strata as the queue does', () => {
    const { config, diagnostics } = parse({
      perStratum: 3,
      seed: 7,
      strataSizes: { 'deterministic/jpn/execution': 10, 'stochastic/ja/search': 0, 'run/und/unknown': 2 },
    });
    expect(diagnostics).toEqual([]);
    expect(config.review).toEqual({
      perStratum: 3,
      seed: 7,
      strataSizes: { 'deterministic/jpn/execution': 10, 'stochastic/jpn/search': 0, 'run/und/unknown': 2 },
    });
  });

  it('is absent when the file has no review key, and keys left out stay unset', () => {
    expect(parseConfig({}, ['gaia2-cli']).config.review).toBeNull();
    expect(parse({ seed: 1 }).config.review).toEqual({ perStratum: null, seed: 1, strataSizes: null });
  });

  it('reports each bad entry with the file and key, and keeps the good ones', () => {
    const { config, diagnostics } = parse({
      perStratum: 2.5,
      seed: -1,
      strataSizes: { 'deterministic/jpn/execution': 4, 'jpn/execution': 3, 'stochastic/hin/search': '5' },
      size: 3,
    });
    expect(diagnostics.map((d) => `${d.severity} ${d.path}: ${d.message}`)).toEqual([
      'warning trajectory-lens.json: unknown key "review.size" ignored (known: perStratum, seed, strataSizes)',
      'error trajectory-lens.json: "review.perStratum" must be a whole number from 0 to 10000, e.g. 5; got 2.5',
      'error trajectory-lens.json: "review.seed" must be a whole number from 0 to 4294967295, e.g. 20250101; got -1',
      'warning trajectory-lens.json: "review.strataSizes.jpn/execution" is not a stratum: write determinism (deterministic, stochastic or run)/language/capability, e.g. "deterministic/jpn/execution"; ignored',
      'error trajectory-lens.json: "review.strataSizes.stochastic/hin/search" must be a whole number from 0 to 10000; got "5"',
    ]);
    expect(config.review).toEqual({ perStratum: null, seed: null, strataSizes: { 'deterministic/jpn/execution': 4 } });
  });

  it('refuses a review or strataSizes that is not an object', () => {
    expect(parse(5).diagnostics.map((d) => d.message)).toEqual([
      '"review" must be an object such as {"perStratum": 5, "seed": 20250101}; got 5',
    ]);
    expect(parse(5).config.review).toBeNull();
    const sizes = parse({ strataSizes: [10] });
    expect(sizes.diagnostics.map((d) => d.message)).toEqual([
      '"review.strataSizes" must map strata to sizes, e.g. {"deterministic/jpn/execution": 10}; got [10]',
    ]);
    expect(sizes.config.review).toEqual({ perStratum: null, seed: null, strataSizes: null });
  });
});
