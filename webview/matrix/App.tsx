// The matrix panel: the measure picker and exports, the matrix of agents × languages grouped by capability, then the
// verifier decomposition and the behavioural signatures of the same report.
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { RpcClient } from '../../src/protocol/rpc';
import type { ExportFormat, MatrixCellKey, MatrixEvent, MatrixRequests, MatrixState, SavedMatrixState } from '../../src/protocol/matrix';
import { ExportBar } from './components/ExportBar';
import { Estimators } from './components/Estimators';
import { MatrixGrid } from './components/MatrixGrid';
import { MeasurePicker } from './components/MeasurePicker';
import { SignaturesTable } from './components/SignaturesTable';
import { VerifierChart } from './components/VerifierChart';
import { imageContent } from './exportContent';
import { matrixLayout, rowLabel } from './model/layout';
import { DEFAULT_MEASURE, measureChoices, measureId, parseMeasure } from './model/measures';
import { useAfterFirstFrame } from './useAfterFirstFrame';
import * as l10n from '@vscode/l10n';

export interface AppProps {
  initial: MatrixState;
  client: RpcClient<MatrixRequests, MatrixEvent>;
  savedMeasure: string | null;
  save(state: SavedMatrixState): void;
}

function cellText(key: MatrixCellKey): string {
  return [rowLabel(key.agent, key.setting), key.language, key.capability ?? l10n.t('all capabilities')].join(' · ');
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function App({ initial, client, savedMeasure, save }: AppProps) {
  const [state, setState] = useState(initial);
  const choices = useMemo(() => measureChoices(state.report), [state.report]);
  const [chosen, setChosen] = useState(savedMeasure ?? DEFAULT_MEASURE);
  const measure = choices.find((m) => measureId(m) === chosen) ?? parseMeasure(DEFAULT_MEASURE) ?? choices[0]!;
  const layout = useMemo(() => matrixLayout(state.report, state.baseline), [state.report, state.baseline]);
  const [status, setStatus] = useState('');
  // The controls and the sections below the matrix come a frame after it: the first paint is the matrix.
  const afterFirstFrame = useAfterFirstFrame();

  useEffect(
    () =>
      client.onEvent((event) => {
        if (event.type === 'state') setState((shown) => (event.state.revision > shown.revision ? event.state : shown));
      }),
    [client],
  );
  const savedId = measureId(measure);
  useEffect(() => {
    save({ runDir: state.runDir, measure: savedId });
  }, [save, state.runDir, savedId]);

  const filter = useCallback(
    (key: MatrixCellKey) => {
      client.request('filterRegressions', key).then(
        ({ regressions }) => {
          setState((shown) => ({ ...shown, filter: key }));
          setStatus(
            regressions === 1
              ? l10n.t('Regressions view filtered to {0}: 1 regression.', cellText(key))
              : l10n.t('Regressions view filtered to {0}: {1} regressions.', cellText(key), regressions),
          );
        },
        (error: unknown) => setStatus(l10n.t('Cannot filter the Regressions view: {0}', errorText(error))),
      );
    },
    [client],
  );
  const compareWorst = useCallback(
    (key: MatrixCellKey) => {
      client.request('compareWorst', key).then(
        ({ group }) => setStatus(group === null ? l10n.t('{0} has no regressed scenario to compare.', cellText(key)) : l10n.t('Comparing {0} · {1}.', group, key.language)),
        (error: unknown) => setStatus(l10n.t('Cannot open the comparison: {0}', errorText(error))),
      );
    },
    [client],
  );
  const exportAs = useCallback(
    (format: ExportFormat) => {
      const saved = format === 'csv' ? client.request('exportCsv', {}) : imageContent(format, layout, measure, state).then((content) => client.request('saveImage', { format, content }));
      saved.then(
          ({ path }) => setStatus(path === null ? '' : l10n.t('Saved {0}.', path)),
          (error: unknown) => setStatus(l10n.t('Cannot export: {0}', errorText(error))),
        );
    },
    [client, layout, measure, state],
  );

  return (
    <main className="matrix-app">
      <header className="matrix-header">
        <h1>
          {state.directory} <span className="muted">· {l10n.t('baseline {0}', state.baseline)}</span>
        </h1>
        {afterFirstFrame && (
          <>
            <MeasurePicker choices={choices} value={measure} onChange={(m) => setChosen(measureId(m))} />
            <ExportBar onExport={exportAs} />
          </>
        )}
      </header>
      <p className="matrix-status" role="status">
        {status}
      </p>
      {layout.rows.length === 0 ? (
        <p className="muted">{l10n.t('No runs to measure in this directory.')}</p>
      ) : (
        <MatrixGrid layout={layout} measure={measure} baseline={state.baseline} filter={state.filter} onFilter={filter} onCompare={compareWorst} />
      )}
      {afterFirstFrame && (
        <>
          <VerifierChart report={state.report} baseline={state.baseline} />
          <SignaturesTable report={state.report} />
          <Estimators estimators={state.report.estimators} />
        </>
      )}
    </main>
  );
}
