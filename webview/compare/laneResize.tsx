// The lane widths the user chose with the sashes. They live outside React state and reach the page as one CSS variable
// on the compare root, so a drag restyles the grid without rendering a single row again.
import { createContext, createRef, useContext, useLayoutEffect, useMemo, useState, type ReactNode, type RefObject } from 'react';
import type { LaneWidths } from '../../src/protocol/compare';
import { laneColumns, type LanePixels } from './model/laneWidths';

export interface LaneLayout {
  /** The compare root, whose `--tl-columns` every lane grid reads. */
  root: RefObject<HTMLDivElement | null>;
  /** The widths chosen, or null for the default layout; read when the panel state is saved. */
  chosen(): LaneWidths | null;
  /** The lanes' widths on screen now (null before the header is laid out). */
  measure(): LanePixels | null;
  /** Lays the lanes out with `widths` while a drag is under way, without choosing them. */
  preview(widths: LaneWidths | null): void;
  choose(widths: LaneWidths | null): void;
}

/** The lane layout, starting from the widths saved with the panel (null: the default layout). */
export function useLaneLayout(saved: LaneWidths | null): LaneLayout {
  const [layout] = useState(() => createLaneLayout(saved));
  // Before the first paint, so a restored panel never flashes the default widths.
  useLayoutEffect(() => layout.preview(layout.chosen()), [layout]);
  return layout;
}

function createLaneLayout(saved: LaneWidths | null): LaneLayout {
  const root = createRef<HTMLDivElement>();
  let chosen = saved;
  const preview = (widths: LaneWidths | null) => {
    if (widths) root.current?.style.setProperty('--tl-columns', laneColumns(widths));
    else root.current?.style.removeProperty('--tl-columns');
  };
  return {
    root,
    chosen: () => chosen,
    measure: () => {
      const cells = [...(root.current?.querySelectorAll('.lanes-header > [role="columnheader"]') ?? [])];
      const [oracle, baseline, target] = cells.map((cell) => cell.getBoundingClientRect().width);
      return oracle && baseline && target ? { oracle, baseline, target } : null;
    },
    preview,
    choose: (widths) => {
      chosen = widths;
      preview(widths);
    },
  };
}

interface LaneResize {
  layout: LaneLayout;
  /** Called once a resize ends, to save the panel state. */
  onResized(): void;
}

const LaneResizeContext = createContext<LaneResize | null>(null);

export function LaneResizeProvider({ layout, onResized, children }: LaneResize & { children: ReactNode }) {
  const value = useMemo(() => ({ layout, onResized }), [layout, onResized]);
  return <LaneResizeContext.Provider value={value}>{children}</LaneResizeContext.Provider>;
}

export function useLaneResize(): LaneResize {
  const resize = useContext(LaneResizeContext);
  if (!resize) throw new Error('useLaneResize outside the compare view');
  return resize;
}
