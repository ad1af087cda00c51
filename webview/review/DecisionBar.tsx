import type { RefObject } from 'react';
import type { Decision } from '../../src/protocol/review';
import type { Family } from '../../src/core/triage/taxonomy';
import { SIDE_KEYS } from './reviewKeys';
import * as l10n from '@vscode/l10n';

interface Props {
  readOnly: boolean;
  saving: boolean;
  pickingSide: boolean;
  note: string;
  noteField: RefObject<HTMLElement | null>;
  atStart: boolean;
  atEnd: boolean;
  onNote(note: string): void;
  onDecide(verdict: Decision['verdict'], side: Family | null): void;
  onReject(): void;
  onCancel(): void;
  onMove(by: 1 | -1): void;
}

/** The decisions with their keys, the optional note, and moving through the queue; the side picker while rejecting. */
function sideName(side: Family): string {
  const names: Record<Family, string> = {
    infrastructure: l10n.t('Infrastructure'),
    translation: l10n.t('Translation'),
    verifier: l10n.t('Verifier'),
    agent: l10n.t('Agent'),
    inconclusive: l10n.t('Inconclusive'),
  };
  return names[side];
}

export function DecisionBar(p: Props) {
  const off = p.readOnly || p.saving;
  return (
    <section className="review-decisions" aria-label={l10n.t('Decision')}>
      {p.pickingSide ? (
        <div className="review-sides" role="group" aria-label={l10n.t('Which side is right?')}>
          <span className="review-ask">{l10n.t('Reject: which side is right?')}</span>
          {SIDE_KEYS.map((s) => (
            <vscode-button key={s.key} secondary onClick={() => p.onDecide('reject', s.side)} aria-keyshortcuts={s.key.toUpperCase()}>
              <kbd>{s.key.toUpperCase()}</kbd> {sideName(s.side)}
            </vscode-button>
          ))}
          <vscode-button secondary onClick={p.onCancel} aria-keyshortcuts="Escape">
            <kbd>Esc</kbd> {l10n.t('Cancel')}
          </vscode-button>
        </div>
      ) : (
        <div className="review-verdicts" role="group" aria-label={l10n.t('Verdict')}>
          <vscode-button disabled={off} onClick={() => p.onDecide('confirm', null)} aria-keyshortcuts="C">
            <kbd>C</kbd> {l10n.t('Confirm')}
          </vscode-button>
          <vscode-button disabled={off} secondary onClick={p.onReject} aria-keyshortcuts="R">
            <kbd>R</kbd> {l10n.t('Reject…')}
          </vscode-button>
          <vscode-button disabled={off} secondary onClick={() => p.onDecide('undecidable', null)} aria-keyshortcuts="U">
            <kbd>U</kbd> {l10n.t('Undecidable')}
          </vscode-button>
          <vscode-textfield
            ref={p.noteField}
            className="review-note-field"
            placeholder={l10n.t('Note (optional, M) — saved with the decision')}
            aria-label={l10n.t('Note')}
            aria-keyshortcuts="M"
            value={p.note}
            oninput={(event: Event) => p.onNote((event.target as HTMLInputElement).value)}
            onKeyDown={(event) => {
              // Escape leaves the note so the decision keys work again.
              if (event.key === 'Escape') (event.currentTarget as HTMLElement).blur();
            }}
          />
          <span className="review-nav">
            <vscode-button secondary disabled={p.atStart} onClick={() => p.onMove(-1)} aria-keyshortcuts="P ArrowLeft" title={l10n.t('Previous (P, ←)')}>
              <kbd>P</kbd> {l10n.t('Previous')}
            </vscode-button>
            <vscode-button secondary disabled={p.atEnd} onClick={() => p.onMove(1)} aria-keyshortcuts="N ArrowRight" title={l10n.t('Next (N, →)')}>
              <kbd>N</kbd> {l10n.t('Next')}
            </vscode-button>
          </span>
        </div>
      )}
    </section>
  );
}
