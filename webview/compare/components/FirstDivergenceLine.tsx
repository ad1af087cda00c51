import type { FirstDivergence } from '../../../src/core/analysis/firstDivergence';
import type { Target } from '../model/layout';
import { Codicon } from './Codicon';
import * as l10n from '@vscode/l10n';

// The one line above the lanes that says where the runs first part ways in a way that can change the verdict; a
// click scrolls there (the row, or the final answers).

/** Where the first divergence is in the view, or null when there is none to go to. */
export function divergenceTarget(d: FirstDivergence): Target | null {
  if (d.row !== null) return { kind: 'row', row: d.row };
  return d.kind === 'different-answer' ? { kind: 'final' } : null;
}

export function FirstDivergenceLine({ divergence, onGo }: { divergence: FirstDivergence; onGo(target: Target): void }) {
  const target = divergenceTarget(divergence);
  const icon = divergence.kind === 'none' ? 'pass' : 'git-compare';
  return (
    <div className={`first-divergence first-divergence--${divergence.kind}`} role="region" aria-label={l10n.t('First divergence')}>
      <Codicon name={icon} className="first-divergence-icon" />
      {target === null ? (
        <span className="first-divergence-text">{divergence.summary}</span>
      ) : (
        <button type="button" className="first-divergence-text first-divergence-go" title={l10n.t('Go to the first divergence')} onClick={() => onGo(target)}>
          {divergence.summary}
        </button>
      )}
    </div>
  );
}
