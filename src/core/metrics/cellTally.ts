import type { RunSummary } from '../model';

// Runs sorted into metrics cells: (agent, setting, capability, language), and the totals over all capabilities
// (capability null). A cell keeps, per scenario (the run's pairing group), its clean runs and passes, and per
// (scenario, run index) the verdict, for the paired tests.

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
  /** PolyWorkBench Grade of each graded clean run, by run index. */
  grades: Map<number, number>;
}

export interface CellTally extends CellKey {
  scenarios: Map<string, ScenarioTally>;
  /** Every clean run by `scenario \0 run index \0 occurrence`: what pairs it with the baseline's run. */
  pairs: Map<string, RunSummary>;
  clean: number;
  passes: number;
  infra: number;
  /** Failed clean runs by failure family. */
  failures: Map<string, number>;
}

export function cellKey(key: CellKey): string {
  return `${key.agent}\u0000${key.setting ?? '\u0001'}\u0000${key.capability ?? '\u0001'}\u0000${key.language}`;
}

export function agentOf(run: RunSummary): string {
  return run.agent ?? UNKNOWN_AGENT;
}

/** pass and fail are verdicts; infra and unknown (no verdict) are left out of every denominator. */
export function isClean(run: RunSummary): boolean {
  return run.outcome === 'pass' || run.outcome === 'fail';
}

function emptyTally(key: CellKey): CellTally {
  return { ...key, scenarios: new Map(), pairs: new Map(), clean: 0, passes: 0, infra: 0, failures: new Map() };
}

function add(tally: CellTally, run: RunSummary, occurrences: Map<string, number>): void {
  if (!isClean(run)) {
    tally.infra++;
    return;
  }
  const passed = run.outcome === 'pass';
  let scenario = tally.scenarios.get(run.group);
  if (scenario === undefined) tally.scenarios.set(run.group, (scenario = { clean: 0, passes: 0, grades: new Map() }));
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
  const slot = `${run.group}\u0000${run.runIndex}`;
  const occurrence = occurrences.get(slot) ?? 0;
  occurrences.set(slot, occurrence + 1);
  tally.pairs.set(`${slot}\u0000${occurrence}`, run);
}

export interface Tallies {
  cells: Map<string, CellTally>;
  totals: Map<string, CellTally>;
}

/** Every run in its cell and in its totals row. */
export function tallyCells(runs: readonly RunSummary[]): Tallies {
  const cells = new Map<string, CellTally>();
  const totals = new Map<string, CellTally>();
  const occurrences = new Map<CellTally, Map<string, number>>();
  const into = (map: Map<string, CellTally>, key: CellKey, run: RunSummary): void => {
    const id = cellKey(key);
    let tally = map.get(id);
    if (tally === undefined) {
      map.set(id, (tally = emptyTally(key)));
      occurrences.set(tally, new Map());
    }
    add(tally, run, occurrences.get(tally) as Map<string, number>);
  };
  for (const run of runs) {
    const base = { agent: agentOf(run), setting: run.setting, language: run.language };
    into(cells, { ...base, capability: run.capability ?? UNKNOWN_CAPABILITY }, run);
    into(totals, { ...base, capability: null }, run);
  }
  return { cells, totals };
}
