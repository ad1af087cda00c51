import type { ReactNode } from 'react';
import { useView } from '../viewContext';
import { Codicon } from './Codicon';

/** A folded section (tool result, reasoning, unchanged arguments…) whose state survives virtualization. */
export function Collapsible({
  id,
  label,
  openByDefault = false,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  openByDefault?: boolean;
  className?: string;
  children: () => ReactNode;
}) {
  const view = useView();
  const open = view.isOpen(id, openByDefault);
  return (
    <div className={`collapsible${className ? ` ${className}` : ''}`}>
      <button type="button" className="collapsible-toggle" aria-expanded={open} onClick={() => view.toggle(id)}>
        <Codicon name={open ? 'chevron-down' : 'chevron-right'} />
        <span className="collapsible-label">{label}</span>
      </button>
      {open && <div className="collapsible-body">{children()}</div>}
    </div>
  );
}
