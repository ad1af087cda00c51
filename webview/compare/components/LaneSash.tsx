import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { LaneWidths } from '../../../src/protocol/compare';
import { useLaneResize } from '../laneResize';
import { movedSash, sashPercents, sashRange, type LaneEdge, type LanePixels } from '../model/laneWidths';
import * as l10n from '@vscode/l10n';

function sashLabel(edge: LaneEdge): string {
  return edge === 'oracle' ? l10n.t('Resize oracle lane') : l10n.t('Resize baseline and target lanes');
}
const STEP_PX = 20;
const LARGE_STEP_PX = 100;

interface Drag {
  pointerId: number;
  startX: number;
  start: LanePixels;
  widths: LaneWidths | null;
}

/**
 * A sash on the right edge of a lane header, as in VS Code's split views: drag it to share the width between the
 * lanes on either side, double-click it to go back to the default layout. Keys, once focused: Left/Right move it by
 * 20 px (Shift: 100 px), Home/End to its narrowest/widest, Enter restores the default layout like a double-click.
 */
export function LaneSash({ edge }: { edge: LaneEdge }) {
  const { layout, onResized } = useLaneResize();
  const sash = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
  const [dragging, setDragging] = useState(false);
  const [percents, setPercents] = useState<ReturnType<typeof sashPercents> | null>(null);

  // The values announced follow the lanes, whatever resized them: this sash, the other one, or the window.
  useEffect(() => {
    const cells = [...(sash.current?.closest('.lanes-header')?.querySelectorAll('[role="columnheader"]') ?? [])];
    const observer = new ResizeObserver(() => {
      const px = layout.measure();
      setPercents(px && sashPercents(sashRange(edge, px)));
    });
    cells.forEach((cell) => observer.observe(cell));
    return () => observer.disconnect();
  }, [layout, edge]);

  const choose = (widths: LaneWidths | null) => {
    layout.choose(widths);
    onResized();
  };
  const moveBy = (delta: number) => {
    const px = layout.measure();
    if (px) choose(movedSash(edge, px, sashRange(edge, px).position + delta));
  };
  const moveTo = (end: 'min' | 'max') => {
    const px = layout.measure();
    if (px) choose(movedSash(edge, px, sashRange(edge, px)[end]));
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const start = event.button === 0 ? layout.measure() : null;
    if (!start) return;
    event.preventDefault(); // no text selection while dragging
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointerId: event.pointerId, startX: event.clientX, start, widths: null };
    setDragging(true);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (current?.pointerId !== event.pointerId) return;
    current.widths = movedSash(edge, current.start, sashRange(edge, current.start).position + event.clientX - current.startX);
    layout.preview(current.widths);
  };
  const endDrag = (event: PointerEvent<HTMLDivElement>, keep: boolean) => {
    const current = drag.current;
    if (current?.pointerId !== event.pointerId) return;
    drag.current = null;
    setDragging(false);
    // A click without a move keeps the default layout the default.
    if (keep && current.widths) choose(current.widths);
    else layout.preview(layout.chosen());
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? LARGE_STEP_PX : STEP_PX;
    if (event.key === 'ArrowLeft') moveBy(-step);
    else if (event.key === 'ArrowRight') moveBy(step);
    else if (event.key === 'Home') moveTo('min');
    else if (event.key === 'End') moveTo('max');
    else if (event.key === 'Enter') choose(null);
    else return;
    event.preventDefault();
  };

  return (
    <div
      ref={sash}
      className={`lane-sash${dragging ? ' lane-sash--active' : ''}`}
      role="separator"
      aria-orientation="vertical"
      aria-label={sashLabel(edge)}
      aria-valuenow={percents?.now}
      aria-valuemin={percents?.min}
      aria-valuemax={percents?.max}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={(event) => endDrag(event, true)}
      onPointerCancel={(event) => endDrag(event, false)}
      onDoubleClick={() => choose(null)}
      onKeyDown={onKeyDown}
    />
  );
}
