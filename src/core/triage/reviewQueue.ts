import { itemKey } from './labelRecord';
import { DEFAULT_SEED, derivedSeed, seededRandom, shuffled } from './seededRandom';
import { stratumOf, type StratumDimension, type TriageItem } from './triageItems';

// The review queue: a sample of items stratified by determinism (deterministic / stochastic regression, or a single
// run), language and capability, so that rare strata are reviewed too. Each stratum is shuffled with its own seed
// derived from the queue's seed and the stratum's name, and the first items are taken: the same seed gives the same
// queue, a larger size only adds items, and resizing one stratum leaves the others' picks unchanged.

export interface SamplingPlan {
  seed: number;
  /** Items per stratum unless `sizes` names the stratum. */
  perStratum: number;
  /** Size by stratum key (`deterministic/jpn/execution`). */
  sizes?: Readonly<Record<string, number>>;
}

export interface QueueEntry {
  stratum: string;
  entry: TriageItem;
}

export const DEFAULT_SAMPLING: SamplingPlan = { seed: DEFAULT_SEED, perStratum: 5 };

const DIMENSIONS: readonly StratumDimension[] = ['determinism', 'language', 'capability'];

/** `deterministic/jpn/execution`; single runs are in the `run` determinism stratum. */
export function reviewStratum(entry: TriageItem): string {
  return stratumOf(entry, DIMENSIONS);
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The sampled queue, by stratum, in each stratum's drawn order. Independent of the order of `candidates`. */
export function sampleReviewQueue(candidates: readonly TriageItem[], plan: SamplingPlan = DEFAULT_SAMPLING): QueueEntry[] {
  const strata = new Map<string, TriageItem[]>();
  for (const entry of candidates) {
    const key = reviewStratum(entry);
    const members = strata.get(key);
    if (members) members.push(entry);
    else strata.set(key, [entry]);
  }
  const queue: QueueEntry[] = [];
  for (const stratum of [...strata.keys()].sort(compareText)) {
    const members = (strata.get(stratum) as TriageItem[]).sort((a, b) => compareText(itemKey(a.item), itemKey(b.item)));
    const size = Math.max(0, Math.floor(plan.sizes?.[stratum] ?? plan.perStratum));
    const drawn = shuffled(members, seededRandom(derivedSeed(plan.seed, stratum))).slice(0, size);
    for (const entry of drawn) queue.push({ stratum, entry });
  }
  return queue;
}
