import { Fragment } from 'react';
import type { TextDiffPart } from '../../../src/core/analysis/comparison';
import type { Side } from '../../../src/protocol/compare';
import { useEntities } from '../entityContext';
import { rangesWithin } from '../model/entityMatcher';
import { Highlighted } from './Highlighted';
import * as l10n from '@vscode/l10n';

/** The text a part shows on one side: an equivalent part shows each side's own form. */
function sideText(part: TextDiffPart, side: Side): string {
  return part.op === 'equivalent' && side === 'target' ? part.target : part.text;
}

/**
 * One side of a text diff: the baseline shows what was deleted, the target what was inserted; values that differ
 * only by form are underlined as equivalent, with the normal form in their tooltip.
 */
export function DiffParts({ parts, side }: { parts: TextDiffPart[]; side: Side }) {
  const { matcher } = useEntities();
  const hidden = side === 'baseline' ? 'insert' : 'delete';
  const shown = parts.filter((p) => p.op !== hidden);
  // Entities are found in the side's whole text: a name the diff split into parts is still one mention.
  const mentions = matcher.find(shown.map((p) => sideText(p, side)).join(''));
  let offset = 0;
  return shown.map((p, i) => {
    const from = offset;
    const own = sideText(p, side);
    offset += own.length;
    const text = <Highlighted text={own} entities={rangesWithin(mentions, from, offset)} />;
    return p.op === 'equal' ? (
      <Fragment key={i}>{text}</Fragment>
    ) : p.op === 'equivalent' ? (
      <span key={i} className="diff-equiv" title={equivalentTitle(p.normal)} data-normal={p.normal}>
        {text}
      </span>
    ) : p.op === 'delete' ? (
      <del key={i} className="diff-del">
        {text}
      </del>
    ) : (
      <ins key={i} className="diff-ins">
        {text}
      </ins>
    );
  });
}

/** Tooltip of a value that differs from its counterpart only by form. */
export function equivalentTitle(normal: string): string {
  return l10n.t('equivalent: normal form {0}', normal);
}
