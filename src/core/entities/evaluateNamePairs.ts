import { nameForm } from './romanize';
import { sameName } from './sameName';

// Precision, recall and false-link rate of the name matcher on a labelled set of name pairs.

export interface NamePair {
  a: string;
  b: string;
  same: boolean;
}

export interface NamePairEvaluation {
  pairs: number;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  trueNegatives: number;
  precision: number;
  recall: number;
  /** Share of different-people pairs that were linked. */
  falseLinkRate: number;
  /** Scripts the pairs are written in (`Latn`, `Hani`…), from both sides. */
  scripts: string[];
  /** Pairs judged wrongly, for reading. */
  errors: Array<NamePair & { linked: boolean }>;
}

function ratio(part: number, whole: number): number {
  return whole === 0 ? 1 : part / whole;
}

export function evaluateNamePairs(pairs: readonly NamePair[]): NamePairEvaluation {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let tn = 0;
  const scripts = new Set<string>();
  const errors: NamePairEvaluation['errors'] = [];
  for (const pair of pairs) {
    const a = nameForm(pair.a);
    const b = nameForm(pair.b);
    scripts.add(a.script).add(b.script);
    const linked = sameName(a, b);
    if (linked && pair.same) tp++;
    else if (linked) fp++;
    else if (pair.same) fn++;
    else tn++;
    if (linked !== pair.same) errors.push({ ...pair, linked });
  }
  return {
    pairs: pairs.length,
    truePositives: tp,
    falsePositives: fp,
    falseNegatives: fn,
    trueNegatives: tn,
    precision: ratio(tp, tp + fp),
    recall: ratio(tp, tp + fn),
    falseLinkRate: fp + tn === 0 ? 0 : fp / (fp + tn),
    scripts: [...scripts].sort(),
    errors,
  };
}
