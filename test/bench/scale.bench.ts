import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { generateGaia2Corpus } from '../../scripts/examples/gaia2Corpus';
import { KEPT_INDEX_PATH } from '../../src/cli/keptIndex';
import { INDEX_CACHE_PATH } from '../../src/core/index/indexCache';
import type { Bench, Measurement } from './bench';
import { COMPARE_PHASES, LOAD_ROUNDS, PHASE_ROUNDS, type ComparePhase } from './comparePhases';
import { median } from './measure';
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

type Phases = Record<ComparePhase, number>;

/**
 * Processes per size, taken in turn (small, large, small, …): a phase's time moves by up to a tenth from one process
 * to the next (where the heap puts the runs), and timed inside the bench's own long-lived process the growth of
 * alignment read 2.15× and 2.35× where fresh processes read 1.85–2.22×.
 */
const PHASE_PROCESSES = 3;
const PHASES_SCRIPT = join(__dirname, 'comparePhases.ts');

/** CPU time of each compare phase on the pair in `dir`, timed in a fresh process (this one's loader and flags). */
function phasesInProcess(dir: string): Phases {
  const result = spawnSync(process.execPath, [...process.execArgv, PHASES_SCRIPT, dir], { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (result.status !== 0) throw new Error(`timing the compare phases on ${dir} exited with ${result.status}: ${result.stderr.slice(-2000)}`);
  return JSON.parse(result.stdout) as Phases;
}

/** Each phase's median over PHASE_PROCESSES processes on each pair, the pairs timed in turn. */
function growthPhases(small: string, large: string): [Phases, Phases] {
  const samples: [Phases[], Phases[]] = [[], []];
  for (let k = 0; k < PHASE_PROCESSES; k++) {
    samples[0].push(phasesInProcess(small));
    samples[1].push(phasesInProcess(large));
  }
  const medians = (list: Phases[]): Phases =>
    Object.fromEntries(COMPARE_PHASES.map((phase) => [phase, median(list.map((p) => p[phase]))])) as Phases;
  return [medians(samples[0]), medians(samples[1])];
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
      const [before, after] = growthPhases(small, large);
      for (const phase of COMPARE_PHASES) {
        const rounds = phase === 'load' ? LOAD_ROUNDS : PHASE_ROUNDS;
        const note = `${before[phase].toFixed(1)} → ${after[phase].toFixed(1)} ms CPU a call, median of ${rounds} in each of ${PHASE_PROCESSES} processes`;
        out.push({ label: `compare growth ${sizes.growthSteps}→${sizes.growthSteps * 2} steps: ${phase}`, value: after[phase] / before[phase], unit: '×', budget: 2.3, note });
      }
      return out;
    },
  };
}
