import type { ReviewEntry, ReviewMark, ReviewState } from '../../src/protocol/review';
import * as l10n from '@vscode/l10n';
import { codeTitle } from '../shared/codeTitles';

function reviewText(review: ReviewMark | null): string {
  if (review === null) return l10n.t('Not reviewed yet');
  const verdict =
    review.verdict === 'confirm' ? l10n.t('Confirmed') : review.verdict === 'reject' ? l10n.t('Rejected: {0} is right', review.side ?? '') : l10n.t('Undecidable');
  return `${l10n.t('{0} by {1}', verdict, review.annotator)}${review.note ? ` — ${review.note}` : ''}`;
}

/** Where the reviewer is in the queue, which item this is, and the label under review. */
export function ItemHeader({ state, entry, position }: { state: ReviewState; entry: ReviewEntry; position: number }) {
  const reviewed = state.entries.filter((e) => e.review !== null).length;
  const { item, label } = entry;
  return (
    <header className="review-header">
      <div className="review-where">
        <span className="review-position" aria-label={l10n.t('Item {0} of {1}', position + 1, state.entries.length)}>
          {position + 1} / {state.entries.length}
        </span>
        <vscode-badge className="review-stratum" title={l10n.t('Stratum: determinism / language / capability')}>
          {entry.stratum}
        </vscode-badge>
        <span className="review-progress">
          {l10n.t('{0} of {1} reviewed · {2} · seed {3}', reviewed, state.entries.length, state.directory, state.seed)}
        </span>
      </div>
      <h1 className="review-item">
        {entry.scenarioId} · {item.language}
        {item.run === null ? '' : ` · ${l10n.t('run {0}', item.run)}`}
        <span className="review-group">{item.group}</span>
      </h1>
      <section className="review-label" aria-label={l10n.t('Label under review')}>
        <span className="review-code">{label.code}</span>
        <span className="review-title">{codeTitle(label.code, label.title)}</span>
        <span className="review-meta">
          {label.family}
          {label.confidence ? ` · ${l10n.t('{0} confidence', label.confidence)}` : ''} · {l10n.t('by {0}', label.annotator)}
        </span>
        {label.note !== '' && <p className="review-note">{label.note}</p>}
        <p className={entry.review === null ? 'review-mark' : `review-mark review-mark--${entry.review.verdict}`}>{reviewText(entry.review)}</p>
      </section>
    </header>
  );
}
