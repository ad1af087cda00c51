import { useEffect, useRef } from 'react';
import type { Diagnostic, RunSummary } from '../../../src/core/model';
import type { RunChoice, Side } from '../../../src/protocol/compare';
import { Collapsible } from './Collapsible';
import { DiagnosticList } from './DiagnosticList';
import { DriftSummary, LanguageScore } from './DriftHeader';
import { Codicon } from './Codicon';
import { LaneSash } from './LaneSash';
import * as l10n from '@vscode/l10n';

function outcomeOf(outcome: RunSummary['outcome']): { icon: string; text: string } {
  const outcomes: Record<RunSummary['outcome'], { icon: string; text: string }> = {
    pass: { icon: 'pass', text: l10n.t('pass') },
    fail: { icon: 'error', text: l10n.t('fail') },
    infra: { icon: 'warning', text: l10n.t('infrastructure error') },
    unknown: { icon: 'question', text: l10n.t('no verdict') },
  };
  return outcomes[outcome];
}

/** A run's identity and verdict above its lane, with the picker that switches to another run of the same language. */
export function SideHeader({
  side,
  run,
  choices,
  diagnostics,
  files,
  disabled,
  onSwitch,
  onOpenFile,
}: {
  side: Side;
  run: RunSummary;
  choices: RunChoice[];
  diagnostics: Diagnostic[];
  files: string[];
  disabled: boolean;
  onSwitch(runIndex: number): void;
  onOpenFile(path: string, line: number | null): void;
}) {
  const role = side === 'baseline' ? l10n.t('Baseline') : l10n.t('Target');
  const outcome = outcomeOf(run.outcome);
  const picker = useRef<HTMLElement>(null);
  // The picker shows the run on screen again once a switch ended, also when the host refused it.
  useEffect(() => {
    if (picker.current) (picker.current as HTMLSelectElement).value = String(run.runIndex);
  }, [run.runIndex, disabled]);
  return (
    <div className={`side-header side-header--${side}`} role="columnheader" aria-label={`${role} (${run.language})`}>
      <div className="side-title">
        <span className="side-role">{role}</span>
        <span className="side-language" title={run.languageLabel}>
          ({run.language})
        </span>
        {run.setting && (
          <vscode-badge className="side-setting" title={l10n.t('Benchmark setting')}>
            {run.setting}
          </vscode-badge>
        )}
        <vscode-single-select
          ref={picker}
          className="run-picker"
          aria-label={l10n.t('{0} run', role)}
          value={String(run.runIndex)}
          disabled={disabled || choices.length < 2}
          onchange={(event) => {
            const picked = Number((event.target as HTMLSelectElement).value);
            if (picked !== run.runIndex) onSwitch(picked);
          }}
        >
          {choices.map((choice) => (
            <vscode-option key={choice.id} value={String(choice.runIndex)}>
              {`${l10n.t('run {0}', choice.runIndex)} ${choice.outcome === 'pass' ? '✓' : choice.outcome === 'fail' ? '✗' : '⚠'}${choice.failureFamily ? ` ${choice.failureFamily}` : ''}`}
            </vscode-option>
          ))}
        </vscode-single-select>
      </div>
      <div className={`side-verdict outcome--${run.outcome}`}>
        <vscode-icon name={outcome.icon} className="outcome-icon" />
        <span className="outcome-text">{outcome.text}</span>
        {run.failureFamily && <vscode-badge className="failure-family">{run.failureFamily}</vscode-badge>}
        <LanguageScore side={side} />
        {run.model && <span className="side-model">{run.model}</span>}
      </div>
      {run.failureReason && (
        <div className="side-reason" title={run.failureReason}>
          {run.failureReason}
        </div>
      )}
      <DriftSummary side={side} />
      {diagnostics.length > 0 && (
        <Collapsible
          id={`header:${side}:diagnostics`}
          className="side-diagnostics"
          label={
            <>
              <Codicon name="warning" />{' '}
              {diagnostics.length === 1 ? l10n.t('1 problem reading this run') : l10n.t('{0} problems reading this run', diagnostics.length)}
            </>
          }
        >
          {() => <DiagnosticList diagnostics={diagnostics} onOpenFile={onOpenFile} className="diagnostics" />}
        </Collapsible>
      )}
      {files.length > 0 && (
        <Collapsible id={`header:${side}:files`} className="side-files" label={files.length === 1 ? l10n.t('1 file') : l10n.t('{0} files', files.length)}>
          {() => (
            <ul className="run-files">
              {files.map((path) => (
                <li key={path}>
                  <button type="button" className="file-link" title={path} onClick={() => onOpenFile(path, null)}>
                    {path.slice(path.lastIndexOf('/') + 1)}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </Collapsible>
      )}
      {side === 'baseline' && <LaneSash edge="runs" />}
    </div>
  );
}
