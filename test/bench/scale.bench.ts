import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { generateGaia2Corpus } from '../../scripts/examples/gaia2Corpus';
import { alignSteps } from '../../src/core/analysis/alignSteps';
import { findSelfCorrections } from '../../src/core/analysis/findSelfCorrections';
import { matchOracle } from '../../src/core/analysis/matchOracle';
import { buildIndex } from '../../src/core/index/buildIndex';
import { KEPT_INDEX_PATH } from '../../src/cli/keptIndex';
import { INDEX_CACHE_PATH } from '../../src/core/index/indexCache';
import { loadTrajectory } from '../../src/core/index/loadTrajectory';
import type { Trajectory } from '../../src/core/model';
import { NodeFileSource } from '../../src/core/nodeFileSource';
import type { Bench, Measurement } from './bench';
import { collectGarbage, median } from './measure';
import { LONG_PAIR_GROUP, writeLongRunPair } from './longRunPair';
import { interleaved, runNode, type ProcessRun } from './processRun';

// Scale, as ratios measured side by side in one run so that a busy machine slows both sides alike: the CLI's `index`
// against the floor (walk + synchronous read + JSON.parse of every result.json), reopening against the first index,
// `index --check` against reading every file,
// `compare` of a long pair against loading both runs (read + JSON.parse of all their files), and how each compare phase
// grows when the runs double. The CLI is run as built (`npm run build` first; the bench never builds). Corpora are
// generated once under .cache/bench/.

const ROOT = join(__dirname, '../..');
export const CLI = join(ROOT, 'bin/trajectory-lens.js');
const FLOORS = join(__dirname, 'floors.mjs');
const CORPORA = join(ROOT, '.cache/bench');
const ROUNDS = 3;
/**
 * What the commands print goes nowhere, as into a file: read through a pipe, the bench's own reading would take CPU
 * time from the command it times (and from its worker threads) on two cores.
 */
const DISCARD = { discardOutput: true };

export interface ScaleSizes {
  /** Runs in the index corpus (6 languages × 3 runs × scenarios). */
  runs: number;
  /** Steps per run of the compared pair. */
  compareSteps: number;
  /** Steps per run before doubling. */
  growthSteps: number;
  /** Rounds of the compare ratio (median). */
  compareRounds: number;
}

// The reduced compare pair is the growth corpus's 6,000-step pair: at 2,000 steps the CLI's fixed start-up costs weigh
// as much as the work and the ratio says little (about 3× where 10,000 steps give 1.7×); at 6,000 it is within 0.1 of the
// full size's, and a median of 5 keeps a busy machine's noise out of it.
export const FULL: ScaleSizes = { runs: 20_000, compareSteps: 10_000, growthSteps: 12_000, compareRounds: ROUNDS };
export const REDUCED: ScaleSizes = { runs: 2_000, compareSteps: 6_000, growthSteps: 3_000, compareRounds: 5 };

/** A corpus folder, written by `write` unless a complete one is already there. */
export async function corpus(name: string, write: (dir: string) => unknown): Promise<string> {
  const dir = join(CORPORA, name);
  const done = join(dir, '.complete');
  if (!existsSync(done)) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    await write(dir);
    writeFileSync(done, '');
  }
  return dir;
}

/** Removes what earlier commands kept beside the runs (the index cache, the last index): the next one starts afresh. */
export function forgetIndex(dir: string): void {
  for (const kept of [INDEX_CACHE_PATH, KEPT_INDEX_PATH]) rmSync(join(dir, kept), { force: true });
}

const DROP_CACHES = '/proc/sys/vm/drop_caches';

/**
 * Empties the kernel's page cache (and its cached directory entries), so that the next command reads from the disk;
 * false where that is not allowed (not root, not Linux).
 */
export function dropPageCache(): boolean {
  if (process.getuid?.() !== 0 || !existsSync(DROP_CACHES)) return false;
  spawnSync('sync');
  try {
    writeFileSync(DROP_CACHES, '3');
    return true;
  } catch {
    return false;
  }
}

export function requireBuiltCli(): void {
  if (!existsSync(join(ROOT, 'dist/cli.js'))) throw new Error('dist/cli.js is missing: run `npm run build` first');
}

function indexCorpus(runs: number): Promise<string> {
  const scenarios = Math.ceil(runs / 18);
  return corpus(`index-${scenarios * 18}`, (dir) =>
    generateGaia2Corpus(dir, { scenarios, languages: ['eng', 'cmn', 'jpn', 'hin', 'spa', 'fra'], runs: 3, stepsPerRun: 12, seed: 7, files: 'verdicts' }),
  );
}

function pairCorpus(steps: number): Promise<string> {
  return corpus(`pair-${steps}`, (dir) => writeLongRunPair(dir, steps));
}

function rss(run: ProcessRun): string {
  return `${Math.round(run.peakRssMb)} MB`;
}

function ratio(label: string, ours: ProcessRun, floor: ProcessRun, budget: number, floorName: string, rounds = ROUNDS): Measurement {
  // CPU times, beside the wall times the budget is on, tell a slow run from a busy machine.
  const cpu = `CPU ${Math.round(ours.cpuMs)} vs ${Math.round(floor.cpuMs)} ms`;
  const note = `ours ${Math.round(ours.wallMs)} ms, RSS ${rss(ours)}; ${floorName} ${Math.round(floor.wallMs)} ms, RSS ${rss(floor)}; ${cpu}; median of ${rounds}`;
  return { label, value: ours.wallMs / floor.wallMs, unit: '×', budget, note, ours: ours.wallMs, floor: floor.wallMs, rssMb: ours.peakRssMb };
}

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

type Phase = 'load' | 'align' | 'oracle' | 'self-corrections';
type Phases = Record<Phase, number>;

/** CPU time a timing of a phase runs for at least: a few milliseconds alone would be the timer's and the collector's noise. */
const PHASE_TIMING_MS = 300;
/** Timings of each phase at each size (median). */
const PHASE_ROUNDS = 9;

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

/**
 * CPU time of each compare phase on the pair in `dir`, in this process (wall time would count other processes too),
 * from a collected heap: what the other size left would otherwise be collected, on other threads, while this one is
 * timed.
 */
async function phases(dir: string): Promise<Phases> {
  collectGarbage();
  const fs = new NodeFileSource(dir);
  const index = await buildIndex(fs);
  let pair: Trajectory[] = [];
  const loads: number[] = [];
  for (let k = 0; k < ROUNDS; k++) {
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

export function scaleBench(sizes: ScaleSizes): Bench {
  return {
    name: `scale (${sizes.runs} runs, ${sizes.compareSteps}-step pair, ${sizes.growthSteps}→${sizes.growthSteps * 2} steps)`,
    async run() {
      requireBuiltCli();
      const out: Measurement[] = [];

      const runs = await indexCorpus(sizes.runs);
      // Each row with the files in the page cache and, when this process may empty it (root), read from the disk: the
      // cache is emptied before every command of the row, ours and the floor alike.
      const caches = dropPageCache() ? ['warm', 'cold'] : ['warm'];
      for (const cache of caches) {
        const fresh = cache === 'cold' ? dropPageCache : () => undefined;
        const after = cache === 'cold' ? ', page cache dropped' : '';
        const cold = (command: () => ProcessRun) => (): ProcessRun => {
          fresh();
          return command();
        };
        const [index, floor] = interleaved(ROUNDS, [
          cold(() => runNode([CLI, 'index', runs, '--json', '--no-cache'], DISCARD)),
          cold(() => runNode([FLOORS, 'index', runs], DISCARD)),
        ]);
        out.push(ratio(`index ${sizes.runs} gaia2-cli runs vs the floor${after}`, index as ProcessRun, floor as ProcessRun, 1.5, 'floor'));
        const [first, second] = interleaved(ROUNDS, [
          cold(() => {
            forgetIndex(runs);
            return runNode([CLI, 'index', runs, '--json'], DISCARD);
          }),
          cold(() => runNode([CLI, 'index', runs, '--json'], DISCARD)),
        ]);
        out.push(ratio(`second index (unchanged directory) vs the first${after}`, second as ProcessRun, first as ProcessRun, 0.15, 'first'));
        const [check, cat] = interleaved(ROUNDS, [cold(() => runNode([CLI, 'index', runs, '--json', '--check'], DISCARD)), cold(() => runNode([FLOORS, 'cat', runs], DISCARD))]);
        out.push(ratio(`index --check of ${sizes.runs} gaia2-cli runs vs reading every file${after}`, check as ProcessRun, cat as ProcessRun, 3, 'cat floor'));
      }

      const pair = await pairCorpus(sizes.compareSteps);
      forgetIndex(pair);
      const compareArgs = [CLI, 'compare', pair, '--group', LONG_PAIR_GROUP, '--language', 'jpn', '--json'];
      const [compare, load] = interleaved(sizes.compareRounds, [() => runNode(compareArgs, DISCARD), () => runNode([FLOORS, 'load', pair], DISCARD)]);
      out.push(ratio(`compare ${sizes.compareSteps}-step pair, 50 oracle events, vs loading both runs`, compare as ProcessRun, load as ProcessRun, 2, 'load floor', sizes.compareRounds));

      const small = await pairCorpus(sizes.growthSteps);
      const large = await pairCorpus(sizes.growthSteps * 2);
      const before = await phases(small);
      const after = await phases(large);
      for (const phase of Object.keys(before) as Phase[]) {
        const rounds = phase === 'load' ? ROUNDS : PHASE_ROUNDS;
        const note = `${before[phase].toFixed(1)} → ${after[phase].toFixed(1)} ms CPU a call, median of ${rounds}`;
        out.push({ label: `compare growth ${sizes.growthSteps}→${sizes.growthSteps * 2} steps: ${phase}`, value: after[phase] / before[phase], unit: '×', budget: 2.3, note });
      }
      return out;
    },
  };
}
