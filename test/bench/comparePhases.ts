// CPU time of each compare phase on the long pair in one folder, in a process of its own: `comparePhases.ts <pair
// dir>` (with the bench's loader and --expose-gc) prints them as JSON. The scale bench runs it in fresh processes, one
// pair at a time, so that neither size is timed on a heap the other or the bench itself left behind.
import { alignSteps } from '../../src/core/analysis/alignSteps';
import { findSelfCorrections } from '../../src/core/analysis/findSelfCorrections';
import { matchOracle } from '../../src/core/analysis/matchOracle';
import { buildIndex } from '../../src/core/index/buildIndex';
import { loadTrajectory } from '../../src/core/index/loadTrajectory';
import type { Trajectory } from '../../src/core/model';
import { NodeFileSource } from '../../src/core/nodeFileSource';
import { collectGarbage, median } from './measure';

export const COMPARE_PHASES = ['load', 'align', 'oracle', 'self-corrections'] as const;
export type ComparePhase = (typeof COMPARE_PHASES)[number];

/** Loads of the pair timed (median). */
export const LOAD_ROUNDS = 3;
/** CPU time a timing of a phase runs for at least: a few milliseconds alone would be the timer's and the collector's noise. */
const PHASE_TIMING_MS = 300;
/** Timings of each phase (median). */
export const PHASE_ROUNDS = 9;

function cpuMs(fn: () => unknown): number {
  const start = process.cpuUsage();
  fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

async function cpuMsAsync(fn: () => Promise<unknown>): Promise<number> {
  const start = process.cpuUsage();
  await fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/**
 * CPU time of one call of `fn`: after a first call (which compiles the code), the median of PHASE_ROUNDS timings of as
 * many calls as take PHASE_TIMING_MS.
 */
function cpuMsPerCall(fn: () => unknown): number {
  const calls = Math.max(1, Math.ceil(PHASE_TIMING_MS / Math.max(cpuMs(fn), 0.1)));
  const timings: number[] = [];
  for (let k = 0; k < PHASE_ROUNDS; k++) {
    timings.push(
      cpuMs(() => {
        for (let c = 0; c < calls; c++) fn();
      }) / calls,
    );
  }
  return median(timings);
}

/** CPU time of each phase on the pair in `dir`, in this process (wall time would count other processes too). */
async function comparePhases(dir: string): Promise<Record<ComparePhase, number>> {
  const fs = new NodeFileSource(dir);
  const index = await buildIndex(fs);
  let pair: Trajectory[] = [];
  const loads: number[] = [];
  for (let k = 0; k < LOAD_ROUNDS; k++) {
    loads.push(
      await cpuMsAsync(async () => {
        pair = await Promise.all(index.runs.map((run) => loadTrajectory(fs, run)));
      }),
    );
  }
  // What the loads left (the pair read three times) would be collected on other threads while the phases are timed,
  // and counted in this process's CPU time.
  collectGarbage();
  const [a, b] = pair as [Trajectory, Trajectory];
  return {
    load: median(loads),
    align: cpuMsPerCall(() => alignSteps(a.steps, b.steps, { language: b.run.language, textParts: false })),
    oracle: cpuMsPerCall(() => [matchOracle(a), matchOracle(b)]),
    'self-corrections': cpuMsPerCall(() => [findSelfCorrections(a.steps, 'baseline'), findSelfCorrections(b.steps, 'target')]),
  };
}

if (require.main === module) {
  const [dir] = process.argv.slice(2);
  if (dir === undefined) throw new Error('usage: comparePhases.ts <pair dir>');
  void comparePhases(dir).then((phases) => process.stdout.write(`${JSON.stringify(phases)}\n`));
}
