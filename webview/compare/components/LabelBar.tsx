import { useEffect } from 'react';
import type { CompareLabels, ItemLabel, LabelScope } from '../../../src/protocol/compareLabels';
import { Codicon } from './Codicon';
import './LabelBar.css';
import * as l10n from '@vscode/l10n';
import { codeTitle } from '../../shared/codeTitles';

// The triage labels of the target's pair and run under the toolbar, and the ways to label them: `l` labels the pair,
// `Shift+L` the run (keys as on the tree items), or the buttons. The host opens its quick picks.

const KEY_OF: Record<LabelScope, string> = { pair: 'L', run: 'Shift+L' };

function actionTitle(labels: CompareLabels, scope: LabelScope): string {
  return labels.readOnly ?? l10n.t('Label {0}… ({1})', labels[scope].text, KEY_OF[scope]);
}

/** The toolbar's "Label…" button: labels the pair, the default target. */
export function LabelButton({ labels, onLabel }: { labels: CompareLabels; onLabel(scope: LabelScope): void }) {
  return (
    <vscode-button
      secondary
      icon="tag"
      className="label-button"
      title={labels.readOnly ?? l10n.t('Label {0}… (L); the run alone: Shift+L', labels.pair.text)}
      disabled={labels.readOnly !== null}
      onClick={() => onLabel('pair')}
    >
      {l10n.t('Label…')}
    </vscode-button>
  );
}

function Item({ entry, labels, onLabel }: { entry: ItemLabel; labels: CompareLabels; onLabel(scope: LabelScope): void }) {
  const { label, suggestion } = entry;
  return (
    <div className="label-item" data-scope={entry.scope} role="group" aria-label={l10n.t('Label of {0}', entry.text)}>
      <span className="label-target">{entry.text}</span>
      {label ? (
        <span className="label-current" title={label.note === '' ? l10n.t('No note') : label.note}>
          <vscode-badge className="label-code">{label.code}</vscode-badge>
          <span className="label-title">{codeTitle(label.code, label.title)}</span>
          <span className="label-meta">
            {[label.confidence, label.kind === 'review' ? l10n.t('reviewed by {0}', label.annotator) : label.annotator].filter(Boolean).join(' · ')}
          </span>
          {label.note !== '' && <Codicon name="note" label={l10n.t('Note: {0}', label.note)} />}
        </span>
      ) : (
        <span className="label-none">
          {l10n.t('no label')}
          {suggestion && (
            <>
              {` · ${l10n.t('suggested')} `}
              <span className="label-suggested-code">{suggestion.code}</span>
              <span className="label-title">{codeTitle(suggestion.code, suggestion.title)}</span>
              {suggestion.evidence.length > 0 && (
                <span className="label-evidence" title={suggestion.evidence.join('\n')}>
                  {suggestion.evidence.join('; ')}
                </span>
              )}
            </>
          )}
        </span>
      )}
      <button
        type="button"
        className="icon-button label-action"
        title={actionTitle(labels, entry.scope)}
        aria-label={l10n.t('Label {0}…', entry.text)}
        disabled={labels.readOnly !== null}
        onClick={() => onLabel(entry.scope)}
      >
        <Codicon name="tag" />
      </button>
    </div>
  );
}

export function LabelBar({ labels, onLabel }: { labels: CompareLabels; onLabel(scope: LabelScope): void }) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'l' || event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
      const typing = (event.target as HTMLElement | null)?.closest?.('input, textarea, vscode-textfield') != null;
      if (typing) return;
      event.preventDefault();
      // In Restricted Mode the host refuses and says why, as it does for the button's title.
      onLabel(event.shiftKey ? 'run' : 'pair');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onLabel]);
  return (
    <section className="label-bar" aria-label={l10n.t('Triage labels')}>
      <Codicon name="tag" className="label-bar-icon" />
      <Item entry={labels.pair} labels={labels} onLabel={onLabel} />
      <Item entry={labels.run} labels={labels} onLabel={onLabel} />
    </section>
  );
}
