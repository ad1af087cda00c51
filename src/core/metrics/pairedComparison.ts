import { clusteredBootstrap, type BootstrapOptions } from './bootstrap';
import { matchedPairs, type CellTally } from './cellTally';
import { mcnemarExact } from './statistics';
import type { Interval } from './types';

// A target cell against its baseline cell: the exact McNemar test over (scenario, run index) pairs with both runs
// clean, and the scenario-clustered bootstrap of Δpass^1 over the scenarios both cells ran cleanly.

export interface PairedComparison {
  b: number;
  c: number;
  p: number;
  bootstrap: Interval | null;
}

export function comparePaired(target: CellTally, baseline: CellTally, options: BootstrapOptions = {}): PairedComparison {
  let b = 0;
  let c = 0;
  for (const [, targetRun, baselineRun] of matchedPairs(target, baseline)) {
    const targetPassed = targetRun.outcome === 'pass';
    const baselinePassed = baselineRun.outcome === 'pass';
    if (baselinePassed && !targetPassed) b++;
    else if (!baselinePassed && targetPassed) c++;
  }
  const differences: number[] = [];
  for (const [scenario, t] of target.scenarios) {
    const s = baseline.scenarios.get(scenario);
    if (s !== undefined) differences.push(t.passes / t.clean - s.passes / s.clean);
  }
  return { b, c, p: mcnemarExact(b, c), bootstrap: clusteredBootstrap(differences, options) };
}
