import { Fragment } from 'react';
import type { TextDiffPart } from '../../../src/core/analysis/comparison';
import type { Side } from '../../../src/protocol/compare';
import { useEntities } from '../entityContext';
import { rangesWithin } from '../model/entityMatcher';
import { Highlighted } from './Highlighted';

/** One side of a text diff: the baseline shows what was deleted, the target what was inserted. */
export function DiffParts({ parts, side }: { parts: TextDiffPart[]; side: Side }) {
  const { matcher } = useEntities();
  const hidden = side === 'baseline' ? 'insert' : 'delete';
  const shown = parts.filter((p) => p.op !== hidden);
  // Entities are found in the side's whole text: a name the diff split into parts is still one mention.
  const mentions = matcher.find(shown.map((p) => p.text).join(''));
  let offset = 0;
  return shown.map((p, i) => {
    const from = offset;
    offset += p.text.length;
    const text = <Highlighted text={p.text} entities={rangesWithin(mentions, from, offset)} />;
    return p.op === 'equal' ? (
      <Fragment key={i}>{text}</Fragment>
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
