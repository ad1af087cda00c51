import type { TextDiffPart } from '../../../src/core/analysis/comparison';
import type { Side } from '../../../src/protocol/compare';
import { Highlighted } from './Highlighted';

/** One side of a text diff: the baseline shows what was deleted, the target what was inserted. */
export function DiffParts({ parts, side }: { parts: TextDiffPart[]; side: Side }) {
  const hidden = side === 'baseline' ? 'insert' : 'delete';
  return parts
    .filter((p) => p.op !== hidden)
    .map((p, i) =>
      p.op === 'equal' ? (
        <Highlighted key={i} text={p.text} />
      ) : p.op === 'delete' ? (
        <del key={i} className="diff-del">
          <Highlighted text={p.text} />
        </del>
      ) : (
        <ins key={i} className="diff-ins">
          <Highlighted text={p.text} />
        </ins>
      ),
    );
}
