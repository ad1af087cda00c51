import type { ComparedEntityWarning } from '../../../src/core/entities/compareEntities';
import type { Side } from '../../../src/protocol/compare';
import { useEntities } from '../entityContext';
import { useView } from '../viewContext';
import { Codicon } from './Codicon';
import { Highlighted } from './Highlighted';
import * as l10n from '@vscode/l10n';

// The script-variant failure signature: flagged on the call that searched with the wrong form, and listed above the
// lanes so a reader sees it before scrolling. The message names both forms, which Highlighted colours as mentions.

function sideName(side: Side): string {
  return side === 'baseline' ? l10n.t('Baseline') : l10n.t('Target');
}

/** The warning row inside a tool call that searched one form while another is what the data holds. */
export function StepEntityWarnings({ side, index }: { side: Side; index: number }) {
  const { entities } = useEntities();
  const here = entities.warnings.filter((w) => w.side === side && w.step === index);
  return here.map((warning) => (
    <div key={warning.searched} className="entity-warning" role="note" aria-label={l10n.t('Script-variant search')}>
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
    <div className="notice notice--warning entity-notices" role="region" aria-label={l10n.t('Script-variant warnings')}>
      {warnings.map((warning) => (
        <WarningNotice key={`${warning.side}:${warning.step}:${warning.searched}`} warning={warning} />
      ))}
      {omittedWarnings > 0 && <div className="entity-notice-more">{l10n.t('{0} more script-variant warnings not listed', omittedWarnings)}</div>}
      {omittedEntities > 0 && (
        <div className="entity-notice-more">
          {omittedEntities === 1
            ? l10n.t('1 more linked entity is not coloured (the view colours the first {0})', entities.entities.length)
            : l10n.t('{0} more linked entities are not coloured (the view colours the first {1})', omittedEntities, entities.entities.length)}
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
        {l10n.t('{0} step #{1}:', sideName(warning.side), warning.step)} <Highlighted text={warning.message} />
      </span>
      {row !== undefined && (
        <button type="button" className="entity-notice-go" onClick={() => goTo({ kind: 'row', row })}>
          {l10n.t('Go to step #{0}', warning.step)}
        </button>
      )}
    </div>
  );
}
