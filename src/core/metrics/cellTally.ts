import type { RunSummary } from '../model';

// Runs sorted into metrics cells: (agent, setting, capability, language), and the totals over all capabilities
// (capability null). A cell keeps, per scenario (the run's pairing group), its clean runs and passes, and its clean
// runs by run index, for the paired tests. Cells are found through nested maps, not joined string keys: this is the
// hot loop of the metrics (37,000 runs go through it twice).

/** Agent of runs that record none. */
export const UNKNOWN_AGENT = 'unknown';
/** Capability of runs that record none (null is taken by the totals). */
export const UNKNOWN_CAPABILITY = 'unknown';

export interface CellKey {
  agent: string;
  setting: string | null;
  /** Null for the totals over all capabilities. */
  capability: string | null;
  language: string;
}

export interface ScenarioTally {
  clean: number;
  passes: number;
  /** Clean runs by run index, in index order within an index (a layout may repeat one). */
  runs: Map<number, RunSummary[]>;
  /** PolyWorkBench Grade of each graded clean run, by run index. */
  grades: Map<number, number>;
}

export interface CellTally extends CellKey {
  scenarios: Map<string, ScenarioTally>;
  clean: number;
  passes: number;
  infra: number;
  /** Failed clean runs by failure family. */
  failures: Map<string, number>;
}

type Level<T> = Map<string | null, T>;

/** Cells by agent → setting → capability → language. */
export class CellIndex {
  private readonly root: Level<Level<Level<Map<string, CellTally>>>> = new Map();
  private readonly all: CellTally[] = [];

  get(key: CellKey): CellTally | undefined {
    return this.root.get(key.agent)?.get(key.setting)?.get(key.capability)?.get(key.language);
  }

  /** The cell of the key, made when missing. */
  cell(agent: string, setting: string | null, capability: string | null, language: string): CellTally {
    let settings = this.root.get(agent);
    if (settings === undefined) this.root.set(agent, (settings = new Map()));
    let capabilities = settings.get(setting);
    if (capabilities === undefined) settings.set(setting, (capabilities = new Map()));
    let languages = capabilities.get(capability);
    if (languages === undefined) capabilities.set(capability, (languages = new Map()));
    let tally = languages.get(language);
    if (tally === undefined) {
      tally = { agent, setting, capability, language, scenarios: new Map(), clean: 0, passes: 0, infra: 0, failures: new Map() };
      languages.set(language, tally);
      this.all.push(tally);
    }
    return tally;
  }

  values(): readonly CellTally[] {
    return this.all;
  }
}

export function agentOf(run: RunSummary): string {
  return run.agent ?? UNKNOWN_AGENT;
}

/** pass and fail are verdicts; infra and unknown (no verdict) are left out of every denominator. */
export function isClean(run: RunSummary): boolean {
  return run.outcome === 'pass' || run.outcome === 'fail';
}

function add(tally: CellTally, run: RunSummary): void {
  if (!isClean(run)) {
    tally.infra++;
    return;
  }
  const passed = run.outcome === 'pass';
  let scenario = tally.scenarios.get(run.group);
  if (scenario === undefined) tally.scenarios.set(run.group, (scenario = { clean: 0, passes: 0, runs: new Map(), grades: new Map() }));
  scenario.clean++;
  tally.clean++;
  if (passed) {
    scenario.passes++;
    tally.passes++;
  } else {
    const family = run.failureFamily ?? 'other';
    tally.failures.set(family, (tally.failures.get(family) ?? 0) + 1);
  }
  if (run.format === 'polywork' && run.score !== null) scenario.grades.set(run.runIndex, run.score);
  const same = scenario.runs.get(run.runIndex);
  if (same === undefined) scenario.runs.set(run.runIndex, [run]);
  else same.push(run);
}

/** The (scenario, run index) pairs of two cells with both runs clean; repeated indexes pair in order. */
export function* matchedPairs(target: CellTally, baseline: CellTally): Generator<[scenario: string, target: RunSummary, baseline: RunSummary]> {
  for (const [scenario, t] of target.scenarios) {
    const b = baseline.scenarios.get(scenario);
    if (b === undefined) continue;
    for (const [index, targetRuns] of t.runs) {
      const baselineRuns = b.runs.get(index);
      if (baselineRuns === undefined) continue;
      const count = Math.min(targetRuns.length, baselineRuns.length);
      for (let k = 0; k < count; k++) yield [scenario, targetRuns[k] as RunSummary, baselineRuns[k] as RunSummary];
    }
  }
}

export interface Tallies {
  cells: CellIndex;
  totals: CellIndex;
}

/** Every run in its cell and in its totals row. */
export function tallyCells(runs: readonly RunSummary[]): Tallies {
  const cells = new CellIndex();
  const totals = new CellIndex();
  for (const run of runs) {
    const agent = agentOf(run);
    add(cells.cell(agent, run.setting, run.capability ?? UNKNOWN_CAPABILITY, run.language), run);
    add(totals.cell(agent, run.setting, null, run.language), run);
  }
  return { cells, totals };
}
