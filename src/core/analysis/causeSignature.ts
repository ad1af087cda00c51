import type { EntityInventory } from '../entities/inventory';
import { linkEntities } from '../entities/linkEntities';
import type { Step, Trajectory } from '../model';
import { plainText } from '../triage/normalizeValue';
import type { TranslationProblem } from '../triage/translationSuspicion';
import type { DivergenceInput } from './comparison';
import type { DivergenceKind, FirstDivergence } from './firstDivergence';

// What a regression's cause looks like, without any of the run's free text, so that the same cause in another
// scenario, language or agent has the same signature: how the runs first part ways (kind, tool, argument key), how the
// verifier failed the target, whether a script-variant miss or a translation-lint finding touches the diverging step,
// and the automatic prior's code.

export interface CauseSignature {
  kind: DivergenceKind;
  /** The diverging step's tool; for a read that feeds a write, the write (the action at stake). */
  tool: string | null;
  /** The baseline's tool for a different tool; the undoing write of a harmless self-correction. */
  otherTool: string | null;
  /** Key path of the differing argument, never its value. */
  argument: string | null;
  failureFamily: string | null;
  /** A search with one written form of a name while the data holds another touches the diverging step. */
  scriptVariantMiss: boolean;
  /** A translation-lint finding of the scenario and language names text of the diverging step. */
  translationFinding: boolean;
  /** The automatic prior's code (T4, A2, K1…). */
  prior: string;
}

export interface SignatureInput {
  comparison: DivergenceInput;
  divergence: FirstDivergence;
  baseline: Trajectory;
  target: Trajectory;
  /** The prior's code for the regression (suggestCode). */
  prior: string;
  /** Translation problems of the run directory (any scenario: those of the target's are picked). */
  translationProblems: readonly TranslationProblem[];
  /** The two runs' linked entities (linkEntities with default options), when the caller shares them with the prior. */
  entities?: () => EntityInventory;
}

/** The target steps at or before the divergence that could hold its cause: the diverging step, else those before its row. */
function touchedTargetSteps(comparison: DivergenceInput, divergence: FirstDivergence): Set<number> {
  if (divergence.targetStep !== null) return new Set([divergence.targetStep]);
  const last = divergence.row ?? comparison.rows.length - 1;
  const steps = new Set<number>();
  for (let r = 0; r <= last; r++) {
    const target = comparison.rows[r]?.target;
    if (target !== null && target !== undefined) steps.add(target);
  }
  return steps;
}

function isRead(steps: readonly Step[], index: number): boolean {
  const step = steps[index];
  return step?.kind === 'tool_call' && !step.write;
}

function scriptVariantMiss(input: SignatureInput): boolean {
  const steps = touchedTargetSteps(input.comparison, input.divergence);
  // Only a search (a read) can miss a name; linking entities is the costly part of a signature.
  if (![...steps].some((k) => isRead(input.target.steps, k))) return false;
  const { warnings } = input.entities?.() ?? linkEntities(input.baseline, input.target);
  return warnings.some((w) => w.side === 'target' && steps.has(w.step));
}

function argsText(steps: readonly Step[], index: number | null): string {
  const step = index === null ? undefined : steps[index];
  return step?.kind === 'tool_call' ? JSON.stringify(step.args) : '';
}

/** Text of the diverging steps of both runs (or the final answers), normalised as the prior compares text. */
function divergingText(input: SignatureInput): string {
  const { divergence: d, baseline, target } = input;
  const parts =
    d.kind === 'different-answer'
      ? [baseline.finalAnswer ?? '', target.finalAnswer ?? '']
      : [argsText(baseline.steps, d.baselineStep), argsText(target.steps, d.targetStep)];
  return plainText(parts.join('\n'));
}

function translationFinding(input: SignatureInput): boolean {
  const { scenarioId, language } = input.target.run;
  const problems = input.translationProblems.filter((p) => p.scenarioId === scenarioId && p.language === language);
  if (problems.length === 0 || input.divergence.kind === 'none') return false;
  const text = divergingText(input);
  return problems.some((p) =>
    [p.source, p.translation].some((span) => span !== null && span.trim() !== '' && text.includes(plainText(JSON.stringify(span).slice(1, -1)))),
  );
}

export function causeSignature(input: SignatureInput): CauseSignature {
  const d = input.divergence;
  const feedingRead = (d.kind === 'missing-step' || d.kind === 'extra-step') && d.related !== null;
  return {
    kind: d.kind,
    tool: feedingRead ? d.related : d.tool,
    otherTool: feedingRead ? null : d.related,
    argument: d.argument,
    failureFamily: input.target.run.failureFamily,
    scriptVariantMiss: scriptVariantMiss(input),
    translationFinding: translationFinding(input),
    prior: input.prior,
  };
}
