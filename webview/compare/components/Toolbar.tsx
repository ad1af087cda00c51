import type { ReactNode } from 'react';
import type { Comparison } from '../../../src/core/analysis/comparison';

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
    <div className="toolbar" role="toolbar" aria-label="Compare runs">
      <div className="toolbar-title">
        <span className="scenario" title={run.group}>
          {run.scenarioId}
        </span>
        {run.capability && <span className="capability">{run.capability}</span>}
        <span className="difference-summary">
          {differences === 0 ? 'no differences' : differences === 1 ? '1 difference' : `${differences} differences`}
          {onlyBaseline + onlyTarget > 0 && ` · ${onlyBaseline} only in baseline · ${onlyTarget} only in target`}
        </span>
      </div>
      <div className="toolbar-actions">
        <vscode-button secondary icon="arrow-swap" title="Swap baseline and target" disabled={busy !== null} onClick={onSwap}>
          Swap
        </vscode-button>
        <vscode-button secondary icon="arrow-up" title="Previous difference (Shift+F7 or Shift+Alt+F5)" disabled={differences === 0} onClick={onPrevious}>
          Previous
        </vscode-button>
        <vscode-button secondary icon="arrow-down" title="Next difference (F7 or Alt+F5)" disabled={differences === 0} onClick={onNext}>
          Next
        </vscode-button>
        <span className="difference-position" aria-live="polite">
          {differenceIndex >= 0 ? `${differenceIndex + 1} of ${differences}` : ''}
        </span>
        <vscode-button secondary icon="search" title="Find (/ or Ctrl+F)" onClick={onFind}>
          Find
        </vscode-button>
        <vscode-button
          secondary
          icon="link"
          title="Copy a link to the selected step"
          disabled={onCopyLink === null}
          onClick={() => onCopyLink?.()}
        >
          Copy link
        </vscode-button>
        {labelButton}
      </div>
    </div>
  );
}
