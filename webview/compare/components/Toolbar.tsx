import type { ReactNode } from 'react';
import type { Comparison } from '../../../src/core/analysis/comparison';
import * as l10n from '@vscode/l10n';

/** Scenario title and the actions of the view; keys in the titles are the same as in VS Code's diff editor. */
export function Toolbar({
  comparison,
  differences,
  differenceIndex,
  busy,
  onSwap,
  onPrevious,
  onNext,
  onFind,
  onCopyLink,
  labelButton,
}: {
  comparison: Comparison;
  differences: number;
  /** Index of the difference at the cursor, or -1. */
  differenceIndex: number;
  busy: string | null;
  onSwap(): void;
  onPrevious(): void;
  onNext(): void;
  onFind(): void;
  onCopyLink: (() => void) | null;
  /** Labels the compared target (LabelButton). */
  labelButton: ReactNode;
}) {
  const run = comparison.baseline.run;
  const onlyBaseline = comparison.rows.filter((r) => r.kind === 'baseline-only').length;
  const onlyTarget = comparison.rows.filter((r) => r.kind === 'target-only').length;
  return (
    <div className="toolbar" role="toolbar" aria-label={l10n.t('Compare runs')}>
      <div className="toolbar-title">
        <span className="scenario" title={run.group}>
          {run.scenarioId}
        </span>
        {run.capability && <span className="capability">{run.capability}</span>}
        <span className="difference-summary">
          {differences === 0 ? l10n.t('no differences') : differences === 1 ? l10n.t('1 difference') : l10n.t('{0} differences', differences)}
          {onlyBaseline + onlyTarget > 0 && ` · ${l10n.t('{0} only in baseline · {1} only in target', onlyBaseline, onlyTarget)}`}
        </span>
      </div>
      <div className="toolbar-actions">
        <vscode-button secondary icon="arrow-swap" title={l10n.t('Swap baseline and target')} disabled={busy !== null} onClick={onSwap}>
          {l10n.t('Swap')}
        </vscode-button>
        <vscode-button secondary icon="arrow-up" title={l10n.t('Previous difference (Shift+F7 or Shift+Alt+F5)')} disabled={differences === 0} onClick={onPrevious}>
          {l10n.t('Previous')}
        </vscode-button>
        <vscode-button secondary icon="arrow-down" title={l10n.t('Next difference (F7 or Alt+F5)')} disabled={differences === 0} onClick={onNext}>
          {l10n.t('Next')}
        </vscode-button>
        <span className="difference-position" aria-live="polite">
          {differenceIndex >= 0 ? l10n.t('{0} of {1}', differenceIndex + 1, differences) : ''}
        </span>
        <vscode-button secondary icon="search" title={l10n.t('Find (/ or Ctrl+F)')} onClick={onFind}>
          {l10n.t('Find')}
        </vscode-button>
        <vscode-button
          secondary
          icon="link"
          title={l10n.t('Copy a link to the selected step')}
          disabled={onCopyLink === null}
          onClick={() => onCopyLink?.()}
        >
          {l10n.t('Copy link')}
        </vscode-button>
        {labelButton}
      </div>
    </div>
  );
}
