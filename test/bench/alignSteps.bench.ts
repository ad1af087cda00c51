import { alignSteps } from '../../src/core/analysis/alignSteps';
import { localeConventions } from '../../src/core/analysis/equivalence/localeConventions';
import type { Bench } from './bench';
import { memoryDelta, time } from './measure';
import { syntheticRunPair } from './syntheticRuns';

// Issue budget: aligning two 10,000-step trajectories takes under 300 ms and under 200 MB of extra memory.
// Alignment is the rows and the paths of changed arguments; word diffs inside every changed value are timed
// separately, for context (the CLI does not need them, the view needs them for the rows it shows).

const RUNS = 9;

export const alignStepsBench: Bench = {
  name: 'step alignment',
  async run() {
    const { baseline, target } = syntheticRunPair(10_000);
    const label = `align ${baseline.length}×${target.length}`;
    const align = (): unknown => alignSteps(baseline, target, { language: 'jpn', textParts: false });
    const memory = memoryDelta(align);
    const timing = time(RUNS, align);
    const withWords = time(3, () => alignSteps(baseline, target, { language: 'jpn' }));
    // compareRuns reads values that differ only by form as the same (on by default): every argument normalized.
    const equivalences = { baseline: localeConventions('eng'), target: localeConventions('jpn') };
    const withForms = time(RUNS, () => alignSteps(baseline, target, { language: 'jpn', textParts: false, equivalences }));
    return [
      { label, value: timing.wallMs, unit: 'ms', budget: 300, note: `median of ${RUNS} after a warm-up; CPU ${Math.round(timing.cpuMs)} ms` },
      {
        label,
        value: Math.max(memory.heapMb, memory.rssMb),
        unit: 'MB',
        budget: 200,
        note: `first run: heap +${memory.heapMb.toFixed(1)} MB, RSS +${memory.rssMb.toFixed(1)} MB`,
      },
      {
        label: `${label} with word diffs of every changed value`,
        value: withWords.wallMs,
        unit: 'ms',
        budget: null,
        note: `median of 3; CPU ${Math.round(withWords.cpuMs)} ms`,
      },
      {
        label: `${label} with equivalent forms`,
        value: withForms.wallMs,
        unit: 'ms',
        budget: null,
        note: `median of ${RUNS}; CPU ${Math.round(withForms.cpuMs)} ms`,
      },
    ];
  },
};
