import { seededRandom } from '../triage/seededRandom';
import type { Interval } from './types';
import { quantile } from './statistics';

// The scenario-clustered percentile bootstrap of a paired difference, as SEATauBench's analysis does it: scenarios
// are resampled with replacement (a scenario's runs move together), the statistic is the mean of the per-scenario
// differences, and the interval is read at the 2.5th and 97.5th percentiles.

export const BOOTSTRAP_SEED = 20260625;
export const BOOTSTRAP_REPLICATES = 2000;

export interface BootstrapOptions {
  seed?: number;
  replicates?: number;
}

/**
 * 95% percentile interval of the mean of `differences` (one per scenario). Every call starts from the seed, so a
 * cell's interval depends only on its own scenarios (in the order given), never on the other cells.
 */
export function clusteredBootstrap(differences: readonly number[], options: BootstrapOptions = {}): Interval | null {
  const m = differences.length;
  if (m === 0) return null;
  const replicates = options.replicates ?? BOOTSTRAP_REPLICATES;
  const random = seededRandom(options.seed ?? BOOTSTRAP_SEED);
  const values = Float64Array.from(differences);
  const means = new Float64Array(replicates);
  for (let r = 0; r < replicates; r++) {
    let sum = 0;
    for (let k = 0; k < m; k++) sum += values[Math.floor(random() * m)] as number;
    means[r] = sum / m;
  }
  means.sort();
  return { low: quantile(means, 0.025), high: quantile(means, 0.975) };
}
