import type { ReviewEvidence, RunEvidence } from '../../src/protocol/review';
import * as l10n from '@vscode/l10n';

/** Text as the run wrote it (never markup), or a muted placeholder. */
function Text({ text, none }: { text: string | null; none: string }) {
  return text === null || text.trim() === '' ? <p className="review-none">{none}</p> : <pre className="review-text">{text}</pre>;
}

function SideBySide({
  title,
  baseline,
  target,
  pick,
  none,
}: {
  title: string;
  baseline: RunEvidence | null;
  target: RunEvidence;
  pick(run: RunEvidence): string | null;
  none: string;
}) {
  return (
    <section className="review-pair" aria-label={title}>
      <h2>{title}</h2>
      <div className="review-columns">
        <div className="review-column" aria-label={l10n.t('{0}: baseline', title)}>
          <h3>{baseline ? l10n.t('Source · {0} · {1}', baseline.label, baseline.outcome) : l10n.t('Source · no baseline run')}</h3>
          <Text text={baseline ? pick(baseline) : null} none={none} />
        </div>
        <div className="review-column" aria-label={l10n.t('{0}: target', title)}>
          <h3>
            {l10n.t('Translated · {0} · {1}', target.label, target.outcome)}
          </h3>
          <Text text={pick(target)} none={none} />
        </div>
      </div>
    </section>
  );
}

/** The decision-relevant evidence only: tasks, final answers, the oracle reference and what failed. */
export function EvidenceView({ evidence }: { evidence: ReviewEvidence }) {
  const { baseline, target } = evidence;
  return (
    <div className="review-evidence">
      {evidence.problems.length > 0 && (
        <ul className="review-problems" aria-label={l10n.t('Problems reading the runs')}>
          {evidence.problems.map((p, k) => (
            <li key={k}>{p}</li>
          ))}
        </ul>
      )}
      <SideBySide title={l10n.t('Task')} baseline={baseline} target={target} pick={(r) => r.task} none={l10n.t('No task recorded.')} />
      <section className="review-failed" aria-label={l10n.t('Failing checks')}>
        <h2>{l10n.t('Why the target failed')}</h2>
        {target.failureReason !== null && <p className="review-reason">{target.failureReason}</p>}
        {evidence.failed.length === 0 ? (
          <p className="review-none">{l10n.t('No failing judge decision or check recorded.')}</p>
        ) : (
          <ul>
            {evidence.failed.map((f, k) => (
              <li key={k} className="review-check">
                <span className="review-check-name">
                  {f.check}
                  {f.tool ? ` · ${f.tool}` : ''}
                  {f.llm ? ` · ${l10n.t('LLM judge')}` : ''}
                </span>
                <pre className="review-text">{f.rationale}</pre>
              </li>
            ))}
          </ul>
        )}
      </section>
      <SideBySide title={l10n.t('Final answer')} baseline={baseline} target={target} pick={(r) => r.finalAnswer} none={l10n.t('No final answer.')} />
      <section className="review-oracle" aria-label={l10n.t('Oracle reference')}>
        <h2>{l10n.t('Oracle reference (expected events)')}</h2>
        {evidence.oracle.length === 0 ? (
          <p className="review-none">{l10n.t('No oracle events recorded.')}</p>
        ) : (
          <ol>
            {evidence.oracle.map((e, k) => (
              <li key={k}>
                <span className="review-tool">{e.tool}</span>
                {e.turn !== null && <span className="review-turn"> · {l10n.t('turn {0}', e.turn)}</span>}
                <pre className="review-text">{e.args}</pre>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
