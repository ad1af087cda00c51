import type { Regression } from '../../core/analysis/regressionTypes';
import { agentOf, UNKNOWN_CAPABILITY } from '../../core/metrics/cellTally';
import type { LoadedRunDirectory } from '../loadedRunDirectory';
import { runsOf } from './nodeRuns';

// A cell of the matrix as the Regressions view filters by it: an agent, setting, capability (null: all of them) and
// target language.

export interface RegressionCell {
  agent: string;
  setting: string | null;
  /** Null: every capability. */
  capability: string | null;
  language: string;
}

/** True when the regression's target runs belong to the cell, as the metrics sort runs into cells. */
export function inCell(dir: LoadedRunDirectory, regression: Regression, cell: RegressionCell): boolean {
  if (regression.language !== cell.language) return false;
  return runsOf(dir, regression.group, regression.language).some(
    (run) =>
      agentOf(run) === cell.agent &&
      run.setting === cell.setting &&
      (cell.capability === null || (run.capability ?? UNKNOWN_CAPABILITY) === cell.capability),
  );
}

/** `agent-a · l2_tools · jpn · execution`. */
export function cellText(cell: RegressionCell): string {
  return [cell.agent, cell.setting, cell.language, cell.capability ?? 'all capabilities'].filter((s) => s !== null).join(' · ');
}
