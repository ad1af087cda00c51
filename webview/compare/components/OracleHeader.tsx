import type { Side } from '../../../src/protocol/compare';
import { useView } from '../viewContext';
import { LaneSash } from './LaneSash';
import * as l10n from '@vscode/l10n';

/** Above the oracle lane: how many expected events each run matched. */
export function OracleHeader() {
  const { comparison } = useView();
  const count = comparison.oracle.length;
  const matched = (side: Side) => comparison.oracle.filter((o) => o[side]?.matched === true).length;
  return (
    <div className="side-header side-header--oracle" role="columnheader" aria-label={l10n.t('Oracle')}>
      <div className="side-title">
        <span className="side-role">{l10n.t('Oracle')}</span>
      </div>
      <div className="oracle-summary">
        {count === 0 ? (
          l10n.t('no expected events')
        ) : (
          <>
            <div>{count === 1 ? l10n.t('1 expected event') : l10n.t('{0} expected events', count)}</div>
            <div>
              {l10n.t(
                'matched: {0} {1}/{2} · {3} {4}/{5}',
                comparison.baseline.run.language,
                matched('baseline'),
                count,
                comparison.target.run.language,
                matched('target'),
                count,
              )}
            </div>
          </>
        )}
      </div>
      <LaneSash edge="oracle" />
    </div>
  );
}
