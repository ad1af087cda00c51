// Everything a compare view shows about two loaded runs of one run directory: the comparison (with the directory's
// value sets mapping localized literals), the drift and the entities linked across scripts (with the directory's term
// tables). Shared by the compare panel and the exported report, so both show the same thing.
import type { Comparison } from './comparison';
import { firstDivergence, type FirstDivergence } from './firstDivergence';
import { compareRunsInDirectory } from './literalCanonicalizer';
import { compareDrift, type CompareDrift } from '../drift/compareDrift';
import { compareEntities, type ComparedEntities } from '../entities/compareEntities';
import { loadEntityAliases } from '../entities/loadEntityAliases';
import { mergeDiagnostics } from '../index/diagnosticOrder';
import type { RunDirectory } from '../index/runDirectory';
import type { Diagnostic, Trajectory } from '../model';

export interface ComparedPair {
  comparison: Comparison;
  firstDivergence: FirstDivergence;
  drift: CompareDrift;
  entities: ComparedEntities;
  /** The problems of the directory's files the comparison read besides its runs, each listed once. */
  directoryDiagnostics: Diagnostic[];
  /** The same problems by what was read: the value sets (for the literal mapping) and the aliases (value sets, term tables). */
  problemsBySource: { values: Diagnostic[]; terms: Diagnostic[] };
}

export async function comparePairInDirectory(
  { fs, index }: RunDirectory,
  baseline: Trajectory,
  target: Trajectory,
  options: { equivalentForms?: boolean } = {},
): Promise<ComparedPair> {
  const [compared, aliases] = await Promise.all([
    compareRunsInDirectory(fs, baseline, target, { domainsRoot: index.tau2Domains, equivalentForms: options.equivalentForms ?? true }),
    loadEntityAliases(fs, [baseline.run, target.run], index.tau2Domains),
  ]);
  return {
    comparison: compared.comparison,
    firstDivergence: firstDivergence(compared.comparison),
    drift: compareDrift(baseline, target),
    entities: compareEntities(baseline, target, { aliases: aliases.aliases }),
    // Both read a translated domain's data_model.json: its problems are listed once.
    directoryDiagnostics: mergeDiagnostics(compared.diagnostics, aliases.diagnostics),
    problemsBySource: { values: compared.diagnostics, terms: aliases.diagnostics },
  };
}
