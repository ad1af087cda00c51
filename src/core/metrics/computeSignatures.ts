import { mapConcurrent } from '../index/concurrency';
import type { RunSummary, Step } from '../model';
import { matchedPairs, tallyCells, type CellTally } from './cellTally';
import { baselineTally, runsInScope, type MetricsOptions } from './computeMetrics';
import { jensenShannon } from './statistics';
import type { BehaviourSignature } from './types';

// Behavioural signatures: how an agent's tool use changes from the baseline language to a target language, on the
// matched (scenario, run index) pairs with both runs clean. Unlike the cell metrics these need every matched run's
// tool calls, so they are computed apart, asynchronously, through a loader (the CLI passes loadTrajectory).

export interface SignatureOptions extends MetricsOptions {
  /** The steps of one run (its trajectory's `steps`). */
  load: (run: RunSummary) => Promise<readonly Step[]>;
  /** Runs loaded at a time; default 8. */
  concurrency?: number;
}

/** What the signatures need of one run: its agent's tool calls, counted. */
interface ToolProfile {
  calls: number;
  writes: number;
  byTool: Map<string, number>;
}

function profileOf(steps: readonly Step[]): ToolProfile {
  const profile: ToolProfile = { calls: 0, writes: 0, byTool: new Map() };
  for (const step of steps) {
    if (step.kind !== 'tool_call' || step.requestor === 'user') continue;
    profile.calls++;
    if (step.write) profile.writes++;
    profile.byTool.set(step.tool, (profile.byTool.get(step.tool) ?? 0) + 1);
  }
  return profile;
}

function addCounts(into: Map<string, number>, from: ReadonlyMap<string, number>): void {
  for (const [tool, n] of from) into.set(tool, (into.get(tool) ?? 0) + n);
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function mean(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;
}

interface Pair {
  scenario: string;
  target: RunSummary;
  baseline: RunSummary;
}

function pairsOf(target: CellTally, baseline: CellTally): Pair[] {
  return [...matchedPairs(target, baseline)].map(([scenario, t, b]) => ({ scenario, target: t, baseline: b }));
}

/** Target pass rate below the baseline's: regressed; else held when the baseline passes at all; else neither. */
function scenarioState(target: CellTally, baseline: CellTally, scenario: string): 'regressed' | 'held' | null {
  const t = target.scenarios.get(scenario);
  const b = baseline.scenarios.get(scenario);
  if (t === undefined || b === undefined) return null;
  if (t.passes / t.clean < b.passes / b.clean) return 'regressed';
  return b.passes > 0 ? 'held' : null;
}

function signatureOf(target: CellTally, baseline: CellTally, pairs: readonly Pair[], profiles: ReadonlyMap<string, ToolProfile>): BehaviourSignature {
  const deltas: number[] = [];
  const regressed: number[] = [];
  const held: number[] = [];
  const pooled = { target: new Map<string, number>(), baseline: new Map<string, number>() };
  const byScenario = new Map<string, { target: Map<string, number>; baseline: Map<string, number> }>();
  let targetCalls = 0;
  let targetWrites = 0;
  let baselineCalls = 0;
  let baselineWrites = 0;
  for (const pair of pairs) {
    const t = profiles.get(pair.target.id) as ToolProfile;
    const b = profiles.get(pair.baseline.id) as ToolProfile;
    const delta = t.calls - b.calls;
    deltas.push(delta);
    const state = scenarioState(target, baseline, pair.scenario);
    if (state === 'regressed') regressed.push(delta);
    else if (state === 'held') held.push(delta);
    targetCalls += t.calls;
    targetWrites += t.writes;
    baselineCalls += b.calls;
    baselineWrites += b.writes;
    addCounts(pooled.target, t.byTool);
    addCounts(pooled.baseline, b.byTool);
    let scenario = byScenario.get(pair.scenario);
    if (scenario === undefined) byScenario.set(pair.scenario, (scenario = { target: new Map(), baseline: new Map() }));
    addCounts(scenario.target, t.byTool);
    addCounts(scenario.baseline, b.byTool);
  }
  const perScenario = [...byScenario.values()]
    .map((s) => jensenShannon(s.target, s.baseline))
    .filter((d): d is number => d !== null);
  return {
    agent: target.agent,
    setting: target.setting,
    language: target.language,
    pairs: pairs.length,
    toolCountDelta: mean(deltas),
    writeShare: targetCalls === 0 ? null : targetWrites / targetCalls,
    writeShareBaseline: baselineCalls === 0 ? null : baselineWrites / baselineCalls,
    jsdPooled: jensenShannon(pooled.target, pooled.baseline),
    jsdPerScenario: mean(perScenario),
    toolCountDeltaRegressed: mean(regressed),
    toolCountDeltaHeld: mean(held),
  };
}

/** One signature per target (agent, setting, language) with a baseline, over all capabilities; loads each matched run once. */
export async function computeSignatures(runs: readonly RunSummary[], options: SignatureOptions): Promise<BehaviourSignature[]> {
  const { totals } = tallyCells(runsInScope(runs, options));
  const compared: Array<{ target: CellTally; baseline: CellTally; pairs: Pair[] }> = [];
  const needed = new Map<string, RunSummary>();
  for (const target of totals.values()) {
    const baseline = baselineTally(totals, target, options);
    if (baseline === null) continue;
    const pairs = pairsOf(target, baseline);
    compared.push({ target, baseline, pairs });
    for (const p of pairs) {
      needed.set(p.target.id, p.target);
      needed.set(p.baseline.id, p.baseline);
    }
  }
  const list = [...needed.values()];
  const loaded = await mapConcurrent(list, options.concurrency ?? 8, async (run) => profileOf(await options.load(run)));
  const profiles = new Map(list.map((run, k) => [run.id, loaded[k] as ToolProfile]));
  return compared
    .map(({ target, baseline, pairs }) => signatureOf(target, baseline, pairs, profiles))
    .sort((a, b) => compareText(a.agent, b.agent) || compareText(a.setting ?? '', b.setting ?? '') || compareText(a.language, b.language));
}

