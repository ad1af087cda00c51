import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { sameTarget, type DisplayRow, type Target } from '../model/layout';
import { Row } from './Row';

/** Rows rendered beyond each edge of the viewport, so scrolling shows rows already laid out. */
const OVERSCAN = 4;
/** Longest wait for an idle moment after the first paint before rendering those rows anyway. */
const OVERSCAN_DELAY_MS = 500;

export interface ScrollRequest {
  index: number;
  /** Changes with every request, so asking twice for the same row scrolls twice. */
  seq: number;
}

/**
 * The three lanes as one virtualized list: only rows near the viewport are in the DOM, each measured after it
 * renders (rows differ in height: folded results, diffs, rationales).
 */
export function CompareList({
  rows,
  hit,
  scrollRequest,
  onTopRow,
}: {
  rows: DisplayRow[];
  hit: Target | null;
  scrollRequest: ScrollRequest | null;
  onTopRow(row: DisplayRow | undefined): void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  // Stable callbacks: a new getItemKey makes the virtualizer re-measure every row from the top.
  const keys = useMemo(() => rows.map(rowKey), [rows]);
  const getItemKey = useCallback((i: number) => keys[i] ?? i, [keys]);
  const estimateSize = useCallback((i: number) => estimateHeight(rows[i]), [rows]);
  const getScrollElement = useCallback(() => scroller.current, []);
  // The first paint renders only the rows in view; the rows kept ready beyond them follow once the page is idle.
  const [overscan, setOverscan] = useState(0);
  useEffect(() => {
    const idle = requestIdleCallback(() => setOverscan(OVERSCAN), { timeout: OVERSCAN_DELAY_MS });
    return () => cancelIdleCallback(idle);
  }, []);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement,
    estimateSize,
    getItemKey,
    overscan,
    // Rows in the very first render, before the list has been measured: the first paint already shows them.
    initialRect: { width: window.innerWidth, height: window.innerHeight },
  });

  useEffect(() => {
    if (scrollRequest && scrollRequest.index >= 0) virtualizer.scrollToIndex(scrollRequest.index, { align: 'center' });
  }, [scrollRequest, virtualizer]);

  const items = virtualizer.getVirtualItems();
  const offset = virtualizer.scrollOffset ?? 0;
  // The first step (or fold of steps) in view: what a link or a restored panel returns to.
  const topRow = items.map((item) => (item.end > offset ? rows[item.index] : undefined)).find((r) => r?.type === 'step' || r?.type === 'fold');
  useEffect(() => onTopRow(topRow), [topRow, onTopRow]);

  return (
    <div ref={scroller} className="scroller" role="rowgroup" tabIndex={-1}>
      <div className="virtual-space" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          return (
            <div
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className="virtual-row"
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <Row row={row} hit={sameTarget(hit, targetOf(row))} />
            </div>
          );
        })}
      </div>
    </div>
  );
}

/** What a display row shows, as a scroll target (folds are not targets). */
function targetOf(row: DisplayRow): Target | null {
  switch (row.type) {
    case 'task':
      return { kind: 'task' };
    case 'final':
      return { kind: 'final' };
    case 'oracle':
      return { kind: 'oracle', oracle: row.oracle };
    case 'step':
      return { kind: 'row', row: row.row };
    case 'fold':
      return null;
  }
}

function rowKey(row: DisplayRow): string {
  switch (row.type) {
    case 'step':
      return `r${row.row}`;
    case 'fold':
      return `f${row.start}`;
    case 'oracle':
      return `o${row.oracle}`;
    default:
      return row.type;
  }
}

/** First guesses before measurement; close guesses keep the scrollbar steady while rows are measured. */
function estimateHeight(row: DisplayRow | undefined): number {
  switch (row?.type) {
    case 'fold':
      return 30;
    case 'step':
      return row.oracle.length > 0 ? 150 : 90;
    case 'oracle':
      return 140;
    default:
      return 80;
  }
}
