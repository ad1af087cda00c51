import type { Regression } from '../../core/analysis/regressionTypes';
import type { LoadedRunDirectory } from '../loadedRunDirectory';
import { inCell, type RegressionCell } from '../tree/regressionCell';
import { settingDirectories } from '../tree/settingDirectories';

// The regressions of a matrix cell, found as the Regressions view lists them (setting by setting for SEATau-style
// directories), and the worst of them: the one a cell's "compare worst scenario" opens.

export interface CellRegression {
  /** The directory, or its view of one setting, the regression belongs to. */
  dir: LoadedRunDirectory;
  regression: Regression;
}

export function regressionsInCell(whole: LoadedRunDirectory, cell: RegressionCell): CellRegression[] {
  const views = settingDirectories(whole);
  return (views.length > 0 ? views.map((v) => v.dir) : [whole]).flatMap((dir) =>
    dir.regressions.filter((regression) => inCell(dir, regression, cell)).map((regression) => ({ dir, regression })),
  );
}

function rate(count: { passes: number; runs: number }): number {
  return count.runs === 0 ? 0 : count.passes / count.runs;
}

/** The largest drop from the baseline's pass rate to the target's; deterministic before stochastic on a tie, then by group. */
export function worstRegression(regressions: readonly CellRegression[]): CellRegression | undefined {
  const drop = (r: Regression) => rate(r.baseline) - rate(r.target);
  return [...regressions].sort(
    (a, b) =>
      drop(b.regression) - drop(a.regression) ||
      Number(a.regression.stratum !== 'deterministic') - Number(b.regression.stratum !== 'deterministic') ||
      a.regression.group.localeCompare(b.regression.group),
  )[0];
}
