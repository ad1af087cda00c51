export interface TooltipPlace {
  lines: string[];
  /** The cell's box in the viewport. */
  anchor: DOMRect;
}

/** The numbers of the hovered or focused cell, below it (above when there is no room below). Plain text only. */
export function CellTooltip({ place }: { place: TooltipPlace }) {
  const { anchor, lines } = place;
  const below = anchor.bottom + 140 < window.innerHeight;
  const left = Math.max(4, Math.min(anchor.left, window.innerWidth - 420));
  const style = below ? { left, top: anchor.bottom + 4 } : { left, bottom: window.innerHeight - anchor.top + 4 };
  return (
    <div className="mx-tooltip" role="tooltip" style={style}>
      {lines.map((line, k) => (
        <div key={k} className={k === 0 ? 'mx-tooltip-title' : undefined}>
          {line}
        </div>
      ))}
    </div>
  );
}
