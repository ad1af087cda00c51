import type { ArgDiff } from '../../../src/core/analysis/comparison';
import type { Side } from '../../../src/protocol/compare';
import { topLevelKey } from '../model/format';
import { useView } from '../viewContext';
import { Collapsible } from './Collapsible';
import { DiffParts, equivalentTitle } from './DiffParts';
import { InlineJson, ValueBlock } from './Json';
import * as l10n from '@vscode/l10n';

const INLINE_MAX = 240;

/**
 * A tool call's arguments. In a changed pair the differing values come first, diffed inside the value
 * (deletions shown on the baseline side, insertions on the target side); unchanged arguments are folded.
 */
export function ToolArgs({ id, args, diffs, side }: { id: string; args: Record<string, unknown>; diffs: ArgDiff[]; side: Side }) {
  const keys = Object.keys(args);
  if (diffs.length === 0) {
    return keys.length === 0 ? <div className="args-empty">{l10n.t('no arguments')}</div> : <ArgList id={id} args={args} keys={keys} />;
  }
  const changed = new Set(diffs.map((d) => topLevelKey(d.path)));
  const unchanged = keys.filter((k) => !changed.has(k));
  return (
    <>
      <dl className="args args--changed">
        {diffs.map((diff) => (
          <div className={diff.equivalent ? 'arg arg--equivalent' : 'arg'} key={diff.path}>
            <dt>
              {diff.path}
              {diff.equivalent && <EquivalentMark normal={diff.normal ?? ''} />}
            </dt>
            <dd>
              <DiffValue diff={diff} side={side} />
            </dd>
          </div>
        ))}
      </dl>
      {unchanged.length > 0 && (
        <Collapsible
          id={`${id}:unchanged`}
          className="args-unchanged"
          label={unchanged.length === 1 ? l10n.t('1 unchanged argument') : l10n.t('{0} unchanged arguments', unchanged.length)}
        >
          {() => <ArgList id={id} args={args} keys={unchanged} />}
        </Collapsible>
      )}
    </>
  );
}

/** `≈` beside an argument whose values differ only by form (a date or amount written another way). */
function EquivalentMark({ normal }: { normal: string }) {
  const title = equivalentTitle(normal);
  return (
    <span className="equiv-mark" title={title} aria-label={title} role="img">
      ≈
    </span>
  );
}

function ArgList({ id, args, keys }: { id: string; args: Record<string, unknown>; keys: string[] }) {
  return (
    <dl className="args">
      {keys.map((key) => (
        <div className="arg" key={key}>
          <dt>{key}</dt>
          <dd>
            <ArgValue id={`${id}:arg:${key}`} value={args[key]} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** One line of JSON; a long value opens in full on demand. */
function ArgValue({ id, value }: { id: string; value: unknown }) {
  const view = useView();
  const long = (JSON.stringify(value) ?? '').length > INLINE_MAX;
  if (!long) return <InlineJson value={value} />;
  const open = view.isOpen(id);
  return (
    <>
      <button type="button" className="arg-more" aria-expanded={open} onClick={() => view.toggle(id)}>
        {open ? l10n.t('show less') : l10n.t('show all')}
      </button>
      {open ? <ValueBlock value={value} /> : <InlineJson value={value} max={INLINE_MAX} />}
    </>
  );
}

function DiffValue({ diff, side }: { diff: ArgDiff; side: Side }) {
  const own = side === 'baseline' ? diff.baseline : diff.target;
  if (own === undefined) return <span className="absent">{l10n.t('(absent)')}</span>;
  if (diff.parts === null) {
    return (
      <span className={side === 'baseline' ? 'diff-del-block' : 'diff-ins-block'}>
        <InlineJson value={own} max={2000} />
      </span>
    );
  }
  const quote = typeof own === 'string' ? '"' : '';
  return (
    <span className={`diff-value ${quote ? 'tok-string' : 'tok-literal'}`} title={diff.equivalent ? equivalentTitle(diff.normal ?? '') : undefined}>
      {quote}
      <DiffParts parts={diff.parts} side={side} />
      {quote}
    </span>
  );
}
