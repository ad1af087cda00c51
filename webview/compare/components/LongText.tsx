import { containsQuery } from '../model/search';
import { useView } from '../viewContext';
import { Highlighted } from './Highlighted';
import * as l10n from '@vscode/l10n';

const PREVIEW_CHARS = 1200;

/** Free text (messages, reasoning, rationales); very long text opens in full on demand. */
export function LongText({ id, text, className }: { id: string; text: string; className?: string }) {
  const view = useView();
  const long = text.length > PREVIEW_CHARS;
  // A find hit in the hidden part opens the text.
  const open = long && view.isOpen(id, containsQuery(text.slice(PREVIEW_CHARS), view.query));
  return (
    <div className={`long-text${className ? ` ${className}` : ''}`}>
      <Highlighted text={long && !open ? `${text.slice(0, PREVIEW_CHARS)}…` : text} />
      {long && (
        <button type="button" className="text-more" aria-expanded={open} onClick={() => view.toggle(id)}>
          {open ? l10n.t('show less') : l10n.t('show all ({0} characters)', text.length.toLocaleString('en'))}
        </button>
      )}
    </div>
  );
}
