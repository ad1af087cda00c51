import type { RefObject } from 'react';
import type { Decision } from '../../src/protocol/review';
import type { Family } from '../../src/core/triage/taxonomy';
import { SIDE_KEYS } from './reviewKeys';

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
export function DecisionBar(p: Props) {
  const off = p.readOnly || p.saving;
  return (
    <section className="review-decisions" aria-label="Decision">
      {p.pickingSide ? (
        <div className="review-sides" role="group" aria-label="Which side is right?">
          <span className="review-ask">Reject: which side is right?</span>
          {SIDE_KEYS.map((s) => (
            <vscode-button key={s.key} secondary onClick={() => p.onDecide('reject', s.side)} aria-keyshortcuts={s.key.toUpperCase()}>
              <kbd>{s.key.toUpperCase()}</kbd> {s.name}
            </vscode-button>
          ))}
          <vscode-button secondary onClick={p.onCancel} aria-keyshortcuts="Escape">
            <kbd>Esc</kbd> Cancel
          </vscode-button>
        </div>
      ) : (
        <div className="review-verdicts" role="group" aria-label="Verdict">
          <vscode-button disabled={off} onClick={() => p.onDecide('confirm', null)} aria-keyshortcuts="C">
            <kbd>C</kbd> Confirm
          </vscode-button>
          <vscode-button disabled={off} secondary onClick={p.onReject} aria-keyshortcuts="R">
            <kbd>R</kbd> Reject…
          </vscode-button>
          <vscode-button disabled={off} secondary onClick={() => p.onDecide('undecidable', null)} aria-keyshortcuts="U">
            <kbd>U</kbd> Undecidable
          </vscode-button>
          <vscode-textfield
            ref={p.noteField}
            className="review-note-field"
            placeholder="Note (optional, M) — saved with the decision"
            aria-label="Note"
            aria-keyshortcuts="M"
            value={p.note}
            oninput={(event: Event) => p.onNote((event.target as HTMLInputElement).value)}
            onKeyDown={(event) => {
              // Escape leaves the note so the decision keys work again.
              if (event.key === 'Escape') (event.currentTarget as HTMLElement).blur();
            }}
          />
          <span className="review-nav">
            <vscode-button secondary disabled={p.atStart} onClick={() => p.onMove(-1)} aria-keyshortcuts="P ArrowLeft" title="Previous (P, ←)">
              <kbd>P</kbd> Previous
            </vscode-button>
            <vscode-button secondary disabled={p.atEnd} onClick={() => p.onMove(1)} aria-keyshortcuts="N ArrowRight" title="Next (N, →)">
              <kbd>N</kbd> Next
            </vscode-button>
          </span>
        </div>
      )}
    </section>
  );
}
