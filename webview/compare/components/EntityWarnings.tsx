import type { ComparedEntityWarning } from '../../../src/core/entities/compareEntities';
import type { Side } from '../../../src/protocol/compare';
import { useEntities } from '../entityContext';
import { useView } from '../viewContext';
import { Codicon } from './Codicon';
import { Highlighted } from './Highlighted';

// The script-variant failure signature: flagged on the call that searched with the wrong form, and listed above the
// lanes so a reader sees it before scrolling. The message names both forms, which Highlighted colours as mentions.

function sideName(side: Side): string {
  return side === 'baseline' ? 'Baseline' : 'Target';
}

/** The warning row inside a tool call that searched one form while another is what the data holds. */
export function StepEntityWarnings({ side, index }: { side: Side; index: number }) {
  const { entities } = useEntities();
  const here = entities.warnings.filter((w) => w.side === side && w.step === index);
  return here.map((warning) => (
    <div key={warning.searched} className="entity-warning" role="note" aria-label="Script-variant search">
      <Codicon name="warning" className="entity-warning-icon" />
      <span className="entity-warning-text">
        <Highlighted text={warning.message} />
      </span>
    </div>
  ));
}

/** Every warning of the pair, each with a way to its step; and what the caps left out. */
export function EntityNotices() {
  const { entities } = useEntities();
  const { warnings, omittedEntities, omittedWarnings } = entities;
  if (warnings.length === 0 && omittedEntities === 0) return null;
  return (
    <div className="notice notice--warning entity-notices" role="region" aria-label="Script-variant warnings">
      {warnings.map((warning) => (
        <WarningNotice key={`${warning.side}:${warning.step}:${warning.searched}`} warning={warning} />
      ))}
      {omittedWarnings > 0 && <div className="entity-notice-more">{omittedWarnings} more script-variant warnings not listed</div>}
      {omittedEntities > 0 && (
        <div className="entity-notice-more">
          {omittedEntities} more linked {omittedEntities === 1 ? 'entity is' : 'entities are'} not coloured (the view colours the first{' '}
          {entities.entities.length})
        </div>
      )}
    </div>
  );
}

function WarningNotice({ warning }: { warning: ComparedEntityWarning }) {
  const { layout, goTo } = useView();
  const row = layout.rowOfStep[warning.side].get(warning.step);
  return (
    <div className="entity-notice">
      <Codicon name="warning" className="entity-warning-icon" />
      <span className="notice-text">
        {sideName(warning.side)} step #{warning.step}: <Highlighted text={warning.message} />
      </span>
      {row !== undefined && (
        <button type="button" className="entity-notice-go" onClick={() => goTo({ kind: 'row', row })}>
          Go to step #{warning.step}
        </button>
      )}
    </div>
  );
}
