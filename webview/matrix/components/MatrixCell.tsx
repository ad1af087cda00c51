import { memo, type CSSProperties } from 'react';
import { gapStrength } from '../model/heatmapSvg';
import { formatGap, formatValue, type CellView } from '../model/cellView';
import type { Measure } from '../model/measures';

export interface MatrixCellProps {
  row: number;
  column: number;
  view: CellView;
  measure: Measure;
  baseline: boolean;
  /** The cell keyboard focus enters the grid on (tabindex 0). */
  active: boolean;
  /** The Regressions view is filtered to this cell. */
  filtered: boolean;
  label: string;
}

/** A fraction clamped to the whisker's 0–1 axis. */
function onAxis(fraction: number): number {
  return Math.min(Math.max(fraction, 0), 1);
}

/** One cell: the value, the gap to the baseline with the significance mark, the 95% interval as a whisker, infra runs apart. */
export const MatrixCell = memo(function MatrixCell({ row, column, view, measure, baseline, active, filtered, label }: MatrixCellProps) {
  const tone = view.gap === null || view.gap === 0 ? '' : view.worse ? ' worse' : ' better';
  const whisker = view.interval !== null && view.value !== null;
  // The stylesheet draws the whisker from the three fractions: one element per cell instead of three.
  const numbers: Record<string, number> = { '--mx-strength': gapStrength(view.gap) };
  if (view.interval !== null && view.value !== null) {
    numbers['--mx-low'] = onAxis(view.interval.low);
    numbers['--mx-high'] = onAxis(view.interval.high);
    numbers['--mx-at'] = onAxis(view.value);
  }
  const style = numbers as CSSProperties;
  return (
    <div
      role="gridcell"
      tabIndex={active ? 0 : -1}
      aria-label={label}
      aria-selected={filtered}
      aria-colindex={column + 2}
      data-row={row}
      data-col={column}
      className={`mx-cell${baseline ? ' baseline' : ''}${tone}${view.significant ? ' significant' : ''}${filtered ? ' filtered' : ''}`}
      style={style}
    >
      <span className="mx-value">{formatValue(view.value, measure)}</span>
      <span className="mx-gap">
        {formatGap(view.gap, measure)}
        {view.significant && (
          <span className="mx-sig" aria-hidden="true">
            *
          </span>
        )}
      </span>
      {whisker && <span className="mx-whisker" aria-hidden="true" />}
      {view.infra > 0 && (
        <span className="mx-infra" aria-hidden="true">
          {view.infra}
        </span>
      )}
    </div>
  );
});
