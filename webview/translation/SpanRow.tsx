import type { KeyboardEvent } from 'react';
import type { TranslationRow } from '../../src/protocol/translation';
import { fieldName } from './rowGroups';
import * as l10n from '@vscode/l10n';

/** One text span: source | translation, its findings under them; Enter, Space or a click opens the translated file there. */
export function SpanRow({ row, index, selected, grouped, onOpen }: { row: TranslationRow; index: number; selected: boolean; grouped: boolean; onOpen(): void }) {
  const marked = row.findings.length > 0;
  const field = fieldName(row.pointer, grouped);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    onOpen();
  };
  const classes = ['tr-row', marked ? 'tr-marked' : '', !marked && row.source === row.translation ? 'tr-same' : '', selected ? 'tr-selected' : ''].filter(Boolean).join(' ');
  return (
    <div
      className={classes}
      role="button"
      tabIndex={0}
      aria-label={
        !marked
          ? l10n.t('{0}: open the translation at line {1}', field, row.line)
          : row.findings.length === 1
            ? l10n.t('{0}, 1 problem: open the translation at line {1}', field, row.line)
            : l10n.t('{0}, {1} problems: open the translation at line {2}', field, row.findings.length, row.line)
      }
      aria-current={selected ? 'true' : undefined}
      data-pointer={row.pointer}
      data-index={index}
      onClick={onOpen}
      onKeyDown={onKeyDown}
    >
      <div className="tr-field">
        {marked && <span className="codicon codicon-warning tr-warning-icon" aria-hidden="true" />}
        <span className="tr-field-name">{field}</span>
        <span className="tr-at">
          {row.line}:{row.column}
        </span>
      </div>
      <div className="tr-cells">
        <div className="tr-cell tr-source">{row.source ?? <span className="tr-absent">{l10n.t('(no source text)')}</span>}</div>
        <div className="tr-cell tr-translation">{row.translation ?? <span className="tr-absent">{l10n.t('(missing in the translation)')}</span>}</div>
      </div>
      {marked && (
        <ul className="tr-findings">
          {row.findings.map((f, k) => (
            <li key={k} className="tr-finding">
              <code className="tr-code">{f.code}</code> <span className="tr-message">{f.message}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
