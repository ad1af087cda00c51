import { loadavg } from 'node:os';
import { alignStepsBench } from './alignSteps.bench';
import { compareViewBench } from './compareView.bench';
import type { Bench, Measurement } from './bench';
import { buildIndexBench } from './buildIndex.bench';
import { clustersBench } from './clusters.bench';
import { entitiesBench } from './entities.bench';
import { gcAvailable } from './measure';
import { matrixViewBench } from './matrixView.bench';
import { metricsBench } from './metrics.bench';
import { searchBench } from './search.bench';

// `npm run bench`: runs every bench and prints each number against its budget. Add a bench by adding it to the list.

const benches: Bench[] = [
  buildIndexBench,
  metricsBench,
  alignStepsBench,
  entitiesBench,
  compareViewBench,
  matrixViewBench,
  searchBench,
  clustersBench,
];

function format(m: Measurement): string {
  const value = m.unit === 'ms' ? `${Math.round(m.value)} ms` : `${m.value.toFixed(1)} MB`;
  const note = m.note ? `  [${m.note}]` : '';
  if (m.budget === null) return `${m.label}: ${value}${note}`;
  const ratio = m.value / m.budget;
  const over = ratio > 1 ? '  OVER BUDGET' : '';
  return `${m.label}: ${value} (budget ${m.budget} ${m.unit}, ${ratio.toFixed(2)}×)${over}${note}`;
}

async function main(): Promise<void> {
  if (!gcAvailable()) console.log('note: memory is measured without a collected heap (run node with --expose-gc)');
  // Wall times depend on what else the machine runs: the load average says how busy it was.
  const load = loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  console.log(`load average ${load}`);
  for (const bench of benches) {
    console.log(`# ${bench.name}`);
    for (const m of await bench.run()) console.log(format(m));
  }
}

void main();
