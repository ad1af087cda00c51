import type { ReactNode } from 'react';
import type { SideDrift } from '../../../src/core/drift/compareDrift';
import type { Side } from '../../../src/protocol/compare';
import { useSideDrift } from '../driftContext';
import { useView } from '../viewContext';
import { Codicon } from './Codicon';
import { Collapsible } from './Collapsible';
import { offTargetLanguages } from './TurnLanguage';
import * as l10n from '@vscode/l10n';

const score = (value: number): string => value.toFixed(2);

/** "lang 0.75 · file 0.75" beside the verdict: the detected language correctness and the one the file carries. */
export function LanguageScore({ side }: { side: Side }) {
  const drift = useSideDrift(side);
  if (drift.score === null && drift.fileScore === null) return null;
  const drifted = drift.correctAssistantTurns < drift.assistantTurns;
  const title =
    drift.score === null
      ? l10n.t('No assistant turn could be judged here.')
      : l10n.t(
          'Language correctness: {0} of {1} assistant turns in {2}.',
          drift.correctAssistantTurns,
          drift.assistantTurns,
          drift.expected ?? l10n.t('the run language'),
        );
  return (
    <span className="language-score">
      <span className={`language-score-value${drifted ? ' language-score-value--drift' : ''}`} title={title}>
        {l10n.t('lang {0}', drift.score === null ? '–' : score(drift.score))}
      </span>
      {drift.fileScore !== null && (
        <span className="language-score-file" title={l10n.t("The language correctness the run's file carries")}>
          · {l10n.t('file {0}', score(drift.fileScore))}
        </span>
      )}
      {drift.disagreements.length > 0 && (
        <span className="language-score-disagrees" title={drift.disagreements.map((d) => d.message).join('\n')}>
          <Codicon name="warning" /> {l10n.t('differs from the file')}
        </span>
      )}
    </span>
  );
}

function summary(drift: SideDrift): string {
  const off = drift.assistantTurns - drift.correctAssistantTurns;
  if (off === 0) {
    return drift.assistantTurns === 1
      ? l10n.t('language: 1 assistant turn in {0}', drift.expected ?? '?')
      : l10n.t('language: {0} assistant turns in {1}', drift.assistantTurns, drift.expected ?? '?');
  }
  return l10n.t('language drift: {0} of {1} assistant turns off target', off, drift.assistantTurns);
}

/**
 * Under a side's header: off-target assistant turns by their position in the conversation, links to the drifting
 * turns, and where the file's language correctness counts differently. Open when there is something to see.
 */
export function DriftSummary({ side }: { side: Side }) {
  const drift = useSideDrift(side);
  const { expected } = drift;
  if (expected === null || drift.assistantTurns === 0) return null;
  const offTurns = drift.turns.filter((t) => t.offTarget);
  return (
    <Collapsible
      id={`header:${side}:drift`}
      className="side-drift"
      openByDefault={offTurns.length > 0 || drift.disagreements.length > 0}
      label={summary(drift)}
    >
      {() => (
        <div className="drift-summary">
          <table className="drift-positions" aria-label={l10n.t('Off-target assistant turns by position in the conversation')}>
            <thead>
              <tr>
                <th scope="row">{l10n.t('turn')}</th>
                {drift.byPosition.map((p) => (
                  <th key={p.position} scope="col">
                    {p.position}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">{l10n.t('off target')}</th>
                {drift.byPosition.map((p) => (
                  <td key={p.position} title={l10n.t('Assistant turn {0}: {1} of {2} off target', p.position, p.offTarget, p.turns)}>
                    <span className="drift-bar" aria-hidden="true">
                      <span className={`drift-bar-fill${p.offTarget > 0 ? ' drift-bar-fill--drift' : ''}`} style={{ height: `${Math.round(p.offTargetRate * 100)}%` }} />
                    </span>
                    <span className="drift-count">
                      {p.offTarget}/{p.turns}
                    </span>
                  </td>
                ))}
              </tr>
            </tbody>
          </table>
          {offTurns.length > 0 && (
            <div className="drift-turns">
              {l10n.t('off target:')}{' '}
              {offTurns.map((t) => (
                <StepLink key={t.step} side={side} step={t.step} title={l10n.t('Go to step #{0}', t.step)}>
                  #{t.step} {t.role}: {offTargetLanguages(t, expected)}
                </StepLink>
              ))}
            </div>
          )}
          {drift.disagreements.length > 0 && (
            <ul className="drift-disagreements" aria-label={l10n.t("Where the file's language correctness differs")}>
              {drift.disagreements.map((d, i) => (
                <li key={i}>
                  <Codicon name="warning" /> <Disagreement side={side} step={d.step} message={d.message} />
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Collapsible>
  );
}

/** A disagreement's message, with the step it starts with (`#6 …`) as a link to that step. */
function Disagreement({ side, step, message }: { side: Side; step: number | null; message: string }) {
  const name = `#${step}`;
  if (step === null || !message.startsWith(name)) return <>{message}</>;
  return (
    <>
      <StepLink side={side} step={step} title={l10n.t('Go to step #{0}', step)}>
        {name}
      </StepLink>
      {message.slice(name.length)}
    </>
  );
}

/** A button that scrolls the lanes to a step of one side. */
function StepLink({ side, step, title, children }: { side: Side; step: number; title: string; children: ReactNode }) {
  const { comparison, goTo } = useView();
  const row = comparison.rows.findIndex((r) => r[side] === step);
  return (
    <button type="button" className="drift-turn-link" title={title} disabled={row < 0} onClick={() => goTo({ kind: 'row', row })}>
      {children}
    </button>
  );
}
