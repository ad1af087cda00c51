import { useEffect, useMemo, useState } from 'react';
import type { RpcClient } from '../../src/protocol/rpc';
import type { TranslationEvent, TranslationRequests, TranslationState } from '../../src/protocol/translation';
import { rowGroups } from './rowGroups';
import { SpanRow } from './SpanRow';

type Client = RpcClient<TranslationRequests, TranslationEvent>;

export function App({ initial, client }: { initial: TranslationState; client: Client }) {
  const [state, setState] = useState(initial);
  const [onlyProblems, setOnlyProblems] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  useEffect(() => client.onEvent((event) => setState(event.state)), [client]);

  const groups = useMemo(() => rowGroups(state.rows, onlyProblems), [state.rows, onlyProblems]);
  const marked = state.rows.filter((r) => r.findings.length > 0).length;
  const grouped = groups.some((g) => g.scenarioId !== null);
  const open = (index: number) => {
    setStatus(null);
    client.request('openRow', { row: index }).catch((error: unknown) => setStatus(error instanceof Error ? error.message : String(error)));
  };

  return (
    <main className="tr">
      <header className="tr-header">
        <h1 className="tr-title">
          {state.file} <span className="tr-language">({state.language})</span>
        </h1>
        <p className="tr-source-file">Source: {state.sourceFile ?? 'none found'}</p>
        {state.problems.map((p, k) => (
          <p key={k} className="tr-problem">
            {p}
          </p>
        ))}
        <div className="tr-toolbar">
          <label className="tr-filter">
            <input type="checkbox" checked={onlyProblems} onChange={(e) => setOnlyProblems(e.target.checked)} /> Only rows with problems
          </label>
          <span className="tr-counts" aria-live="polite">
            {state.rows.length} text spans, {marked} with problems
          </span>
        </div>
        {status !== null && (
          <p className="tr-status" role="alert">
            {status}
          </p>
        )}
      </header>
      <div className="tr-columns" aria-hidden="true">
        <span>Source</span>
        <span>Translation ({state.language})</span>
      </div>
      {groups.length === 0 && <p className="tr-empty">{onlyProblems ? 'No problems found in this translation.' : 'No text to show.'}</p>}
      {groups.map((group, k) => (
        <section key={`${group.scenarioId ?? ''}-${k}`} className="tr-group" aria-label={group.scenarioId === null ? 'Document' : `Task ${group.scenarioId}`}>
          {group.scenarioId !== null && <h2 className="tr-group-title">Task {group.scenarioId}</h2>}
          {group.rows.map(({ row, index }) => (
            <SpanRow key={row.pointer} row={row} grouped={grouped} onOpen={() => open(index)} />
          ))}
        </section>
      ))}
    </main>
  );
}
