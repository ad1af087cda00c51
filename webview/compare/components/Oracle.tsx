import type { OracleVerdict, RationaleDiff } from '../../../src/core/analysis/comparison';
import type { Side } from '../../../src/protocol/compare';
import { oracleNumber, toolLabel } from '../model/format';
import { useView } from '../viewContext';
import { Codicon } from './Codicon';
import { DiffParts } from './DiffParts';
import { InlineJson } from './Json';
import { LongText } from './LongText';
import { ToolName } from './ToolName';
import * as l10n from '@vscode/l10n';

const SHOWN_ARGS = 3;

/**
 * An expected event in the oracle lane: what was expected, and how each run fared on it. `rationaleInline`: the
 * row already shows the rationales, so there is nothing to open.
 */
export function OracleEventCard({ oracle, rationaleInline = false }: { oracle: number; rationaleInline?: boolean }) {
  const view = useView();
  const event = view.comparison.oracle[oracle];
  if (!event) return null;
  const hasRationale = Boolean(event.baseline?.rationale || event.target?.rationale);
  const args = Object.entries(event.args);
  const key = rationaleKey(oracle);
  const open = view.isOpen(key, rationaleOpenByDefault(event.baseline, event.target));
  return (
    <div className="oracle-event" data-oracle={oracle}>
      <div className="oracle-head">
        <span className="oracle-number">{oracleNumber(oracle)}</span>
        <span className="tool-name" title={event.tool}>
          <ToolName name={toolLabel(event.tool)} />
        </span>
      </div>
      {args.length > 0 && (
        <dl className="args oracle-args">
          {args.slice(0, SHOWN_ARGS).map(([name, value]) => (
            <div className="arg" key={name}>
              <dt>{name}</dt>
              <dd>
                <InlineJson value={value} max={60} />
              </dd>
            </div>
          ))}
          {args.length > SHOWN_ARGS && <div className="oracle-args-more">{l10n.t('+{0} more', args.length - SHOWN_ARGS)}</div>}
        </dl>
      )}
      <div className="verdicts">
        <VerdictChip side="baseline" verdict={event.baseline} />
        <VerdictChip side="target" verdict={event.target} />
      </div>
      {hasRationale && !rationaleInline && (
        <button type="button" className="rationale-toggle" aria-expanded={open} onClick={() => view.toggle(key)}>
          <Codicon name={open ? 'chevron-down' : 'chevron-right'} /> {l10n.t('judge rationale')}
        </button>
      )}
      {event.rationaleDiff && (open || rationaleInline) && <RationaleDiffToggle oracle={oracle} diff={event.rationaleDiff} />}
    </div>
  );
}

/** Key of an oracle event's rationale comparison (diffed or side by side) in the view's open/folded state. */
export function rationaleDiffKey(oracle: number): string {
  return `oracle:${oracle}:rationale-diff`;
}

/** Turns the comparison of the two runs' rationales on and off; says how they are compared. */
function RationaleDiffToggle({ oracle, diff }: { oracle: number; diff: RationaleDiff }) {
  const view = useView();
  const on = view.isOpen(rationaleDiffKey(oracle));
  const label = diff.mode === 'diff' ? l10n.t('diff rationales') : l10n.t('rationales side by side');
  return (
    <div className="rationale-diff">
      <button type="button" className="rationale-diff-toggle" aria-pressed={on} onClick={() => view.toggle(rationaleDiffKey(oracle))}>
        <Codicon name={diff.mode === 'diff' ? 'diff' : 'split-horizontal'} /> {label}
      </button>
      {on && <div className="rationale-diff-note">{rationaleDiffNote(diff)}</div>}
    </div>
  );
}

function rationaleDiffNote(diff: RationaleDiff): string {
  if (diff.mode === 'side-by-side') {
    return l10n.t('written in {0} and {1}: not diffed', diff.baselineLanguageName, diff.targetLanguageName);
  }
  const language = diff.languageName ?? l10n.t('one language');
  return SEGMENTED.has(diff.language) ? l10n.t('both in {0}: diffed by segmented word', language) : l10n.t('both in {0}: diffed by word', language);
}

// Languages written without spaces, whose words Intl.Segmenter finds.
const SEGMENTED = new Set(['cmn', 'zho', 'yue', 'jpn', 'tha', 'lao', 'khm', 'mya']);

/** Key of an oracle event's rationale panel in the view's open/folded state. */
export function rationaleKey(oracle: number): string {
  return `oracle:${oracle}:rationale`;
}

/** Rationales of events a run failed on are what a reader came for: shown without a click. */
export function rationaleOpenByDefault(baseline: OracleVerdict | null, target: OracleVerdict | null): boolean {
  return baseline?.matched === false || target?.matched === false;
}

function VerdictChip({ side, verdict }: { side: Side; verdict: OracleVerdict | null }) {
  const { comparison, layout, goTo } = useView();
  const language = comparison[side].run.languageLabel;
  const mark = verdictMark(verdict);
  const content = (
    <>
      <span className="verdict-language">{language}</span> <span className="verdict-mark">{mark.symbol}</span>
      {verdict?.check && <span className="verdict-check">{verdict.check}</span>}
      {verdict?.step != null && <span className="verdict-step">#{verdict.step}</span>}
    </>
  );
  const row = verdict?.step == null ? undefined : layout.rowOfStep[side].get(verdict.step);
  const title = `${side === 'baseline' ? l10n.t('Baseline') : l10n.t('Target')} (${language}): ${mark.text}`;
  if (row === undefined) {
    return (
      <span className={`verdict verdict--${mark.state}`} title={title}>
        {content}
      </span>
    );
  }
  return (
    <button type="button" className={`verdict verdict--${mark.state}`} title={l10n.t('{0}, go to step', title)} onClick={() => goTo({ kind: 'row', row })}>
      {content}
    </button>
  );
}

/**
 * One run's verdict and rationale on an oracle event, placed in that run's lane; with the rationale comparison on,
 * the rationale diffed against the other run's, or tagged with its language when the two are not diffed.
 */
export function RationaleCell({ id, oracle, side, verdict }: { id: string; oracle: number; side: Side; verdict: OracleVerdict | null }) {
  const { comparison, isOpen } = useView();
  const mark = verdictMark(verdict);
  const diff = isOpen(rationaleDiffKey(oracle)) ? comparison.oracle[oracle]?.rationaleDiff : undefined;
  return (
    <div className={`rationale rationale--${mark.state}`}>
      <div className="rationale-head">
        <span className="verdict-mark">{mark.symbol}</span> {mark.text}
        {verdict?.check && <span className="verdict-check">{verdict.check}</span>}
        <span className="rationale-source">
          {verdict === null ? '' : verdict.llm ? l10n.t('LLM judge') : l10n.t('verifier')} · {comparison[side].run.languageLabel}
        </span>
      </div>
      {verdict?.step == null && <div className="rationale-no-step">{l10n.t('no matching step in this run')}</div>}
      {diff?.mode === 'side-by-side' && (
        <div className="rationale-language">
          {l10n.t('written in {0}', side === 'baseline' ? diff.baselineLanguageName : diff.targetLanguageName)}
        </div>
      )}
      {diff?.mode === 'diff' ? (
        <div className="long-text rationale-text rationale-text--diff">
          <DiffParts parts={diff.parts} side={side} />
        </div>
      ) : verdict?.rationale ? (
        <LongText id={id} text={verdict.rationale} className="rationale-text" />
      ) : null}
    </div>
  );
}

function verdictMark(verdict: OracleVerdict | null): { state: 'ok' | 'fail' | 'none'; symbol: string; text: string } {
  if (verdict?.matched === true) return { state: 'ok', symbol: '✓', text: l10n.t('matched') };
  if (verdict?.matched === false) return { state: 'fail', symbol: '✗', text: l10n.t('not matched') };
  return { state: 'none', symbol: '–', text: l10n.t('not judged') };
}
