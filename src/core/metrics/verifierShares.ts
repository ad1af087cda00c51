import type { CellTally } from './cellTally';
import type { VerifierShare } from './types';

// The verifier decomposition: failed clean runs by failure family, as a rate over clean runs, and its difference to
// the baseline. Soft (LLM) checks are one family whatever their checker; hard checks stay split by checker.

/** The family a failure counts under in the decomposition. */
export function verifierFamily(family: string): string {
  return family.startsWith('soft_check:') ? 'soft_check' : family;
}

function rates(tally: CellTally): Map<string, number> {
  const counts = new Map<string, number>();
  for (const [family, n] of tally.failures) {
    const name = verifierFamily(family);
    counts.set(name, (counts.get(name) ?? 0) + n);
  }
  return new Map([...counts].map(([family, n]) => [family, n / tally.clean]));
}

/** One row per family failing in the cell or in its baseline; none when the cell has no clean run. */
export function verifierShares(tally: CellTally, baseline: CellTally | null): VerifierShare[] {
  if (tally.clean === 0) return [];
  const own = rates(tally);
  const reference = baseline === null || baseline === tally || baseline.clean === 0 ? null : rates(baseline);
  const families = new Set([...own.keys(), ...(reference?.keys() ?? [])]);
  return [...families].sort().map((family) => {
    const rate = own.get(family) ?? 0;
    return {
      agent: tally.agent,
      setting: tally.setting,
      language: tally.language,
      family,
      rate,
      delta: reference === null ? null : rate - (reference.get(family) ?? 0),
    };
  });
}
