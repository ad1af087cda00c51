import { loadavg } from 'node:os';
import { alignStepsBench } from './alignSteps.bench';
import { compareViewBench } from './compareView.bench';
import type { Bench, Measurement } from './bench';
import { buildIndexBench } from './buildIndex.bench';
import { clustersBench } from './clusters.bench';
import { entitiesBench } from './entities.bench';
import { filesBench, FULL_FILES, REDUCED_FILES } from './files.bench';
import { gcAvailable } from './measure';
import { matrixViewBench } from './matrixView.bench';
import { metricsBench } from './metrics.bench';
import { searchBench } from './search.bench';
import { FULL, REDUCED, scaleBench } from './scale.bench';

// `npm run bench`: runs every bench and prints each number against its budget; exits 1 when one is over.
// `--reduced` (or BENCH_REDUCED=1): only the scale and large-file checks, on smaller corpora, with the same budgets, for CI. `--json`: the measurements as JSON.
// Add a bench by adding it to the list.

const args = process.argv.slice(2);
const reduced = args.includes('--reduced') || process.env.BENCH_REDUCED === '1';
const json = args.includes('--json');

const benches: Bench[] = reduced
  ? [scaleBench(REDUCED), filesBench(REDUCED_FILES)]
  : [
      scaleBench(FULL),
      filesBench(FULL_FILES),
      buildIndexBench,
      metricsBench,
      alignStepsBench,
      entitiesBench,
      compareViewBench,
      matrixViewBench,
      searchBench,
      clustersBench,
    ];

function over(m: Measurement): boolean {
  return m.budget !== null && m.value > m.budget;
}

function format(m: Measurement): string {
  const value = m.unit === 'ms' ? `${Math.round(m.value)} ms` : m.unit === 'MB' ? `${m.value.toFixed(1)} MB` : `${m.value.toFixed(2)}×`;
  const note = m.note ? `  [${m.note}]` : '';
  if (m.budget === null) return `${m.label}: ${value}${note}`;
  if (m.unit === '×') return `${m.label}: ${value} (budget ≤ ${m.budget}×)${over(m) ? '  OVER BUDGET' : ''}${note}`;
  const ratio = m.value / m.budget;
  return `${m.label}: ${value} (budget ${m.budget} ${m.unit}, ${ratio.toFixed(2)}×)${over(m) ? '  OVER BUDGET' : ''}${note}`;
}

async function main(): Promise<void> {
  const log = json ? () => undefined : (line: string) => console.log(line);
  if (!gcAvailable()) log('note: memory is measured without a collected heap (run node with --expose-gc)');
  // Wall times depend on what else the machine runs: the load average says how busy it was.
  const load = loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  log(`load average ${load}`);
  const results: Array<{ bench: string; measurements: Measurement[] }> = [];
  for (const bench of benches) {
    log(`# ${bench.name}`);
    const measurements = await bench.run();
    for (const m of measurements) log(format(m));
    results.push({ bench: bench.name, measurements });
  }
  if (json) console.log(JSON.stringify({ load, reduced, results }, null, 2));
  const missed = results.flatMap((r) => r.measurements.filter(over));
  if (missed.length > 0) {
    console.error(`${missed.length} over budget: ${missed.map((m) => m.label).join('; ')}`);
    process.exitCode = 1;
  }
}

void main();
