import { memo, type ReactNode } from 'react';
import type { TextDiffPart } from '../../../src/core/analysis/comparison';
import { SIDES, type Side } from '../../../src/protocol/compare';
import { sameTarget, type DisplayRow, type Target } from '../model/layout';
import { useView } from '../viewContext';
import { Codicon } from './Codicon';
import { DiffParts } from './DiffParts';
import { LongText } from './LongText';
import { OracleEventCard, RationaleCell, rationaleKey, rationaleOpenByDefault } from './Oracle';
import { StepCell } from './StepCell';
import * as l10n from '@vscode/l10n';

/** One line of the three-lane grid: gutter | oracle | baseline | target. */
export const Row = memo(function Row({ row, hit }: { row: DisplayRow; hit: boolean }) {
  switch (row.type) {
    case 'task':
      return <TaskRow hit={hit} />;
    case 'oracle':
      return <UnplacedOracleRow oracle={row.oracle} hit={hit} />;
    case 'step':
      return <StepRow row={row.row} oracle={row.oracle} hit={hit} />;
    case 'fold':
      return <FoldRow start={row.start} end={row.end} />;
    case 'final':
      return <FinalRow hit={hit} />;
  }
});

function Frame({
  target,
  kind,
  hit,
  gutter,
  children,
}: {
  target: Target;
  kind: string;
  hit: boolean;
  gutter?: ReactNode;
  children: ReactNode;
}) {
  const { cursor, select } = useView();
  const selected = sameTarget(cursor, target);
  return (
    <div
      className={`row row--${kind}${selected ? ' row--selected' : ''}${hit ? ' row--hit' : ''}`}
      data-row-kind={kind}
      data-target={target.kind === 'row' ? `row:${target.row}` : target.kind === 'oracle' ? `oracle:${target.oracle}` : target.kind}
      aria-selected={selected}
      role="row"
      onClick={(event) => {
        // Clicks on buttons inside the row do their own thing.
        if (!(event.target as HTMLElement).closest('button, a, vscode-button')) select(target);
      }}
    >
      <div className="gutter" role="rowheader">
        {gutter}
      </div>
      {children}
    </div>
  );
}

function StepRow({ row, oracle, hit }: { row: number; oracle: number[]; hit: boolean }) {
  const view = useView();
  const aligned = view.comparison.rows[row];
  if (!aligned) return null;
  const openRationales = oracle.filter((o) => {
    const event = view.comparison.oracle[o];
    return event && view.isOpen(rationaleKey(o), rationaleOpenByDefault(event.baseline, event.target));
  });
  return (
    <Frame
      target={{ kind: 'row', row }}
      kind={aligned.kind}
      hit={hit}
      gutter={
        <>
          <span className="row-number">{row}</span>
          <button type="button" className="row-link" title={l10n.t('Copy a link to this step')} onClick={() => view.copyLink(row)}>
            <Codicon name="link" label={l10n.t('Copy link')} />
          </button>
        </>
      }
    >
      <div className="lane lane--oracle" role="cell">
        {oracle.map((o) => (
          <OracleEventCard key={o} oracle={o} />
        ))}
      </div>
      <div className="lane lane--baseline" role="cell">
        <StepCell side="baseline" step={aligned.baseline} diffs={aligned.argDiff} />
      </div>
      <div className="lane lane--target" role="cell">
        <StepCell side="target" step={aligned.target} diffs={aligned.argDiff} />
      </div>
      {openRationales.map((o) => (
        <RationaleRow key={o} oracle={o} />
      ))}
    </Frame>
  );
}

/** An oracle event's rationales under its row, each in its run's lane. */
function RationaleRow({ oracle }: { oracle: number }) {
  const event = useView().comparison.oracle[oracle];
  if (!event) return null;
  return (
    <div className="rationale-row">
      <div className="lane lane--oracle rationale-label">{l10n.t('judge rationale')}</div>
      <div className="lane lane--baseline">
        <RationaleCell id={`${rationaleKey(oracle)}:baseline`} oracle={oracle} side="baseline" verdict={event.baseline} />
      </div>
      <div className="lane lane--target">
        <RationaleCell id={`${rationaleKey(oracle)}:target`} oracle={oracle} side="target" verdict={event.target} />
      </div>
    </div>
  );
}

function UnplacedOracleRow({ oracle, hit }: { oracle: number; hit: boolean }) {
  const event = useView().comparison.oracle[oracle];
  if (!event) return null;
  return (
    <Frame target={{ kind: 'oracle', oracle }} kind="unmatched-oracle" hit={hit} gutter={<Codicon name="target" label={l10n.t('Oracle event')} />}>
      <div className="lane lane--oracle" role="cell">
        <OracleEventCard oracle={oracle} rationaleInline />
      </div>
      <div className="lane lane--baseline" role="cell">
        <RationaleCell id={`${rationaleKey(oracle)}:baseline`} oracle={oracle} side="baseline" verdict={event.baseline} />
      </div>
      <div className="lane lane--target" role="cell">
        <RationaleCell id={`${rationaleKey(oracle)}:target`} oracle={oracle} side="target" verdict={event.target} />
      </div>
    </Frame>
  );
}

function FoldRow({ start, end }: { start: number; end: number }) {
  const { expandFold } = useView();
  const count = end - start;
  return (
    <div className="row row--fold" data-row-kind="fold" role="row">
      <button type="button" className="fold-button" onClick={() => expandFold(start)} title={l10n.t('Show rows {0}–{1}', start, end - 1)}>
        <Codicon name="unfold" /> {l10n.t('{0} identical steps', count)}
      </button>
    </div>
  );
}

function TaskRow({ hit }: { hit: boolean }) {
  const { comparison } = useView();
  return (
    <Frame target={{ kind: 'task' }} kind="task" hit={hit} gutter={<Codicon name="account" label={l10n.t('Task')} />}>
      <div className="lane lane--oracle lane-label" role="cell">
        {l10n.t('Task')}
      </div>
      {SIDES.map((side) => (
        <div key={side} className={`lane lane--${side}`} role="cell">
          {comparison[side].task === null ? (
            <div className="absent">{l10n.t('no task recorded')}</div>
          ) : (
            <LongText id={`${side}:task`} text={comparison[side].task ?? ''} className="task-text" />
          )}
        </div>
      ))}
    </Frame>
  );
}

function FinalRow({ hit }: { hit: boolean }) {
  const { comparison } = useView();
  const parts = comparison.finalAnswerDiff;
  const differs = parts?.some((p) => p.op === 'delete' || p.op === 'insert') ?? false;
  return (
    <Frame target={{ kind: 'final' }} kind={differs ? 'final-changed' : 'final'} hit={hit} gutter={<Codicon name="comment" label={l10n.t('Final answer')} />}>
      <div className="lane lane--oracle lane-label" role="cell">
        {l10n.t('Final answer')}
      </div>
      {SIDES.map((side) => (
        <div key={side} className={`lane lane--${side}`} role="cell">
          <FinalAnswer side={side} parts={parts} />
        </div>
      ))}
    </Frame>
  );
}

function FinalAnswer({ side, parts }: { side: Side; parts: TextDiffPart[] | null }) {
  const answer = useView().comparison[side].finalAnswer;
  if (answer === null) return <div className="absent">{l10n.t('no final answer')}</div>;
  if (parts === null) return <LongText id={`${side}:final`} text={answer} />;
  return (
    <div className="long-text final-answer">
      <DiffParts parts={parts} side={side} />
    </div>
  );
}
