import type { ArgDiff, SelfCorrection } from '../../../src/core/analysis/comparison';
import type { MessageStep, ToolCallStep } from '../../../src/core/model';
import type { Side } from '../../../src/protocol/compare';
import { oracleNumber, resultSummary, valueText } from '../model/format';
import { containsQuery } from '../model/search';
import { useView } from '../viewContext';
import { Codicon } from './Codicon';
import { Collapsible } from './Collapsible';
import { StepEntityWarnings } from './EntityWarnings';
import { ValueBlock } from './Json';
import { LongText } from './LongText';
import { ToolArgs } from './ToolArgs';
import { ToolName } from './ToolName';
import { LanguageChip, MessageText, useOffLanguage } from './TurnLanguage';
import * as l10n from '@vscode/l10n';

/** One side of an aligned row: a message or a tool call, or a placeholder when the other run has no counterpart. */
export function StepCell({ side, step, diffs }: { side: Side; step: number | null; diffs: ArgDiff[] }) {
  const { comparison } = useView();
  const data = step === null ? undefined : comparison[side].steps[step];
  if (step === null || !data) {
    return <div className="no-counterpart">{l10n.t('no counterpart')}</div>;
  }
  return data.kind === 'message' ? (
    <MessageView side={side} index={step} step={data} />
  ) : (
    <ToolCallView side={side} index={step} step={data} diffs={diffs} />
  );
}

const ROLE_ICON: Record<MessageStep['role'], string> = { user: 'account', assistant: 'hubot', system: 'gear' };

function MessageView({ side, index, step }: { side: Side; index: number; step: MessageStep }) {
  const id = `${side}:${index}`;
  const offLanguage = useOffLanguage(side, index);
  return (
    <div className={`step step--message step--${step.role}${offLanguage ? ' step--off-language' : ''}`}>
      <div className="step-head">
        <Codicon name={ROLE_ICON[step.role]} />
        <span className="step-title">{step.role}</span>
        <LanguageChip side={side} step={index} />
        <StepNumber index={index} />
      </div>
      <MessageText id={`${id}:text`} side={side} step={index} text={step.text} />
      <Reasoning id={id} text={step.reasoning} />
    </div>
  );
}

function ToolCallView({ side, index, step, diffs }: { side: Side; index: number; step: ToolCallStep; diffs: ArgDiff[] }) {
  const { layout, query } = useView();
  const id = `${side}:${index}`;
  const corrected = layout.corrected[side].get(index);
  const correcting = layout.correcting[side].get(index);
  const resultText = step.result === null ? '' : valueText(step.result);
  return (
    <div className={`step step--tool ${step.write ? 'step--write' : 'step--read'}${step.error ? ' step--error' : ''}`}>
      <div className="step-head">
        <Codicon
          name={step.write ? 'edit' : 'search'}
          className={step.write ? 'icon-write' : 'icon-read'}
          label={step.write ? l10n.t('write') : l10n.t('read')}
        />
        <span className="step-title tool-name" title={step.tool}>
          {step.app && (
            <span className="tool-app">
              <ToolName name={`${step.app}.`} />
            </span>
          )}
          <span className="tool-fn">
            <ToolName name={step.fn} />
          </span>
        </span>
        {step.write && <span className="tag tag--write">{l10n.t('write')}</span>}
        {step.requestor === 'user' && <span className="tag">{l10n.t('by user')}</span>}
        <OracleMarks side={side} index={index} />
        {corrected && <SelfCorrectionTag correction={corrected} />}
        {correcting && (
          <span className="tag tag--correction" title={correcting.explanation}>
            {l10n.t('undoes #{0}', correcting.step)}
          </span>
        )}
        <StepNumber index={index} />
      </div>
      <ToolArgs id={id} args={step.args} diffs={diffs} side={side} />
      <StepEntityWarnings side={side} index={index} />
      {step.error !== null && (
        <div className="step-error">
          <Codicon name="error" /> {step.error}
        </div>
      )}
      {step.result !== null && (
        <Collapsible
          id={`${id}:result`}
          className="result"
          openByDefault={containsQuery(resultText, query)}
          label={
            <>
              <span className="result-arrow">→</span> {resultSummary(step.result)}
            </>
          }
        >
          {() => <ValueBlock value={step.result} />}
        </Collapsible>
      )}
      <Reasoning id={id} text={step.reasoning} />
    </div>
  );
}

function Reasoning({ id, text }: { id: string; text: string | null }) {
  const { query } = useView();
  if (!text) return null;
  return (
    <Collapsible id={`${id}:reasoning`} className="reasoning" label={l10n.t('reasoning')} openByDefault={containsQuery(text, query)}>
      {() => <LongText id={`${id}:reasoning-text`} text={text} />}
    </Collapsible>
  );
}

function StepNumber({ index }: { index: number }) {
  return (
    <span className="step-number" title={l10n.t('Step {0} of this run', index)}>
      #{index}
    </span>
  );
}

/** ✓/✗ marks on a write for each oracle event it was matched to; a click goes to the oracle event. */
function OracleMarks({ side, index }: { side: Side; index: number }) {
  const { layout, comparison, goTo } = useView();
  const events = layout.oracleOfStep[side].get(index) ?? [];
  return events.map((oracle) => {
    const matched = comparison.oracle[oracle]?.[side]?.matched ?? null;
    const state = matched === true ? 'ok' : matched === false ? 'fail' : 'none';
    return (
      <button
        key={oracle}
        type="button"
        className={`oracle-mark oracle-mark--${state}`}
        title={l10n.t('Oracle event {0}: {1}', oracle + 1, matched === true ? l10n.t('matched') : matched === false ? l10n.t('not matched') : l10n.t('not judged'))}
        onClick={() => goTo({ kind: 'oracle', oracle })}
      >
        {oracleNumber(oracle)} {matched === true ? '✓' : matched === false ? '✗' : '–'}
      </button>
    );
  });
}

function SelfCorrectionTag({ correction }: { correction: SelfCorrection }) {
  return (
    <span className={`tag ${correction.harmless ? 'tag--correction' : 'tag--undone'}`} title={correction.explanation}>
      <Codicon name="history" />{' '}
      {correction.harmless
        ? l10n.t('harmless self-correction · undone by #{0}', correction.undoneBy)
        : l10n.t('undone by #{0} · not redone', correction.undoneBy)}
    </span>
  );
}
