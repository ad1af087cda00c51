// The compare view's state for an exported report: what a compare panel shows for the two runs, read-only.
import { comparePairInDirectory } from '../analysis/comparePairInDirectory';
import type { FileSource } from '../fileSource';
import type { RunIndex } from '../index/runIndex';
import type { RunSummary, Trajectory } from '../model';
import type { CompareState, RunChoice } from '../../protocol/compare';
import { compareState } from './compareState';

export interface ReportedPair {
  fs: FileSource;
  index: RunIndex;
  baseline: Trajectory;
  target: Trajectory;
}

function choice(run: RunSummary): RunChoice {
  return { id: run.id, runIndex: run.runIndex, outcome: run.outcome, failureFamily: run.failureFamily };
}

/** `runDir`: the run directory's URI, as the compare view names it. */
export async function comparisonReportState({ fs, index, baseline, target }: ReportedPair, runDir: string): Promise<CompareState> {
  const pair = await comparePairInDirectory({ fs, index }, baseline, target);
  const language = target.run.language;
  return compareState({ ...pair, baseline, target }, {
    revision: 0,
    runDir,
    // A report shows one pair: the pickers offer only the runs it holds.
    choices: { baseline: [choice(baseline.run)], target: [choice(target.run)] },
    files: { baseline: [], target: [] },
    reveal: null,
    labels: {
      pair: { scope: 'pair', text: language, label: null, suggestion: null },
      run: { scope: 'run', text: `${language} · run ${target.run.runIndex}`, label: null, suggestion: null },
      readOnly: null,
    },
  });
}
