import type { Side } from '../../../src/protocol/compare';
import { useView } from '../viewContext';
import { LaneSash } from './LaneSash';

/** Above the oracle lane: how many expected events each run matched. */
export function OracleHeader() {
  const { comparison } = useView();
  const count = comparison.oracle.length;
  const matched = (side: Side) => comparison.oracle.filter((o) => o[side]?.matched === true).length;
  return (
    <div className="side-header side-header--oracle" role="columnheader" aria-label="Oracle">
      <div className="side-title">
        <span className="side-role">Oracle</span>
      </div>
      <div className="oracle-summary">
        {count === 0 ? (
          'no expected events'
        ) : (
          <>
            <div>{count === 1 ? '1 expected event' : `${count} expected events`}</div>
            <div>
              matched: {comparison.baseline.run.language} {matched('baseline')}/{count} · {comparison.target.run.language}{' '}
              {matched('target')}/{count}
            </div>
          </>
        )}
      </div>
      <LaneSash edge="oracle" />
    </div>
  );
}
