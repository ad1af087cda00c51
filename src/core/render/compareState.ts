// The compare view's state, built the same way for a compare panel (host/compare/compareSession) and for an exported
// report (comparisonReportState): the comparison of two loaded runs with what the view shows beside it.
import type { Comparison } from '../analysis/comparison';
import { firstDivergence } from '../analysis/firstDivergence';
import { compareDrift, type CompareDrift } from '../drift/compareDrift';
import { compareEntities, type ComparedEntities } from '../entities/compareEntities';
import type { LoadedAliases } from '../entities/loadEntityAliases';
import { mergeDiagnostics } from '../index/diagnosticOrder';
import type { Diagnostic, Trajectory } from '../model';
import type { CompareState } from '../../protocol/compare';

/** Two loaded runs, their comparison, and what the view shows beside it. */
export interface ComparedPair {
  comparison: Comparison;
  baseline: Trajectory;
  target: Trajectory;
  drift: CompareDrift;
  entities: ComparedEntities;
  directoryDiagnostics: Diagnostic[];
}

export function comparedPair(
  baseline: Trajectory,
  target: Trajectory,
  compared: { comparison: Comparison; diagnostics: Diagnostic[] },
  aliases: LoadedAliases,
): ComparedPair {
  return {
    comparison: compared.comparison,
    baseline,
    target,
    drift: compareDrift(baseline, target),
    entities: compareEntities(baseline, target, { aliases: aliases.aliases }),
    // Both read a translated domain's data_model.json: its problems are listed once.
    directoryDiagnostics: mergeDiagnostics(compared.diagnostics, aliases.diagnostics),
  };
}

/** What the view's state holds besides the compared pair. */
export type CompareStateContext = Pick<CompareState, 'revision' | 'runDir' | 'choices' | 'files' | 'reveal' | 'labels'>;

export function compareState(pair: ComparedPair, context: CompareStateContext): CompareState {
  return {
    ...context,
    comparison: pair.comparison,
    diagnostics: { baseline: pair.baseline.diagnostics, target: pair.target.diagnostics },
    directoryDiagnostics: pair.directoryDiagnostics,
    firstDivergence: firstDivergence(pair.comparison),
    drift: pair.drift,
    entities: pair.entities,
  };
}
