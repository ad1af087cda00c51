import type { EntityInventory } from '../entities/inventory';
import { linkEntities } from '../entities/linkEntities';
import type { FileSource } from '../fileSource';
import type { FormatReader } from '../formats/reader';
import { configuredReaders } from '../index/configuredReaders';
import { loadTrajectory } from '../index/loadTrajectory';
import { DEFAULT_SETTINGS, type RunIndex } from '../index/runIndex';
import type { RunSummary, Trajectory } from '../model';
import { suggestCode } from '../triage/suggestCode';
import { triageItems, type TriageItem } from '../triage/triageItems';
import type { LabelItem } from '../triage/labelRecord';
import { defaultBaselineRun, defaultTargetRun, settingToCompare } from './defaultRuns';
import { baselineCode } from './regressions';
import type { TranslationProblem } from '../triage/translationSuspicion';
import { causeSignature } from './causeSignature';
import type { RegressionCause } from './clusterRegressions';
import { firstDivergence } from './firstDivergence';
import { compareForDivergenceInDirectory } from './literalCanonicalizer';
import { readRunFiles, withRunFiles } from '../runFiles';

// The cause signature of every regression of a run directory: each regression's default pair (the baseline's first
// passing run against the target's first failing run, as the compare view opens it) is loaded, compared, and its first
// divergence, prior and translation problems read into a signature. Only what the signature reads is computed: each
// run folder is read at once, the comparison leaves out the view's text diffs, and the prior and the signature share
// one linking of the two runs' entities.

export interface RegressionCauseOptions {
  baseline?: string;
  translationProblems?: readonly TranslationProblem[];
  /** Called after each regression, with how many are done of how many. */
  onProgress?: (done: number, total: number) => void;
  /** Checked between regressions: when it returns true, the work stops and what was found so far is returned. */
  isCancelled?: () => boolean;
}

// Trajectories are loaded a few at a time: enough to hide file latency, few enough to keep memory flat.
const IN_FLIGHT = 6;
// The target languages of one scenario share its baseline run: the last few baselines are kept.
const KEPT_BASELINES = 16;

/** A run as the compare view loads it, its folder read at once where that is cheaper. */
async function loadRun(fs: FileSource, run: RunSummary, readers: readonly FormatReader[]): Promise<Trajectory> {
  const files = await readRunFiles(fs, run);
  return loadTrajectory(files ? withRunFiles(fs, files) : fs, run, {}, readers);
}

class BaselineCache {
  private readonly loaded = new Map<string, Promise<Trajectory>>();

  constructor(
    private readonly fs: FileSource,
    private readonly readers: readonly FormatReader[],
  ) {}

  load(run: RunSummary): Promise<Trajectory> {
    let trajectory = this.loaded.get(run.id);
    if (trajectory === undefined) {
      trajectory = loadRun(this.fs, run, this.readers);
      this.loaded.set(run.id, trajectory);
      const oldest = this.loaded.keys().next().value;
      if (this.loaded.size > KEPT_BASELINES && oldest !== undefined) this.loaded.delete(oldest);
    }
    return trajectory;
  }
}

/**
 * The runs the compare view opens for an item by default (as triageItems' comparedRuns picks them), found through the
 * runs of each group and language rather than by scanning every run for every item.
 */
class DefaultPairs {
  private readonly byGroupLanguage = new Map<string, RunSummary[]>();
  private readonly baselineLanguage: string;
  private readonly baselineSetting: string;

  constructor(index: RunIndex, baseline: string | undefined) {
    for (const run of index.runs) {
      const key = `${run.group}\u0000${run.language}`;
      const list = this.byGroupLanguage.get(key);
      if (list) list.push(run);
      else this.byGroupLanguage.set(key, [run]);
    }
    for (const list of this.byGroupLanguage.values()) list.sort((a, b) => a.runIndex - b.runIndex);
    this.baselineLanguage = baselineCode(baseline ?? 'eng');
    this.baselineSetting = index.settings?.baseline ?? DEFAULT_SETTINGS.baseline;
  }

  pair(item: LabelItem): { baseline: RunSummary | null; target: RunSummary } | null {
    const own = this.byGroupLanguage.get(`${item.group}\u0000${item.language}`) ?? [];
    const setting = item.setting ?? settingToCompare(own);
    const inView = (r: RunSummary) => setting === null || r.setting === null || r.setting === setting || r.setting === this.baselineSetting;
    const targets = own.filter(inView);
    const target = item.run === null ? defaultTargetRun(targets) : targets.find((r) => r.runIndex === item.run);
    if (target === undefined) return null;
    const baselines = (this.byGroupLanguage.get(`${item.group}\u0000${this.baselineLanguage}`) ?? []).filter(inView);
    return { baseline: defaultBaselineRun(baselines) ?? null, target };
  }
}

async function causeOf(
  fs: FileSource,
  pairs: DefaultPairs,
  index: RunIndex,
  entry: TriageItem,
  options: RegressionCauseOptions,
  baselines: BaselineCache,
  readers: readonly FormatReader[],
): Promise<RegressionCause | null> {
  const picked = pairs.pair(entry.item);
  if (picked === null || picked.baseline === null || picked.baseline.id === picked.target.id) return null;
  const [baseline, target] = await Promise.all([baselines.load(picked.baseline), loadRun(fs, picked.target, readers)]);
  const comparison = await compareForDivergenceInDirectory(fs, baseline, target, { domainsRoot: index.tau2Domains, textParts: false });
  const divergence = firstDivergence(comparison);
  const translationProblems = options.translationProblems ?? [];
  let linked: EntityInventory | undefined;
  const entities = (): EntityInventory => (linked ??= linkEntities(baseline, target));
  const prior = suggestCode({ target, baseline, translationProblems, entities }).code;
  return {
    signature: causeSignature({ comparison, divergence, baseline, target, prior, translationProblems, entities }),
    member: {
      group: entry.item.group,
      scenarioId: entry.scenarioId,
      language: entry.item.language,
      setting: entry.item.setting ?? null,
      agent: target.run.agent,
      baselineRunId: baseline.run.id,
      targetRunId: target.run.id,
      divergence,
    },
  };
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The cause of each regression of the index, in worklist order (regressions without a baseline run are left out). */
export async function regressionCauses(fs: FileSource, index: RunIndex, options: RegressionCauseOptions = {}): Promise<RegressionCause[]> {
  const entries = triageItems(index.runs, options.baseline, index.settings?.baseline).filter((e) => e.regression !== null);
  const results: Array<RegressionCause | null> = entries.map(() => null);
  // Read scenario by scenario, so that a scenario's baseline run is read once for all its target languages.
  const order = entries.map((_, k) => k).sort((a, b) => compareText((entries[a] as TriageItem).item.group, (entries[b] as TriageItem).item.group) || a - b);
  const readers = await configuredReaders(fs);
  const baselines = new BaselineCache(fs, readers);
  const pairs = new DefaultPairs(index, options.baseline);
  let next = 0;
  let done = 0;
  const worker = async (): Promise<void> => {
    while (next < order.length && !options.isCancelled?.()) {
      const k = order[next++] as number;
      results[k] = await causeOf(fs, pairs, index, entries[k] as TriageItem, options, baselines, readers);
      options.onProgress?.(++done, entries.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, entries.length) }, worker));
  return results.filter((r): r is RegressionCause => r !== null);
}
