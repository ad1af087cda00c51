// The matrix as an ARIA grid: agents down, languages across grouped by capability. Rows are virtualised (50 agents
// and more); one cell is in the tab order and the arrow keys move it; Enter filters the Regressions view to the cell,
// Shift+F10 or the context-menu key opens the cell's menu. The tooltip follows the hovered or focused cell.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent, type MouseEvent } from 'react';
import type { MatrixCellKey } from '../../../src/protocol/matrix';
import { cellAriaLabel, cellView, tooltipLines, type CellView } from '../model/cellView';
import { ALL_CAPABILITIES, keyOf, type MatrixLayout } from '../model/layout';
import { measureLabel, type Measure } from '../model/measures';
import { CellMenu, type MenuPlace } from './CellMenu';
import { CellTooltip, type TooltipPlace } from './CellTooltip';
import { useAfterFirstFrame } from '../useAfterFirstFrame';
import { MatrixCell } from './MatrixCell';
import * as l10n from '@vscode/l10n';

const ROW_HEIGHT = 44;
const CELL_WIDTH = 68;
const ROW_HEAD_WIDTH = 200;
/** The two sticky header rows (22px each) and the border under them: the rows start below them in the scroller. */
const HEAD_HEIGHT = 45;
/** The scroller's maximum height as a share of the window's: the rows in view before the scroller is measured. */
const SCROLLER_MAX_HEIGHT_VH = 62;

export interface MatrixGridProps {
  layout: MatrixLayout;
  measure: Measure;
  baseline: string;
  filter: MatrixCellKey | null;
  onFilter(key: MatrixCellKey): void;
  onCompare(key: MatrixCellKey): void;
}

interface Position {
  row: number;
  column: number;
}

/** The scroller's client size at its largest: its max-width, the body's content width, and its max-height. */
function largestScrollerRect(): { width: number; height: number } {
  const body = getComputedStyle(document.body);
  return {
    width: document.body.clientWidth - parseFloat(body.paddingLeft) - parseFloat(body.paddingRight),
    height: (window.innerHeight * SCROLLER_MAX_HEIGHT_VH) / 100,
  };
}

function sameKey(a: MatrixCellKey | null, b: MatrixCellKey): boolean {
  return a !== null && a.agent === b.agent && a.setting === b.setting && a.capability === b.capability && a.language === b.language;
}

function positionOf(target: EventTarget | null): Position | null {
  const cell = target instanceof Element ? target.closest<HTMLElement>('[role="gridcell"]') : null;
  if (!cell) return null;
  return { row: Number(cell.dataset.row), column: Number(cell.dataset.col) };
}

export function MatrixGrid({ layout, measure, baseline, filter, onFilter, onCompare }: MatrixGridProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState<Position>({ row: 0, column: 0 });
  const [tooltip, setTooltip] = useState<TooltipPlace | null>(null);
  const [menu, setMenu] = useState<MenuPlace | null>(null);
  /** Set when the keyboard moved the active cell: focus it once it is rendered. */
  const pendingFocus = useRef(false);
  const { rows, columns, groups } = layout;
  // The first frame renders only the cells in view; the rows and columns beyond them, for smooth scrolling, come a
  // frame later.
  const painted = useAfterFirstFrame();
  const [initialRect] = useState(largestScrollerRect);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    // The rows' offsets in the scroller, so the rows in view are those below the header.
    paddingStart: HEAD_HEIGHT,
    scrollPaddingStart: HEAD_HEIGHT,
    overscan: painted ? 4 : 0,
    // Before the scroller is measured: its largest size, so the first render already holds every row and column in
    // view and hardly more (each cell rendered and then dropped again costs the first paint).
    initialRect,
  });
  // Columns too: 15 languages × 6 capability groups is more than a panel shows.
  const columnVirtualizer = useVirtualizer({
    horizontal: true,
    count: columns.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => CELL_WIDTH,
    paddingStart: ROW_HEAD_WIDTH,
    overscan: painted ? 3 : 0,
    initialRect,
  });

  const cellElement = useCallback(
    (p: Position) => scroller.current?.querySelector<HTMLElement>(`[data-row="${p.row}"][data-col="${p.column}"]`) ?? null,
    [],
  );

  useLayoutEffect(() => {
    if (!pendingFocus.current) return;
    const element = cellElement(active);
    if (element) {
      pendingFocus.current = false;
      element.focus();
    }
  });

  // A new report may have fewer rows or columns.
  useEffect(() => {
    setActive((p) => {
      const row = Math.min(p.row, Math.max(rows.length - 1, 0));
      const column = Math.min(p.column, Math.max(columns.length - 1, 0));
      return row === p.row && column === p.column ? p : { row, column };
    });
  }, [rows.length, columns.length]);

  // What each cell shows, worked out when the cell first comes into view and kept for the report and measure shown:
  // the virtualiser re-renders on every scroll, and unchanged cells then skip rendering.
  const cellAt = useMemo(() => {
    const cache = new Map<number, { view: CellView; label: string; key: MatrixCellKey }>();
    return (r: number, c: number) => {
      const index = r * columns.length + c;
      let known = cache.get(index);
      if (known === undefined) {
        const row = rows[r]!;
        const column = columns[c]!;
        const cell = layout.cell(row, column);
        const view = cellView(cell, layout.baselineOf(row, column), measure, column.baseline);
        const key = keyOf(row, column);
        known = { view, key, label: cellAriaLabel(cell, view, measure, { ...key, baseline }) };
        cache.set(index, known);
      }
      return known;
    };
  }, [layout, rows, columns, measure, baseline]);

  const place = (p: Position) => {
    const row = rows[p.row];
    const column = columns[p.column];
    return row && column ? { row, column } : null;
  };

  const showTooltip = (p: Position, element: HTMLElement) => {
    const at = place(p);
    if (!at) return;
    const cell = layout.cell(at.row, at.column);
    const view = cellView(cell, layout.baselineOf(at.row, at.column), measure, at.column.baseline);
    const key = keyOf(at.row, at.column);
    setTooltip({ lines: tooltipLines(cell, view, measure, { ...key, baseline }), anchor: element.getBoundingClientRect() });
  };

  const moveTo = (p: Position) => {
    const next = { row: Math.min(Math.max(p.row, 0), rows.length - 1), column: Math.min(Math.max(p.column, 0), columns.length - 1) };
    pendingFocus.current = true;
    setActive(next);
    virtualizer.scrollToIndex(next.row);
    columnVirtualizer.scrollToIndex(next.column);
  };

  const openMenu = (p: Position, x: number, y: number) => {
    const at = place(p);
    if (!at) return;
    setTooltip(null);
    setMenu({ key: keyOf(at.row, at.column), x, y, origin: p });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const p = positionOf(event.target);
    if (!p) return;
    const pageRows = Math.max(1, Math.floor((scroller.current?.clientHeight ?? ROW_HEIGHT * 10) / ROW_HEIGHT) - 2);
    const moves: Record<string, Position> = {
      ArrowUp: { row: p.row - 1, column: p.column },
      ArrowDown: { row: p.row + 1, column: p.column },
      ArrowLeft: { row: p.row, column: p.column - 1 },
      ArrowRight: { row: p.row, column: p.column + 1 },
      Home: event.ctrlKey ? { row: 0, column: 0 } : { row: p.row, column: 0 },
      End: event.ctrlKey ? { row: rows.length - 1, column: columns.length - 1 } : { row: p.row, column: columns.length - 1 },
      PageUp: { row: p.row - pageRows, column: p.column },
      PageDown: { row: p.row + pageRows, column: p.column },
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      moveTo(move);
      return;
    }
    const at = place(p);
    if (!at) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onFilter(keyOf(at.row, at.column));
    } else if (event.key === 'Escape') {
      setTooltip(null);
    }
  };

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const p = positionOf(event.target);
    const at = p && place(p);
    if (!p || !at) return;
    setActive(p);
    onFilter(keyOf(at.row, at.column));
  };

  const onContextMenu = (event: MouseEvent<HTMLDivElement>) => {
    const p = positionOf(event.target);
    if (!p) return;
    event.preventDefault();
    setActive(p);
    // The keyboard's menu key and Shift+F10 give no pointer position: open at the cell.
    const fromKeyboard = event.clientX === 0 && event.clientY === 0;
    const rect = (event.target as Element).closest('[role="gridcell"]')?.getBoundingClientRect();
    openMenu(p, fromKeyboard && rect ? rect.left + 8 : event.clientX, fromKeyboard && rect ? rect.bottom : event.clientY);
  };

  const onPointerOver = (event: MouseEvent<HTMLDivElement>) => {
    const p = positionOf(event.target);
    const element = (event.target as Element).closest<HTMLElement>('[role="gridcell"]');
    if (p && element && !menu) showTooltip(p, element);
  };

  const closeMenu = (refocus: boolean) => {
    const origin = menu?.origin;
    setMenu(null);
    if (refocus && origin) cellElement(origin)?.focus();
  };

  const items = virtualizer.getVirtualItems();
  const shownColumns = columnVirtualizer.getVirtualItems();
  const skipped = (shownColumns[0]?.start ?? ROW_HEAD_WIDTH) - ROW_HEAD_WIDTH;
  const sizes = {
    '--mx-cell-w': `${CELL_WIDTH}px`,
    '--mx-head-w': `${ROW_HEAD_WIDTH}px`,
    '--mx-columns': columns.length,
    maxHeight: `${SCROLLER_MAX_HEIGHT_VH}vh`,
  } as CSSProperties;
  return (
    <div className="matrix-frame">
      <div className="matrix-scroller" ref={scroller} style={sizes} onScroll={() => setTooltip(null)}>
        <div
          role="grid"
          aria-label={l10n.t('{0} by agent and language against {1}', measureLabel(measure), baseline)}
          aria-rowcount={rows.length + 2}
          aria-colcount={columns.length + 1}
          className="matrix-grid"
          onKeyDown={onKeyDown}
          onClick={onClick}
          onContextMenu={onContextMenu}
          onMouseOver={onPointerOver}
          onMouseLeave={() => setTooltip(null)}
          onFocus={(event) => {
            const p = positionOf(event.target);
            if (p) {
              setActive(p);
              showTooltip(p, event.target as HTMLElement);
            }
          }}
          onBlur={() => setTooltip(null)}
        >
          <div role="rowgroup" className="matrix-head">
            <div role="row" aria-rowindex={1} className="matrix-head-row groups">
              <div role="columnheader" className="mx-corner" />
              {groups.map((group) => (
                <div
                  role="columnheader"
                  key={group.capability ?? ''}
                  aria-colspan={group.columns.length}
                  className="mx-group"
                  style={{ gridColumn: `span ${group.columns.length}` }}
                >
                  {group.label === ALL_CAPABILITIES ? l10n.t('all capabilities') : group.label}
                </div>
              ))}
            </div>
            <div role="row" aria-rowindex={2} className="matrix-head-row languages">
              <div role="columnheader" className="mx-corner">
                {l10n.t('agent')}
              </div>
              {columns.map((column, c) => (
                <div
                  role="columnheader"
                  key={c}
                  aria-colindex={c + 2}
                  className={`mx-language${column.baseline ? ' baseline' : ''}${groups.some((g) => g.columns[0] === column) ? ' group-start' : ''}`}
                >
                  {column.language}
                </div>
              ))}
            </div>
          </div>
          <div role="rowgroup" className="matrix-body" style={{ height: virtualizer.getTotalSize() - HEAD_HEIGHT }}>
            {items.map((item) => {
              const row = rows[item.index]!;
              return (
                <div
                  role="row"
                  key={item.key}
                  aria-rowindex={item.index + 3}
                  className="virtual-row matrix-row"
                  style={{ transform: `translateY(${item.start - HEAD_HEIGHT}px)`, height: ROW_HEIGHT }}
                >
                  <div role="rowheader" className="mx-row-head" title={row.label}>
                    {row.label}
                  </div>
                  <div className="mx-skipped" style={{ width: skipped }} />
                  {shownColumns.map(({ index: c }) => {
                    const { view, key, label } = cellAt(item.index, c);
                    return (
                      <MatrixCell
                        key={c}
                        row={item.index}
                        column={c}
                        view={view}
                        measure={measure}
                        baseline={columns[c]!.baseline}
                        active={active.row === item.index && active.column === c}
                        filtered={sameKey(filter, key)}
                        label={label}
                      />
                    );
                  })}
                </div>
              );
            })}
          </div>
        </div>
      </div>
      <Legend />
      {tooltip && !menu && <CellTooltip place={tooltip} />}
      {menu && (
        <CellMenu
          place={menu}
          onFilter={() => {
            closeMenu(true);
            onFilter(menu.key);
          }}
          onCompare={() => {
            closeMenu(true);
            onCompare(menu.key);
          }}
          onClose={() => closeMenu(true)}
        />
      )}
    </div>
  );
}

function Legend() {
  return (
    <p className="matrix-legend muted">
      <span className="legend-item">
        <span className="swatch worse" aria-hidden="true" /> {l10n.t('below the baseline')}
      </span>
      <span className="legend-item">
        <span className="swatch better" aria-hidden="true" /> {l10n.t('above')}
      </span>
      <span className="legend-item">
        <span className="mx-sig">*</span> {l10n.t("McNemar p < 0.05 after Holm (across the row's languages)")}
      </span>
      <span className="legend-item">
        <span className="mx-whisker legend-whisker" aria-hidden="true" style={{ '--mx-low': 0.25, '--mx-high': 0.75, '--mx-at': 0.5 } as CSSProperties} />
        {l10n.t('95% interval (Wilson, pass^1)')}
      </span>
      <span className="legend-item">
        <span className="mx-infra legend-infra">2</span> {l10n.t('infrastructure runs, left out of every rate')}
      </span>
      <span className="legend-item">{l10n.t('Click or Enter: filter the Regressions view · right-click or Shift+F10: compare the worst scenario')}</span>
    </p>
  );
}
