// Behavioural signatures of each agent and language against the baseline, over matched (scenario, run index) pairs.
import type { BehaviourSignature } from '../../../src/core/metrics/types';
import type { MatrixReport } from '../../../src/protocol/matrixReport';
import { rowLabel } from '../model/layout';
import * as l10n from '@vscode/l10n';

function signed(value: number | null, digits = 2): string {
  if (value === null) return '–';
  const text = Math.abs(value).toFixed(digits);
  return Number(text) === 0 ? text : `${value < 0 ? '−' : '+'}${text}`;
}

function plain(value: number | null, digits = 3): string {
  return value === null ? '–' : value.toFixed(digits);
}

function percent(value: number | null): string {
  return value === null ? '–' : `${(value * 100).toFixed(1)}%`;
}

/** Regressed scenarios change their tool count more than the held ones. */
function regressedChangeMore(s: BehaviourSignature): boolean {
  return s.toolCountDeltaRegressed !== null && s.toolCountDeltaHeld !== null && Math.abs(s.toolCountDeltaRegressed) > Math.abs(s.toolCountDeltaHeld);
}

export function SignaturesTable({ report }: { report: MatrixReport }) {
  if (report.signatures.length === 0) return null;
  const rows = [...report.signatures].sort(
    (a, b) => a.agent.localeCompare(b.agent) || (a.setting ?? '').localeCompare(b.setting ?? '') || a.language.localeCompare(b.language),
  );
  return (
    <details className="matrix-section signatures" open>
      <summary>
        <h2>{l10n.t('Behavioural signatures')}</h2>
        <span className="muted"> {l10n.t('against the baseline, on matched (scenario, run) pairs')}</span>
      </summary>
      <table>
        <thead>
          <tr>
            <th scope="col">{l10n.t('agent')}</th>
            <th scope="col">{l10n.t('language')}</th>
            <th scope="col" className="num">
              {l10n.t('pairs')}
            </th>
            <th scope="col" className="num" title={l10n.t('Mean change in the number of tool calls')}>
              {l10n.t('Δ tool calls')}
            </th>
            <th scope="col" className="num" title={l10n.t("Share of the target's tool calls that write")}>
              {l10n.t('write share')}
            </th>
            <th scope="col" className="num" title={l10n.t("Share of the baseline's tool calls that write")}>
              {l10n.t('baseline write share')}
            </th>
            <th scope="col" className="num" title={l10n.t('Jensen–Shannon divergence of the tool-choice distributions, pooled')}>
              {l10n.t('JSD pooled')}
            </th>
            <th scope="col" className="num" title={l10n.t('Mean Jensen–Shannon divergence per matched scenario')}>
              {l10n.t('JSD per scenario')}
            </th>
            <th scope="col" className="num" title={l10n.t('Mean change in tool calls in regressed scenarios')}>
              {l10n.t('Δ tools regressed')}
            </th>
            <th scope="col" className="num" title={l10n.t('Mean change in tool calls in scenarios that hold')}>
              {l10n.t('Δ tools held')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((s) => (
            <tr key={`${s.agent}\u0000${s.setting ?? ''}\u0000${s.language}`}>
              <th scope="row">{rowLabel(s.agent, s.setting)}</th>
              <td>{s.language}</td>
              <td className="num">{s.pairs}</td>
              <td className="num">{signed(s.toolCountDelta)}</td>
              <td className="num">{percent(s.writeShare)}</td>
              <td className="num">{percent(s.writeShareBaseline)}</td>
              <td className="num">{plain(s.jsdPooled)}</td>
              <td className="num">{plain(s.jsdPerScenario)}</td>
              <td className={`num${regressedChangeMore(s) ? ' stands-out' : ''}`}>{signed(s.toolCountDeltaRegressed)}</td>
              <td className="num">{signed(s.toolCountDeltaHeld)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
