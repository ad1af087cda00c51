import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { entryKey } from './entryKey';
import type { Family } from '../../src/core/triage/taxonomy';
import type { Decision, ReviewEntry, ReviewEvent, ReviewEvidence, ReviewRequests, ReviewState, SavedReviewState } from '../../src/protocol/review';
import type { RpcClient } from '../../src/protocol/rpc';
import { DecisionBar } from './DecisionBar';
import { EvidenceView } from './EvidenceView';
import { ItemHeader } from './ItemHeader';
import { keyAction } from './reviewKeys';
import * as l10n from '@vscode/l10n';

type Client = RpcClient<ReviewRequests, ReviewEvent>;

type Loaded = { key: string; evidence: ReviewEvidence } | { key: string; error: string };

/** Keys typed into the note (or any other field) are text, not commands. */
function typingInField(event: KeyboardEvent): boolean {
  return event.composedPath().some((t) => t instanceof HTMLElement && /^(INPUT|TEXTAREA|VSCODE-TEXTFIELD|VSCODE-TEXTAREA)$/.test(t.tagName));
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function App({ initial, client, save }: { initial: ReviewState; client: Client; save(state: SavedReviewState): void }) {
  const [state, setState] = useState(initial);
  const [position, setPosition] = useState(initial.position);
  const [pickingSide, setPickingSide] = useState(false);
  const [note, setNote] = useState('');
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const noteField = useRef<HTMLElement>(null);
  const entry: ReviewEntry | undefined = state.entries[position];
  const key = entry ? entryKey(entry.item) : '';
  const { runDir, seed, sampling } = state;
  // A block body: VS Code's setState returns the state, which React would take for a clean-up function.
  useEffect(() => {
    save({ runDir, seed, perStratum: sampling.perStratum, sizes: sampling.sizes, position });
  }, [save, runDir, seed, sampling, position]);

  // The host may change the queue (another window reviewed): stay on the item shown when it is still queued.
  const shown = useRef({ state, position });
  shown.current = { state, position };
  useEffect(
    () =>
      client.onEvent((event) => {
        const { state: before, position: at } = shown.current;
        if (event.type !== 'state' || event.state.revision <= before.revision) return;
        const current = before.entries[at];
        const kept = current ? event.state.entries.findIndex((e) => entryKey(e.item) === entryKey(current.item)) : -1;
        setState(event.state);
        setPosition(kept !== -1 ? kept : Math.min(at, Math.max(0, event.state.entries.length - 1)));
      }),
    [client],
  );

  useEffect(() => {
    if (key === '') return;
    let stale = false;
    client.request('evidence', { position }).then(
      (evidence) => !stale && setLoaded({ key, evidence }),
      (error: unknown) => !stale && setLoaded({ key, error: message(error) }),
    );
    return () => {
      stale = true;
    };
  }, [client, position, key]);

  const move = useCallback(
    (by: 1 | -1) => {
      setPickingSide(false);
      setPosition((p) => Math.min(Math.max(0, p + by), Math.max(0, state.entries.length - 1)));
    },
    [state.entries.length],
  );

  const decide = useCallback(
    async (verdict: Decision['verdict'], side: Family | null) => {
      setPickingSide(false);
      if (!entry || saving) return;
      if (state.readOnly !== null) {
        setStatus({ text: state.readOnly, error: true });
        return;
      }
      setSaving(true);
      try {
        const next = await client.request('decide', { position, verdict, side, note });
        const decided = next.entries.find((e) => entryKey(e.item) === key);
        setState(next);
        setPosition(next.position);
        setNote('');
        const code = decided?.label.code ?? entry.label.code;
        const text =
          verdict === 'reject'
            ? l10n.t('Saved: {0} rejected ({1}).', code, side ?? '')
            : verdict === 'confirm'
              ? l10n.t('Saved: {0} confirmed.', code)
              : l10n.t('Saved: {0} undecidable.', code);
        setStatus({ text, error: false });
      } catch (error) {
        setStatus({ text: message(error), error: true });
      } finally {
        setSaving(false);
      }
    },
    [client, entry, key, note, position, saving, state.readOnly],
  );

  const startReject = useCallback(() => {
    if (state.readOnly !== null) setStatus({ text: state.readOnly, error: true });
    else setPickingSide(true);
  }, [state.readOnly]);

  // The listener reads the latest handlers through a ref set right after each commit: a listener re-added by a passive
  // effect would leave a gap after a render in which a fast key press reaches the previous item's handlers and is lost.
  const keyHandlers = useRef({ decide, move, pickingSide, startReject });
  useLayoutEffect(() => {
    keyHandlers.current = { decide, move, pickingSide, startReject };
  });

  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      if (event.ctrlKey || event.metaKey || event.altKey || typingInField(event)) return;
      const { decide, move, pickingSide, startReject } = keyHandlers.current;
      const action = keyAction(event.key, pickingSide);
      if (action === null) return;
      event.preventDefault();
      switch (action.kind) {
        case 'confirm':
          void decide('confirm', null);
          break;
        case 'undecidable':
          void decide('undecidable', null);
          break;
        case 'reject':
          startReject();
          break;
        case 'side':
          void decide('reject', action.side);
          break;
        case 'cancel':
          setPickingSide(false);
          break;
        case 'move':
          move(action.by);
          break;
        case 'note':
          noteField.current?.focus();
          break;
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  if (!entry) {
    return (
      <main className="review">
        <p className="review-empty">{l10n.t('The review queue is empty: no labelled item was sampled.')}</p>
      </main>
    );
  }
  const evidence = loaded?.key === key ? loaded : null;
  return (
    <main className="review" aria-label={l10n.t('Review queue')}>
      <ItemHeader state={state} entry={entry} position={position} />
      {state.readOnly !== null && (
        <p className="review-readonly" role="note">
          {state.readOnly}
        </p>
      )}
      <DecisionBar
        readOnly={state.readOnly !== null}
        saving={saving}
        pickingSide={pickingSide}
        note={note}
        noteField={noteField}
        atStart={position === 0}
        atEnd={position >= state.entries.length - 1}
        onNote={setNote}
        onDecide={(verdict, side) => void decide(verdict, side)}
        onReject={startReject}
        onCancel={() => setPickingSide(false)}
        onMove={move}
      />
      <p className={status?.error ? 'review-status review-status--error' : 'review-status'} role="status" aria-live="polite">
        {status?.text ?? ''}
      </p>
      {evidence === null ? (
        <p className="review-loading">{l10n.t('Loading the evidence…')}</p>
      ) : 'error' in evidence ? (
        <p className="review-status--error">{l10n.t('The evidence could not be read: {0}', evidence.error)}</p>
      ) : (
        <EvidenceView evidence={evidence.evidence} />
      )}
    </main>
  );
}
