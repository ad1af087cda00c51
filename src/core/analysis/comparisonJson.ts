import type { Step } from '../model';
import type { AlignedRow, ArgDiff, Comparison, CompareSide, OracleVerdict } from './comparison';
import { firstDivergence, type FirstDivergence } from './firstDivergence';

// The compact form of a comparison that `trajectory-lens compare --json` prints: exactly these keys, in this order.
// Steps are indices into each run's steps (as `show --json` lists them); an absent argument is null.

function sideJson(side: CompareSide) {
  const { path, language, runIndex, outcome, failureFamily, setting } = side.run;
  return { path, language, runIndex, outcome, failureFamily, setting };
}

function stepJson(steps: readonly Step[], index: number | null) {
  if (index === null) return null;
  const step = steps[index] as Step;
  return step.kind === 'tool_call'
    ? { step: index, tool: step.tool, write: step.write }
    : { step: index, tool: null, write: false };
}

// `equivalent`: the values differ only by form (not a change); `normalForm` is what both read as.
function argDiffJson(diff: ArgDiff) {
  return {
    path: diff.path,
    baseline: diff.baseline ?? null,
    target: diff.target ?? null,
    equivalent: diff.equivalent === true,
    normalForm: diff.normal ?? null,
  };
}

function rowJson(row: AlignedRow, comparison: Comparison) {
  return {
    kind: row.kind,
    baseline: stepJson(comparison.baseline.steps, row.baseline),
    target: stepJson(comparison.target.steps, row.target),
    argDiff: row.argDiff.map(argDiffJson),
  };
}

function verdictJson(verdict: OracleVerdict | null) {
  if (verdict === null) return null;
  return { matched: verdict.matched, step: verdict.step, check: verdict.check, rationale: verdict.rationale };
}

/** The first divergence as printed: its `related` tool is in the summary, not a key of its own. */
export function firstDivergenceJson(d: FirstDivergence) {
  const { row, kind, tool, argument, baselineStep, targetStep, summary } = d;
  return { row, kind, tool, argument, baselineStep, targetStep, summary };
}

export function comparisonJson(comparison: Comparison) {
  return {
    baseline: sideJson(comparison.baseline),
    target: sideJson(comparison.target),
    rows: comparison.rows.map((row) => rowJson(row, comparison)),
    oracle: comparison.oracle.map((o) => ({
      id: o.id,
      tool: o.tool,
      baseline: verdictJson(o.baseline),
      target: verdictJson(o.target),
    })),
    firstDivergence: firstDivergenceJson(firstDivergence(comparison)),
  };
}
