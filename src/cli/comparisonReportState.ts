// The compare view's state for an exported report: what a compare panel shows for the two runs, read-only.
import { pathToFileURL } from 'node:url';
import { comparePairInDirectory } from '../core/analysis/comparePairInDirectory';
import type { RunSummary } from '../core/model';
import type { CompareState, RunChoice } from '../protocol/compare';
import type { ComparedTrajectories } from './comparedRuns';

function choice(run: RunSummary): RunChoice {
  return { id: run.id, runIndex: run.runIndex, outcome: run.outcome, failureFamily: run.failureFamily };
}

export async function comparisonReportState({ fs, index, baseline, target }: ComparedTrajectories): Promise<CompareState> {
  const { comparison, firstDivergence, drift, entities, directoryDiagnostics } = await comparePairInDirectory({ fs, index }, baseline, target);
  const language = target.run.language;
  return {
    revision: 0,
    runDir: pathToFileURL(fs.root).toString(),
    comparison,
    firstDivergence,
    // A report shows one pair: the pickers offer only the runs it holds.
    choices: { baseline: [choice(baseline.run)], target: [choice(target.run)] },
    diagnostics: { baseline: baseline.diagnostics, target: target.diagnostics },
    directoryDiagnostics,
    files: { baseline: [], target: [] },
    reveal: null,
    labels: {
      pair: { scope: 'pair', text: language, label: null, suggestion: null },
      run: { scope: 'run', text: `${language} · run ${target.run.runIndex}`, label: null, suggestion: null },
      readOnly: null,
    },
    drift,
    entities,
  };
}
