import type { OracleEvent, Trajectory } from '../model';
import { alignSteps } from './alignSteps';
import type { CompareSide, Comparison, DivergenceInput, OracleLaneRow, OracleVerdict } from './comparison';
import { diffText } from './diffText';
import { localeConventions } from './equivalence/localeConventions';
import type { EquivalenceSides } from './equivalence/normalForm';
import { findSelfCorrections } from './findSelfCorrections';
import { matchOracle } from './matchOracle';
import { rationaleDiff } from './rationaleDiff';

// Everything the compare view shows for two runs of one scenario (any two: languages, agents or runs).

function side(trajectory: Trajectory): CompareSide {
  const { run, task, steps, finalAnswer, checks, oracle } = trajectory;
  return { run, task, steps, finalAnswer, checks, oracle };
}

function verdicts(trajectory: Trajectory): Map<string, OracleVerdict> {
  return new Map(matchOracle(trajectory).map(({ id, ...verdict }) => [id, verdict]));
}

// Both runs share the scenario's oracle events (by id); events only one side lists still get a row. Where both runs
// have a rationale for an event, the two are compared (unless `rationales` is false: only the view shows them).
function oracleLane(baseline: Trajectory, target: Trajectory, equivalentForms: boolean, rationales = true): OracleLaneRow[] {
  const events = new Map<string, OracleEvent>();
  for (const event of [...baseline.oracle, ...target.oracle]) if (!events.has(event.id)) events.set(event.id, event);
  const inBaseline = verdicts(baseline);
  const inTarget = verdicts(target);
  const languages = { baseline: baseline.run.language, target: target.run.language };
  return [...events.values()].map((event) => {
    const a = inBaseline.get(event.id) ?? null;
    const b = inTarget.get(event.id) ?? null;
    const row: OracleLaneRow = { id: event.id, tool: event.tool, args: event.args, baseline: a, target: b };
    if (!rationales) return row;
    const diff = rationaleDiff(a?.rationale ?? null, b?.rationale ?? null, languages, equivalentForms);
    return diff === null ? row : { ...row, rationaleDiff: diff };
  });
}

export interface CompareOptions {
  /** Word diffs inside changed argument values (default true); the CLI's JSON does not print them. */
  textParts?: boolean;
  /** Maps localized enum literals to canonical values (see loadLiteralCanonicalizer). */
  canonicalize?: (value: string) => string;
  /**
   * Values that differ only by form (dates, numbers, amounts, native digits, width) are `equivalent`, not changed,
   * and align as the same (default true; the `trajectoryLens.compare.equivalentForms` setting, `--no-equivalences`).
   */
  equivalentForms?: boolean;
}

/** Each run's values are read with its own language's conventions (decimal separator, date order, calendar). */
function equivalenceSides(baseline: Trajectory, target: Trajectory): EquivalenceSides {
  return { baseline: localeConventions(baseline.run.language), target: localeConventions(target.run.language) };
}

/**
 * The part of compareRuns that the first divergence reads, equal to it field for field: the aligned rows, the oracle
 * verdicts and the self-corrections, without the text diffs only the view shows (rationales, final answers).
 * Clustering thousands of regressions needs no more.
 */
export function compareForDivergence(baseline: Trajectory, target: Trajectory, options: CompareOptions = {}): DivergenceInput {
  const equivalences = options.equivalentForms === false ? undefined : equivalenceSides(baseline, target);
  const { textParts, canonicalize } = options;
  return {
    baseline: side(baseline),
    target: side(target),
    rows: alignSteps(baseline.steps, target.steps, { language: target.run.language, textParts, canonicalize, equivalences }),
    oracle: oracleLane(baseline, target, options.equivalentForms !== false, false),
    selfCorrections: [...findSelfCorrections(baseline.steps, 'baseline'), ...findSelfCorrections(target.steps, 'target')],
  };
}

export function compareRuns(baseline: Trajectory, target: Trajectory, options: CompareOptions = {}): Comparison {
  const language = target.run.language;
  const answers = baseline.finalAnswer !== null || target.finalAnswer !== null;
  const equivalences = options.equivalentForms === false ? undefined : equivalenceSides(baseline, target);
  const { textParts, canonicalize } = options;
  return {
    baseline: side(baseline),
    target: side(target),
    rows: alignSteps(baseline.steps, target.steps, { language, textParts, canonicalize, equivalences }),
    oracle: oracleLane(baseline, target, options.equivalentForms !== false),
    finalAnswerDiff: answers ? diffText(baseline.finalAnswer ?? '', target.finalAnswer ?? '', language, equivalences) : null,
    selfCorrections: [...findSelfCorrections(baseline.steps, 'baseline'), ...findSelfCorrections(target.steps, 'target')],
  };
}
