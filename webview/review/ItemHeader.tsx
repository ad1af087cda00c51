import type { ReviewEntry, ReviewMark, ReviewState } from '../../src/protocol/review';

function reviewText(review: ReviewMark | null): string {
  if (review === null) return 'Not reviewed yet';
  const verdict =
    review.verdict === 'confirm' ? 'Confirmed' : review.verdict === 'reject' ? `Rejected: ${review.side ?? ''} is right` : 'Undecidable';
  return `${verdict} by ${review.annotator}${review.note ? ` — ${review.note}` : ''}`;
}

/** Where the reviewer is in the queue, which item this is, and the label under review. */
export function ItemHeader({ state, entry, position }: { state: ReviewState; entry: ReviewEntry; position: number }) {
  const reviewed = state.entries.filter((e) => e.review !== null).length;
  const { item, label } = entry;
  return (
    <header className="review-header">
      <div className="review-where">
        <span className="review-position" aria-label={`Item ${position + 1} of ${state.entries.length}`}>
          {position + 1} / {state.entries.length}
        </span>
        <vscode-badge className="review-stratum" title="Stratum: determinism / language / capability">
          {entry.stratum}
        </vscode-badge>
        <span className="review-progress">
          {reviewed} of {state.entries.length} reviewed · {state.directory} · seed {state.seed}
        </span>
      </div>
      <h1 className="review-item">
        {entry.scenarioId} · {item.language}
        {item.run === null ? '' : ` · run ${item.run}`}
        <span className="review-group">{item.group}</span>
      </h1>
      <section className="review-label" aria-label="Label under review">
        <span className="review-code">{label.code}</span>
        <span className="review-title">{label.title}</span>
        <span className="review-meta">
          {label.family}
          {label.confidence ? ` · ${label.confidence} confidence` : ''} · by {label.annotator}
        </span>
        {label.note !== '' && <p className="review-note">{label.note}</p>}
        <p className={entry.review === null ? 'review-mark' : `review-mark review-mark--${entry.review.verdict}`}>{reviewText(entry.review)}</p>
      </section>
    </header>
  );
}
