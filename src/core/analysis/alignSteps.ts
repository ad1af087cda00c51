import type { Step, ToolCallStep } from '../model';
import type { AlignedRow } from './comparison';
import { alignRangeByDp, type EmitRow, type GapCosts, type PairValue } from './alignmentDp';
import { canonicalJson } from './canonicalJson';
import { diffArgs, type ArgDiffOptions } from './diffArgs';
import { normalValue } from './equivalence/equivalentValue';
import type { LocaleConventions } from './equivalence/localeConventions';
import { StepFeatures, newFeatureInterners, tokenSimilarity } from './stepFeatures';
import { uniqueAnchors } from './uniqueAnchors';

// Puts the same action of two runs on the same row. Identical prefixes and suffixes are paired outright; large middles
// are split at anchors (steps unique on both sides: first identical, then identical up to free text, then the only
// call of a tool); what remains is aligned optimally by dynamic programming, in a band when it is still huge.

// A changed pair is worth 0.1–0.9 and an identical one 1; two unpaired steps cost at least 0.6, so two different calls
// of one tool still share a row when nothing better is near, but never at the price of splitting identical pairs.
const IDENTICAL_VALUE = 1;
const CHANGED_BASE = 0.1;
const CHANGED_SPAN = 0.8;
const GAPS: GapCosts = { open: 0.2, extend: 0.1 };
const DIRECT_DP_CELLS = 1_000_000;
const BANDED_DP_CELLS = 4_000_000;

// Anchor keys from the strictest to the loosest: identical, identical up to free text, the only call of a tool.
const ANCHOR_KEYS: Array<(features: StepFeatures) => Int32Array> = [(f) => f.exact, (f) => f.loose(), (f) => f.kind];

/**
 * What is left to align, last in, first out, five numbers a task and no object: a range of both sides still to align,
 * or a run of pairs already known. Tens of thousands of tasks as objects cost more as the runs grew than their work.
 */
const RANGE = 0;
const PAIRS = 1;

class TaskStack {
  private readonly numbers: number[] = [];

  get empty(): boolean {
    return this.numbers.length === 0;
  }

  pushRange(aLo: number, aHi: number, bLo: number, bHi: number): void {
    if (aLo < aHi || bLo < bHi) this.numbers.push(RANGE, aLo, aHi, bLo, bHi);
  }

  /** `count` pairs from (a, b) on. */
  pushPairs(a: number, b: number, count: number): void {
    if (count > 0) this.numbers.push(PAIRS, a, b, count, 0);
  }

  /** Takes the top task into `task`: its kind, then its four numbers. */
  pop(task: Int32Array): void {
    const numbers = this.numbers;
    for (let k = 4; k >= 0; k--) task[k] = numbers.pop() as number;
  }
}

function pairValue(a: StepFeatures, b: StepFeatures): PairValue {
  return (i, j) => {
    if (a.kind[i] !== b.kind[j]) return -Infinity;
    if (a.exact[i] === b.exact[j]) return IDENTICAL_VALUE;
    return CHANGED_BASE + CHANGED_SPAN * tokenSimilarity(a, i, b, j);
  };
}

/**
 * Pushes the range [aLo, aHi) × [bLo, bHi) split at the first kind of anchors it has, so that it comes off in order;
 * anchors next to each other become one run of pairs. False when it has none.
 */
function pushSplitAtAnchors(stack: TaskStack, aLo: number, aHi: number, bLo: number, bHi: number, a: StepFeatures, b: StepFeatures): boolean {
  for (const keys of ANCHOR_KEYS) {
    const anchors = uniqueAnchors(keys(a), aLo, aHi, keys(b), bLo, bHi);
    let k = anchors.baseline.length - 1;
    if (k < 0) continue;
    let nextA = aHi;
    let nextB = bHi;
    while (k >= 0) {
      const lastA = anchors.baseline[k] as number;
      const lastB = anchors.target[k] as number;
      let count = 1;
      while (k - count >= 0 && anchors.baseline[k - count] === lastA - count && anchors.target[k - count] === lastB - count) count++;
      stack.pushRange(lastA + 1, nextA, lastB + 1, nextB);
      stack.pushPairs(lastA - count + 1, lastB - count + 1, count);
      nextA = lastA - count + 1;
      nextB = lastB - count + 1;
      k -= count;
    }
    stack.pushRange(aLo, nextA, bLo, nextB);
    return true;
  }
  return false;
}

function alignFeatures(a: StepFeatures, b: StepFeatures, emit: EmitRow): void {
  const value = pairValue(a, b);
  const stack = new TaskStack();
  stack.pushRange(0, a.kind.length, 0, b.kind.length);
  const task = new Int32Array(5);
  while (!stack.empty) {
    stack.pop(task);
    if (task[0] === PAIRS) {
      const pairA = task[1] as number;
      const pairB = task[2] as number;
      for (let k = 0; k < (task[3] as number); k++) emit(pairA + k, pairB + k);
      continue;
    }
    let aLo = task[1] as number;
    let aHi = task[2] as number;
    let bLo = task[3] as number;
    let bHi = task[4] as number;
    while (aLo < aHi && bLo < bHi && a.exact[aLo] === b.exact[bLo]) emit(aLo++, bLo++);
    let suffix = 0;
    while (aHi > aLo && bHi > bLo && a.exact[aHi - 1] === b.exact[bHi - 1]) {
      aHi--;
      bHi--;
      suffix++;
    }
    stack.pushPairs(aHi, bHi, suffix);
    if ((aHi - aLo) * (bHi - bLo) <= DIRECT_DP_CELLS) alignRangeByDp(aLo, aHi, bLo, bHi, value, GAPS, DIRECT_DP_CELLS, emit);
    else if (!pushSplitAtAnchors(stack, aLo, aHi, bLo, bHi, a, b)) alignRangeByDp(aLo, aHi, bLo, bHi, value, GAPS, BANDED_DP_CELLS, emit);
  }
}

/** The aligned rows without argument diffs: which steps share a row and whether they are identical. Deterministic. */
export function alignStepRows(baseline: readonly Step[], target: readonly Step[]): AlignedRow[] {
  const interners = newFeatureInterners();
  const a = new StepFeatures(baseline, interners);
  const b = new StepFeatures(target, interners);
  const rows: AlignedRow[] = [];
  alignFeatures(a, b, (i, j) => {
    if (i === null) rows.push({ kind: 'target-only', baseline: null, target: j, argDiff: [] });
    else if (j === null) rows.push({ kind: 'baseline-only', baseline: i, target: null, argDiff: [] });
    else rows.push({ kind: a.exact[i] === b.exact[j] ? 'same' : 'changed', baseline: i, target: j, argDiff: [] });
  });
  return rows;
}

function canonicalValue(value: unknown, canonicalize: (value: string) => string): unknown {
  if (typeof value === 'string') return canonicalize(value);
  if (Array.isArray(value)) return value.map((item) => canonicalValue(item, canonicalize));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, canonicalValue(item, canonicalize)]));
  }
  return value;
}

/**
 * Steps as the aligner should see them: tool arguments with localized literals mapped to canonical values, and
 * values in their normal forms when equivalences are on.
 */
function canonicalSteps(
  steps: readonly Step[],
  canonicalize: ((value: string) => string) | undefined,
  conventions: LocaleConventions | undefined,
): readonly Step[] {
  if (canonicalize === undefined && conventions === undefined) return steps;
  const forms = new Map<string, string>();
  const canonical = (args: unknown): unknown => {
    const mapped = canonicalize === undefined ? args : canonicalValue(args, canonicalize);
    return conventions === undefined ? mapped : normalValue(mapped, conventions, forms);
  };
  return steps.map((step) => (step.kind === 'tool_call' ? { ...step, args: canonical(step.args) as Record<string, unknown> } : step));
}

/**
 * Aligned rows of two runs' steps: same / changed pairs, with the changed arguments, and steps of one side only.
 * With `canonicalize`, arguments equal after mapping localized literals count as the same; with `equivalences`,
 * arguments that differ only by form do too, and such a `same` row lists them as `equivalent` argument diffs.
 * Diffs keep each side's form.
 */
export function alignSteps(baseline: readonly Step[], target: readonly Step[], options: ArgDiffOptions = {}): AlignedRow[] {
  const { canonicalize, equivalences } = options;
  const seenA = canonicalSteps(baseline, canonicalize, equivalences?.baseline);
  const seenB = canonicalSteps(target, canonicalize, equivalences?.target);
  const rows = alignStepRows(seenA, seenB);
  // Without mapping or normalizing, only a changed row has arguments to diff: the others' steps are not looked at again.
  const rewrites = seenA !== baseline || seenB !== target;
  for (const row of rows) {
    if (row.baseline === null || row.target === null || (!rewrites && row.kind !== 'changed')) continue;
    const a = baseline[row.baseline] as Step;
    const b = target[row.target] as Step;
    if (a.kind !== 'tool_call' || b.kind !== 'tool_call') continue;
    // A same row differs as written only when mapping or normalizing changed one side's arguments.
    const rewritten = (seenA[row.baseline] as ToolCallStep).args !== a.args || (seenB[row.target] as ToolCallStep).args !== b.args;
    if (row.kind === 'changed' || (rewritten && canonicalJson(a.args) !== canonicalJson(b.args))) {
      row.argDiff = diffArgs(a.args, b.args, options);
    }
  }
  return rows;
}
