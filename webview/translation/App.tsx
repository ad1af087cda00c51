import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { RpcClient } from '../../src/protocol/rpc';
import type { SavedTranslationState, TranslationEvent, TranslationRequests, TranslationState } from '../../src/protocol/translation';
import { rowGroups } from './rowGroups';
import { SpanRow } from './SpanRow';
import * as l10n from '@vscode/l10n';

type Client = RpcClient<TranslationRequests, TranslationEvent>;

/** The selected row, and how many times it was asked for: asking again for the same row scrolls to it again. */
interface Selection {
  row: number | null;
  asked: number;
}

export function App({ initial, client, save }: { initial: TranslationState; client: Client; save(state: SavedTranslationState): void }) {
  const [state, setState] = useState(initial);
  const [onlyProblems, setOnlyProblems] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const [selection, setSelection] = useState<Selection>({ row: initial.focusRow, asked: initial.focusRow === null ? 0 : 1 });
  const main = useRef<HTMLElement>(null);
  const rows = useRef(state.rows);
  rows.current = state.rows;
  useEffect(
    () =>
      client.onEvent((event) => {
        if (event.type === 'state') return setState(event.state);
        // A row asked for is shown even when the filter would hide it.
        if ((rows.current[event.row]?.findings.length ?? 0) === 0) setOnlyProblems(false);
        setSelection((s) => ({ row: event.row, asked: s.asked + 1 }));
      }),
    [client],
  );

  const groups = useMemo(() => rowGroups(state.rows, onlyProblems), [state.rows, onlyProblems]);
  useLayoutEffect(() => {
    if (selection.asked === 0 || selection.row === null) return;
    const row = main.current?.querySelector<HTMLElement>(`.tr-row[data-index="${selection.row}"]`);
    row?.scrollIntoView({ block: 'center' });
    row?.focus({ preventScroll: true });
  }, [selection]);
  // A block body: VS Code's setState returns the state, which React would take for a clean-up function.
  useEffect(() => {
    save({ runDir: state.runDir, file: state.file, row: selection.row });
  }, [save, state.runDir, state.file, selection.row]);

  const marked = state.rows.filter((r) => r.findings.length > 0).length;
  const grouped = groups.some((g) => g.scenarioId !== null);
  const open = (index: number) => {
    setStatus(null);
    setSelection((s) => ({ row: index, asked: s.asked }));
    client.request('openRow', { row: index }).catch((error: unknown) => setStatus(error instanceof Error ? error.message : String(error)));
  };

  return (
    <main className="tr" ref={main}>
      <header className="tr-header">
        <h1 className="tr-title">
          {state.file} <span className="tr-language">({state.language})</span>
        </h1>
        <p className="tr-source-file">{l10n.t('Source: {0}', state.sourceFile ?? l10n.t('none found'))}</p>
        {state.problems.map((p, k) => (
          <p key={k} className="tr-problem">
            {p}
          </p>
        ))}
        <div className="tr-toolbar">
          <label className="tr-filter">
            <input type="checkbox" checked={onlyProblems} onChange={(e) => setOnlyProblems(e.target.checked)} /> {l10n.t('Only rows with problems')}
          </label>
          <span className="tr-counts" aria-live="polite">
            {l10n.t('{0} text spans, {1} with problems', state.rows.length, marked)}
          </span>
        </div>
        {status !== null && (
          <p className="tr-status" role="alert">
            {status}
          </p>
        )}
      </header>
      <div className="tr-columns" aria-hidden="true">
        <span>{l10n.t('Source')}</span>
        <span>{l10n.t('Translation ({0})', state.language)}</span>
      </div>
      {groups.length === 0 && <p className="tr-empty">{onlyProblems ? l10n.t('No problems found in this translation.') : l10n.t('No text to show.')}</p>}
      {groups.map((group, k) => (
        <section key={`${group.scenarioId ?? ''}-${k}`} className="tr-group" aria-label={group.scenarioId === null ? l10n.t('Document') : l10n.t('Task {0}', group.scenarioId)}>
          {group.scenarioId !== null && <h2 className="tr-group-title">{l10n.t('Task {0}', group.scenarioId)}</h2>}
          {group.rows.map(({ row, index }) => (
            <SpanRow key={row.pointer} row={row} index={index} selected={index === selection.row} grouped={grouped} onOpen={() => open(index)} />
          ))}
        </section>
      ))}
    </main>
  );
}
