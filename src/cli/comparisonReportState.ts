// The compare view's state for an exported report: what a compare panel shows for the two runs, read-only.
import { pathToFileURL } from 'node:url';
import { firstDivergence } from '../core/analysis/firstDivergence';
import { compareRunsInDirectory } from '../core/analysis/literalCanonicalizer';
import { compareDrift } from '../core/drift/compareDrift';
import { compareEntities } from '../core/entities/compareEntities';
import { loadEntityAliases } from '../core/entities/loadEntityAliases';
import { mergeDiagnostics } from '../core/index/diagnosticOrder';
import type { RunSummary } from '../core/model';
import type { CompareState, RunChoice } from '../protocol/compare';
import type { ComparedTrajectories } from './comparedRuns';

function choice(run: RunSummary): RunChoice {
  return { id: run.id, runIndex: run.runIndex, outcome: run.outcome, failureFamily: run.failureFamily };
}

export async function comparisonReportState({ fs, index, baseline, target }: ComparedTrajectories): Promise<CompareState> {
  const [compared, aliases] = await Promise.all([
    compareRunsInDirectory(fs, baseline, target, { domainsRoot: index.tau2Domains }),
    loadEntityAliases(fs, [baseline.run, target.run], index.tau2Domains),
  ]);
  const language = target.run.language;
  return {
    revision: 0,
    runDir: pathToFileURL(fs.root).toString(),
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
