// The compare view's state, built the same way for a compare panel (host/compare/compareSession) and for an exported
// report (comparisonReportState): the comparison of two loaded runs with what the view shows beside it.
import type { ComparedPair } from '../analysis/comparePairInDirectory';
import type { Trajectory } from '../model';
import type { CompareState } from '../../protocol/compare';

/** What the view's state holds besides the compared pair. */
export type CompareStateContext = Pick<CompareState, 'revision' | 'runDir' | 'choices' | 'files' | 'reveal' | 'labels'>;

export function compareState(
  pair: ComparedPair & { baseline: Trajectory; target: Trajectory },
  context: CompareStateContext,
): CompareState {
  return {
    ...context,
    comparison: pair.comparison,
    diagnostics: { baseline: pair.baseline.diagnostics, target: pair.target.diagnostics },
    directoryDiagnostics: pair.directoryDiagnostics,
    firstDivergence: pair.firstDivergence,
    drift: pair.drift,
    entities: pair.entities,
  };
}
