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

interface Range {
  aLo: number;
  aHi: number;
  bLo: number;
  bHi: number;
}

// Anchor keys from the strictest to the loosest: identical, identical up to free text, the only call of a tool.
const ANCHOR_KEYS: Array<(features: StepFeatures) => Int32Array> = [(f) => f.exact, (f) => f.loose(), (f) => f.kind];

type Task = { range: Range } | { pairs: { a: number; b: number; count: number } };

function pairValue(a: StepFeatures, b: StepFeatures): PairValue {
  return (i, j) => {
    if (a.kind[i] !== b.kind[j]) return -Infinity;
    if (a.exact[i] === b.exact[j]) return IDENTICAL_VALUE;
    return CHANGED_BASE + CHANGED_SPAN * tokenSimilarity(a, i, b, j);
  };
}

function splitAtAnchors(range: Range, a: StepFeatures, b: StepFeatures): Task[] | null {
  for (const keys of ANCHOR_KEYS) {
    const anchors = uniqueAnchors(keys(a), range.aLo, range.aHi, keys(b), range.bLo, range.bHi);
    if (anchors.length === 0) continue;
    const tasks: Task[] = [];
    let aLo = range.aLo;
    let bLo = range.bLo;
    for (const [i, j] of anchors) {
      tasks.push({ range: { aLo, aHi: i, bLo, bHi: j } }, { pairs: { a: i, b: j, count: 1 } });
      aLo = i + 1;
      bLo = j + 1;
    }
    tasks.push({ range: { aLo, aHi: range.aHi, bLo, bHi: range.bHi } });
    return tasks;
  }
  return null;
}

function alignFeatures(a: StepFeatures, b: StepFeatures, emit: EmitRow): void {
  const value = pairValue(a, b);
  // Last in, first out: subtasks are pushed in reverse so rows come out in order.
  const stack: Task[] = [{ range: { aLo: 0, aHi: a.kind.length, bLo: 0, bHi: b.kind.length } }];
  while (stack.length > 0) {
    const task = stack.pop() as Task;
    if ('pairs' in task) {
      for (let k = 0; k < task.pairs.count; k++) emit(task.pairs.a + k, task.pairs.b + k);
      continue;
    }
    let { aLo, aHi, bLo, bHi } = task.range;
    while (aLo < aHi && bLo < bHi && a.exact[aLo] === b.exact[bLo]) emit(aLo++, bLo++);
    let suffix = 0;
    while (aHi > aLo && bHi > bLo && a.exact[aHi - 1] === b.exact[bHi - 1]) {
      aHi--;
      bHi--;
      suffix++;
    }
    if (suffix > 0) stack.push({ pairs: { a: aHi, b: bHi, count: suffix } });
    if ((aHi - aLo) * (bHi - bLo) <= DIRECT_DP_CELLS) {
      alignRangeByDp(aLo, aHi, bLo, bHi, value, GAPS, DIRECT_DP_CELLS, emit);
      continue;
    }
    const split = splitAtAnchors({ aLo, aHi, bLo, bHi }, a, b);
    if (split) for (let k = split.length - 1; k >= 0; k--) stack.push(split[k] as Task);
    else alignRangeByDp(aLo, aHi, bLo, bHi, value, GAPS, BANDED_DP_CELLS, emit);
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
  for (const row of rows) {
    if (row.baseline === null || row.target === null) continue;
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
