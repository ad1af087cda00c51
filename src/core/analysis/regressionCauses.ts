import type { FileSource } from '../fileSource';
import { loadTrajectory } from '../index/loadTrajectory';
import type { RunIndex } from '../index/runIndex';
import { suggestCode } from '../triage/suggestCode';
import { comparedRuns, triageItems, type TriageItem } from '../triage/triageItems';
import type { TranslationProblem } from '../triage/translationSuspicion';
import { causeSignature } from './causeSignature';
import type { RegressionCause } from './clusterRegressions';
import { firstDivergence } from './firstDivergence';
import { compareRunsInDirectory } from './literalCanonicalizer';

// The cause signature of every regression of a run directory: each regression's default pair (the baseline's first
// passing run against the target's first failing run, as the compare view opens it) is loaded, compared, and its first
// divergence, prior and translation problems read into a signature.

export interface RegressionCauseOptions {
  baseline?: string;
  translationProblems?: readonly TranslationProblem[];
  /** Called after each regression, with how many are done of how many. */
  onProgress?: (done: number, total: number) => void;
  /** Checked between regressions: when it returns true, the work stops and what was found so far is returned. */
  isCancelled?: () => boolean;
}

// Trajectories are loaded a few at a time: enough to hide file latency, few enough to keep memory flat.
const IN_FLIGHT = 4;

async function causeOf(fs: FileSource, index: RunIndex, entry: TriageItem, options: RegressionCauseOptions): Promise<RegressionCause | null> {
  const picked = comparedRuns(index.runs, entry.item, options.baseline, index.settings?.baseline);
  if (picked === null || picked.baseline === null || picked.baseline.id === picked.target.id) return null;
  const [baseline, target] = await Promise.all([loadTrajectory(fs, picked.baseline), loadTrajectory(fs, picked.target)]);
  const { comparison } = await compareRunsInDirectory(fs, baseline, target, { domainsRoot: index.tau2Domains, textParts: false });
  const divergence = firstDivergence(comparison);
  const translationProblems = options.translationProblems ?? [];
  const prior = suggestCode({ target, baseline, translationProblems }).code;
  return {
    signature: causeSignature({ comparison, divergence, baseline, target, prior, translationProblems }),
    member: {
      group: entry.item.group,
      scenarioId: entry.scenarioId,
      language: entry.item.language,
      setting: entry.item.setting ?? null,
      agent: target.run.model,
      baselineRunId: baseline.run.id,
      targetRunId: target.run.id,
      divergence,
    },
  };
}

/** The cause of each regression of the index, in worklist order (regressions without a baseline run are left out). */
export async function regressionCauses(fs: FileSource, index: RunIndex, options: RegressionCauseOptions = {}): Promise<RegressionCause[]> {
  const entries = triageItems(index.runs, options.baseline, index.settings?.baseline).filter((e) => e.regression !== null);
  const results: Array<RegressionCause | null> = entries.map(() => null);
  let next = 0;
  let done = 0;
  const worker = async (): Promise<void> => {
    while (next < entries.length && !options.isCancelled?.()) {
      const k = next++;
      results[k] = await causeOf(fs, index, entries[k] as TriageItem, options);
      options.onProgress?.(++done, entries.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, entries.length) }, worker));
  return results.filter((r): r is RegressionCause => r !== null);
}
