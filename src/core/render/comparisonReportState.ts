// The compare view's state for an exported report: what a compare panel shows for the two runs, read-only.
import { firstDivergence } from '../analysis/firstDivergence';
import { compareRunsInDirectory } from '../analysis/literalCanonicalizer';
import { compareDrift } from '../drift/compareDrift';
import { compareEntities } from '../entities/compareEntities';
import { loadEntityAliases } from '../entities/loadEntityAliases';
import type { FileSource } from '../fileSource';
import { mergeDiagnostics } from '../index/diagnosticOrder';
import type { RunIndex } from '../index/runIndex';
import type { RunSummary, Trajectory } from '../model';
import type { CompareState, RunChoice } from '../../protocol/compare';

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
  const [compared, aliases] = await Promise.all([
    compareRunsInDirectory(fs, baseline, target, { domainsRoot: index.tau2Domains }),
    loadEntityAliases(fs, [baseline.run, target.run], index.tau2Domains),
  ]);
  const language = target.run.language;
  return {
    revision: 0,
    runDir,
    comparison: compared.comparison,
    firstDivergence: firstDivergence(compared.comparison),
    // A report shows one pair: the pickers offer only the runs it holds.
    choices: { baseline: [choice(baseline.run)], target: [choice(target.run)] },
    diagnostics: { baseline: baseline.diagnostics, target: target.diagnostics },
    directoryDiagnostics: mergeDiagnostics(compared.diagnostics, aliases.diagnostics),
    files: { baseline: [], target: [] },
    reveal: null,
    labels: {
      pair: { scope: 'pair', text: language, label: null, suggestion: null },
      run: { scope: 'run', text: `${language} · run ${target.run.runIndex}`, label: null, suggestion: null },
      readOnly: null,
    },
    drift: compareDrift(baseline, target),
    entities: compareEntities(baseline, target, { aliases: aliases.aliases }),
  };
}
