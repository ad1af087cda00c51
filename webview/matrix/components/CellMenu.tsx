// The cell's context menu: filter the Regressions view to the cell, or compare its worst scenario. Arrow keys move
// between the items, Escape closes it and returns focus to the cell.
import { useEffect, useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import type { MatrixCellKey } from '../../../src/protocol/matrix';
import * as l10n from '@vscode/l10n';

export interface MenuPlace {
  key: MatrixCellKey;
  x: number;
  y: number;
  /** The cell it was opened on. */
  origin: { row: number; column: number };
}

export function CellMenu({ place, onFilter, onCompare, onClose }: { place: MenuPlace; onFilter(): void; onCompare(): void; onClose(): void }) {
  const menu = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  // Focused as the menu is put in the page, not after the next paint: a key pressed right after Shift+F10 already goes
  // to the menu, not to the cell it was opened on.
  useLayoutEffect(() => {
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, []);
  useEffect(() => {
    const away = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node)) close.current();
    };
    window.addEventListener('pointerdown', away);
    return () => window.removeEventListener('pointerdown', away);
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const next = (at + (event.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length;
      items[next]?.focus();
    } else if (event.key === 'Escape' || event.key === 'Tab') {
      event.preventDefault();
      onClose();
    }
  };

  const left = Math.min(place.x, window.innerWidth - 260);
  const top = Math.min(place.y, window.innerHeight - 80);
  return (
    <div ref={menu} className="mx-menu" role="menu" aria-label={l10n.t('Cell actions')} style={{ left, top }} onKeyDown={onKeyDown}>
      <button type="button" role="menuitem" tabIndex={-1} onClick={onFilter}>
        <span className="codicon codicon-filter" aria-hidden="true" /> {l10n.t('Show in Regressions view')}
      </button>
      <button type="button" role="menuitem" tabIndex={-1} onClick={onCompare}>
        <span className="codicon codicon-diff" aria-hidden="true" /> {l10n.t('Compare worst scenario with baseline')}
      </button>
    </div>
  );
}
