import { itemKey, type LabelRecord } from './labelRecord';
import { labelOfItem } from './labelStore';
import { DEFAULT_SEED, derivedSeed, seededRandom } from './seededRandom';
import { FAMILIES, familyOf, type Family } from './taxonomy';
import { stratumOf, type StratumDimension, type TriageItem } from './triageItems';

// The gap decomposition: which share of the cross-lingual gap is translation, verifier or agent (and infrastructure,
// inconclusive), estimated from the labelled regressions. Labelled shares are computed per stratum and weighted by
// the stratum's number of regressions, so that a stratum labelled more thoroughly does not count for more. The 95%
// interval is a percentile bootstrap that resamples scenarios (groups) with replacement: regressions of one scenario
// in several languages usually share their cause, so they are not independent.

export interface DecompositionItem {
  stratum: string;
  /** The resampling unit: the scenario group. */
  cluster: string;
  /** The item's fault side as currently labelled; null when not labelled yet. */
  family: Family | null;
}

export interface FamilyShare {
  family: Family;
  /** Labelled regressions of that side. */
  labelled: number;
  /** Stratum-weighted share; null when nothing is labelled. */
  share: number | null;
  low: number | null;
  high: number | null;
}

export interface Decomposition {
  regressions: number;
  labelled: number;
  strata: Array<{ stratum: string; regressions: number; labelled: number }>;
  shares: FamilyShare[];
  bootstrap: { replicates: number; seed: number; clusters: number };
}

export interface BootstrapOptions {
  replicates?: number;
  seed?: number;
}

export const DEFAULT_REPLICATES = 2000;

/** The fault side a current record settles on: a label's code, a confirmed code, a rejection's side; undecidable is inconclusive. */
export function resolvedFamily(record: LabelRecord): Family {
  if (record.kind === 'label' || record.verdict === 'confirm') return familyOf(record.code);
  return record.verdict === 'reject' && record.side !== null ? record.side : 'inconclusive';
}

/** The worklist's regressions with their current labels (pair labels only: a run's label is not the pair's). */
export function decompositionItems(
  entries: readonly TriageItem[],
  current: readonly LabelRecord[],
  by: readonly StratumDimension[] = ['determinism'],
): DecompositionItem[] {
  const labels = new Map(current.map((r) => [itemKey(r.item), r]));
  return entries
    .filter((e) => e.regression !== null)
    .map((e) => {
      const record = labelOfItem(labels, e.item);
      return { stratum: stratumOf(e, by), cluster: e.item.group, family: record ? resolvedFamily(record) : null };
    });
}

type Counts = Map<string, { total: number; byFamily: Map<Family, number> }>;

function labelledCounts(labelled: readonly DecompositionItem[]): Counts {
  const counts: Counts = new Map();
  for (const item of labelled) {
    let stratum = counts.get(item.stratum);
    if (stratum === undefined) counts.set(item.stratum, (stratum = { total: 0, byFamily: new Map() }));
    stratum.total++;
    const family = item.family as Family;
    stratum.byFamily.set(family, (stratum.byFamily.get(family) ?? 0) + 1);
  }
  return counts;
}

// share_f = Σ_s W_s · n_{s,f} / n_s with W_s = N_s / Σ N_s over the strata that have labels.
function weightedShares(population: ReadonlyMap<string, number>, counts: Counts): Map<Family, number> | null {
  let weight = 0;
  for (const stratum of counts.keys()) weight += population.get(stratum) ?? 0;
  if (weight === 0) return null;
  const shares = new Map<Family, number>(FAMILIES.map((f) => [f, 0]));
  for (const [stratum, { total, byFamily }] of counts) {
    const w = (population.get(stratum) ?? 0) / weight;
    for (const [family, n] of byFamily) shares.set(family, (shares.get(family) ?? 0) + (w * n) / total);
  }
  return shares;
}

/** Linear-interpolation quantile of sorted values (type 7). */
function quantile(sorted: readonly number[], q: number): number {
  const position = (sorted.length - 1) * q;
  const below = Math.floor(position);
  const lower = sorted[below] as number;
  const upper = sorted[Math.min(below + 1, sorted.length - 1)] as number;
  return lower + (upper - lower) * (position - below);
}

function bootstrapShares(
  population: ReadonlyMap<string, number>,
  labelled: readonly DecompositionItem[],
  replicates: number,
  seed: number,
): Map<Family, number[]> {
  const clusters = new Map<string, DecompositionItem[]>();
  for (const item of labelled) {
    const members = clusters.get(item.cluster);
    if (members) members.push(item);
    else clusters.set(item.cluster, [item]);
  }
  const units = [...clusters.keys()].sort().map((key) => clusters.get(key) as DecompositionItem[]);
  const random = seededRandom(derivedSeed(seed, 'gap-decomposition'));
  const draws = new Map<Family, number[]>(FAMILIES.map((f) => [f, []]));
  for (let r = 0; r < replicates; r++) {
    const sample: DecompositionItem[] = [];
    for (let k = 0; k < units.length; k++) sample.push(...(units[Math.floor(random() * units.length)] as DecompositionItem[]));
    const shares = weightedShares(population, labelledCounts(sample));
    if (shares) for (const [family, share] of shares) draws.get(family)?.push(share);
  }
  return draws;
}

export function decomposeGap(items: readonly DecompositionItem[], options: BootstrapOptions = {}): Decomposition {
  const replicates = options.replicates ?? DEFAULT_REPLICATES;
  const seed = options.seed ?? DEFAULT_SEED;
  const population = new Map<string, number>();
  for (const item of items) population.set(item.stratum, (population.get(item.stratum) ?? 0) + 1);
  const labelled = items.filter((i) => i.family !== null);
  const counts = labelledCounts(labelled);
  const point = weightedShares(population, counts);
  const draws = point ? bootstrapShares(population, labelled, replicates, seed) : new Map<Family, number[]>();
  const shares = FAMILIES.map((family) => {
    const sorted = [...(draws.get(family) ?? [])].sort((a, b) => a - b);
    return {
      family,
      labelled: labelled.filter((i) => i.family === family).length,
      share: point?.get(family) ?? null,
      low: sorted.length > 0 ? quantile(sorted, 0.025) : null,
      high: sorted.length > 0 ? quantile(sorted, 0.975) : null,
    };
  });
  return {
    regressions: items.length,
    labelled: labelled.length,
    strata: [...population].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([stratum, regressions]) => ({
      stratum,
      regressions,
      labelled: counts.get(stratum)?.total ?? 0,
    })),
    shares,
    bootstrap: { replicates, seed, clusters: new Set(labelled.map((i) => i.cluster)).size },
  };
}
