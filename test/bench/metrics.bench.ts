import { computeMetrics } from '../../src/core/metrics/computeMetrics';
import type { Bench } from './bench';
import { time } from './measure';
import { syntheticIndex } from './syntheticIndex';

// The benchmark at a glance for a sweep of OmnilingualGAIA2 size (37,000 runs): every cell, total, paired test,
// bootstrap (2,000 resamples each) and the verifier decomposition, from the index alone. Budget 0.5 s beyond indexing.

const BUDGET_MS = 500;

export const metricsBench: Bench = {
  name: 'metrics',
  async run() {
    const runs = syntheticIndex();
    let cells = 0;
    const timing = time(3, () => {
      const report = computeMetrics(runs, { baseline: 'eng' });
      cells = report.cells.length + report.totals.length;
    });
    return [
      {
        label: `metrics of ${runs.length} runs (${cells} cells and totals)`,
        value: timing.wallMs,
        unit: 'ms',
        budget: BUDGET_MS,
        note: `median of 3 after a warm-up; CPU ${Math.round(timing.cpuMs)} ms`,
      },
    ];
  },
};
