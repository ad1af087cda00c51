import { useEffect, useRef } from 'react';
import { Codicon } from './Codicon';
import * as l10n from '@vscode/l10n';

/** Find in both runs: Enter / Shift+Enter (or F3 / Shift+F3) walk the hits, Escape closes. */
export function FindBar({
  query,
  searched,
  index,
  count,
  onQuery,
  onMove,
  onClose,
}: {
  query: string;
  /** The query the count is for (the field may be ahead of it while typing). */
  searched: string;
  index: number;
  count: number;
  onQuery(query: string): void;
  onMove(step: 1 | -1): void;
  onClose(): void;
}) {
  const field = useRef<HTMLElement>(null);
  useEffect(() => {
    // The text field can take focus once it has rendered its input.
    const element = field.current as (HTMLElement & { updateComplete?: Promise<unknown> }) | null;
    void (element?.updateComplete ?? Promise.resolve()).then(() => element?.focus());
  }, []);
  return (
    <div className="find-bar" role="search">
      <vscode-textfield
        ref={field}
        className="find-field"
        placeholder={l10n.t('Find in both runs')}
        aria-label={l10n.t('Find in both runs')}
        value={query}
        oninput={(event) => onQuery((event.target as HTMLInputElement).value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onMove(event.shiftKey ? -1 : 1);
          else if (event.key === 'Escape') onClose();
          else return;
          event.preventDefault();
          event.stopPropagation();
        }}
      />
      <span className="find-count" aria-live="polite">
        {searched.trim() === '' ? '' : count === 0 ? l10n.t('No results') : l10n.t('{0} of {1}', index + 1, count)}
      </span>
      <button type="button" className="icon-button" title={l10n.t('Previous match (Shift+Enter)')} disabled={count === 0} onClick={() => onMove(-1)}>
        <Codicon name="arrow-up" label={l10n.t('Previous match')} />
      </button>
      <button type="button" className="icon-button" title={l10n.t('Next match (Enter)')} disabled={count === 0} onClick={() => onMove(1)}>
        <Codicon name="arrow-down" label={l10n.t('Next match')} />
      </button>
      <button type="button" className="icon-button" title={l10n.t('Close (Escape)')} onClick={onClose}>
        <Codicon name="close" label={l10n.t('Close find')} />
      </button>
    </div>
  );
}
