import { describe, expect, it } from 'vitest';
import { reviewStratum, sampleReviewQueue } from '../../../src/core/triage/reviewQueue';
import type { TriageItem } from '../../../src/core/triage/triageItems';
import { regression } from '../analysis/regressionFixture';

// A population of 60 regressions in 2 determinism strata × 3 languages × 2 capabilities (5 each), plus 4 single runs.

const POPULATION: TriageItem[] = [];
for (const determinism of ['deterministic', 'stochastic'] as const) {
  for (const language of ['cmn', 'jpn', 'hin']) {
    for (const capability of ['execution', 'search']) {
      for (let k = 0; k < 5; k++) {
        const group = `agent/${capability}/scn_${determinism}_${k}`;
        POPULATION.push({ item: { group, language, run: null }, scenarioId: `scn_${k}`, capability, regression: regression(language, determinism, group) });
      }
    }
  }
}
for (let run = 1; run <= 4; run++) POPULATION.push({ item: { group: 'agent/execution/scn_x', language: 'fra', run }, scenarioId: 'scn_x', capability: 'execution', regression: null });

const picked = (queue: ReturnType<typeof sampleReviewQueue>): string[] => queue.map((q) => `${q.stratum} ${q.entry.item.group} ${q.entry.item.run}`);

describe('review queue sampling', () => {
  it('takes the configured number from every stratum of determinism, language and capability', () => {
    const queue = sampleReviewQueue(POPULATION, { seed: 1, perStratum: 2, sizes: { 'stochastic/hin/search': 4, 'run/fra/execution': 0 } });
    const counts = new Map<string, number>();
    for (const q of queue) counts.set(q.stratum, (counts.get(q.stratum) ?? 0) + 1);
    expect(counts.size).toBe(12);
    expect(counts.get('deterministic/cmn/execution')).toBe(2);
    expect(counts.get('stochastic/hin/search')).toBe(4);
    expect(counts.has('run/fra/execution')).toBe(false);
    for (const q of queue) expect(reviewStratum(q.entry)).toBe(q.stratum);
    expect(new Set(picked(queue)).size).toBe(queue.length);
  });

  it('gives the same queue for the same seed, whatever the order of the candidates, and another for another seed', () => {
    const plan = { seed: 42, perStratum: 2 };
    const first = picked(sampleReviewQueue(POPULATION, plan));
    expect(picked(sampleReviewQueue([...POPULATION].reverse(), plan))).toEqual(first);
    expect(picked(sampleReviewQueue(POPULATION, { ...plan, seed: 43 }))).not.toEqual(first);
  });

  it('only adds items when a stratum grows, and leaves the other strata alone', () => {
    const small = sampleReviewQueue(POPULATION, { seed: 5, perStratum: 2 });
    const larger = sampleReviewQueue(POPULATION, { seed: 5, perStratum: 2, sizes: { 'deterministic/jpn/search': 4 } });
    const inStratum = (q: ReturnType<typeof sampleReviewQueue>, s: string): string[] => picked(q.filter((e) => e.stratum === s));
    expect(inStratum(larger, 'deterministic/jpn/search').slice(0, 2)).toEqual(inStratum(small, 'deterministic/jpn/search'));
    expect(inStratum(larger, 'deterministic/jpn/search')).toHaveLength(4);
    expect(larger.filter((e) => e.stratum !== 'deterministic/jpn/search')).toEqual(small.filter((e) => e.stratum !== 'deterministic/jpn/search'));
  });

  it('takes a whole stratum when it is smaller than the size asked for', () => {
    const queue = sampleReviewQueue(POPULATION, { seed: 9, perStratum: 50 });
    expect(queue).toHaveLength(POPULATION.length);
  });
});
