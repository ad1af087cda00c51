import type { EntityInventory } from '../entities/inventory';
import type { Trajectory } from '../model';
import { quoted, runLabel, stepLabel, valueText } from './evidenceText';
import type { RunReading } from './failingActions';
import { checkedField } from './checkedField';
import { plainText, sameAfterNormalising } from './normalizeValue';
import { searchMissEvidence } from './searchMisses';
import type { Suggestion } from './suggestion';

// Translation-defect suspicion (T1–T4): a translation problem found in the scenario that touches what the run got
// wrong, a name the translation wrote in another script than the app's data holds, or an oracle value that the
// translation changed while the agent wrote the source's value.

export type TranslationCode = 'T1' | 'T2' | 'T3' | 'T4';

/** A translation problem of one scenario in one language (from a translation lint, entity linking or a reviewer). */
export interface TranslationProblem {
  scenarioId: string;
  /** ISO 639-3 code of the translation. */
  language: string;
  /** What the problem makes of the scenario: T1 oracle, T2 app state, T3 task meaning, T4 cross-reference. */
  code: TranslationCode;
  message: string;
  /** Where it was found, relative to the run directory, when known. */
  file: string | null;
  line: number | null;
  /** The span in the source text, and what stands in its place in the translation (null when it is missing). */
  source: string | null;
  translation: string | null;
}

function argsAt(trajectory: Trajectory, index: number | null): unknown {
  const step = index === null ? undefined : trajectory.steps[index];
  return step?.kind === 'tool_call' ? step.args : null;
}

// Text of everything the run got wrong: failed oracle events, the steps compared with them, the baseline's steps that
// passed those events, and extra writes.
function failingText(reading: RunReading, baseline: RunReading | null): string {
  const parts: unknown[] = [];
  for (const failed of reading.failed) {
    parts.push(failed.event.args, argsAt(reading.trajectory, failed.verdict.step));
    const passed = baseline?.verdicts.find((v) => v.id === failed.event.id);
    if (baseline && passed) parts.push(argsAt(baseline.trajectory, passed.step));
  }
  for (const index of reading.extraWrites) parts.push(argsAt(reading.trajectory, index));
  return plainText(JSON.stringify(parts));
}

/**
 * A task-level problem (T3) changes what every action means; a problem with no span is about the scenario as a whole;
 * any other touches the failing actions when its source or translated span occurs in them.
 */
function touches(problem: TranslationProblem, text: string): boolean {
  if (problem.code === 'T3') return true;
  const spans = [problem.source, problem.translation].filter((s): s is string => s !== null && s.trim() !== '');
  if (spans.length === 0) return true;
  return spans.some((span) => text.includes(plainText(JSON.stringify(span).slice(1, -1))));
}

function problemEvidence(problem: TranslationProblem): string {
  const where = problem.file === null ? '' : ` (${problem.file}${problem.line === null ? '' : `:${problem.line}`})`;
  const source = problem.source === null ? '(none)' : quoted(problem.source);
  const translation = problem.translation === null ? '(missing)' : quoted(problem.translation);
  const spans = problem.source === null && problem.translation === null ? '' : `: ${source} → ${translation}`;
  return `translation problem${where}: ${problem.message}${spans}`;
}

function problemFindings(reading: RunReading, baseline: RunReading | null, problems: readonly TranslationProblem[]): Suggestion[] {
  const { run } = reading.trajectory;
  const relevant = problems.filter((p) => p.scenarioId === run.scenarioId && p.language === run.language);
  if (relevant.length === 0) return [];
  const text = failingText(reading, baseline);
  return relevant.filter((p) => touches(p, text)).map((p) => ({ code: p.code, evidence: [problemEvidence(p)] }));
}

function searchMissFindings(target: Trajectory, baseline: Trajectory, entities: (() => EntityInventory) | undefined): Suggestion[] {
  const evidence = searchMissEvidence(baseline, target, entities?.());
  return evidence.length === 0 ? [] : [{ code: 'T4', evidence }];
}

// The translated oracle expects another value than the source's oracle for a checked argument, and the agent wrote
// the source's value: the oracle event was mistranslated.
function oracleDriftFindings(reading: RunReading, baseline: RunReading): Suggestion[] {
  const evidence: string[] = [];
  for (const { event, verdict, step } of reading.failed) {
    if (step === null || verdict.llm || verdict.step === null) continue;
    const source = baseline.trajectory.oracle.find((e) => e.id === event.id);
    if (source === undefined) continue;
    const fields = checkedField(verdict.check, event) ?? [];
    for (const field of fields) {
      const expected = event.args[field];
      const sourceExpected = source.args[field];
      if (expected === undefined || sourceExpected === undefined || sameAfterNormalising(expected, sourceExpected)) continue;
      if (!sameAfterNormalising(step.args[field], sourceExpected)) continue;
      evidence.push(
        `the ${runLabel(reading.trajectory.run)} oracle ${event.id} expects ${field} = ${valueText(expected)} where the ` +
          `${baseline.trajectory.run.language} oracle expects ${valueText(sourceExpected)}; ` +
          `${stepLabel(reading.trajectory, verdict.step)} wrote ${valueText(step.args[field])}`,
      );
    }
  }
  return evidence.length === 0 ? [] : [{ code: 'T1', evidence }];
}

export function translationFindings(
  reading: RunReading,
  baseline: RunReading | null,
  problems: readonly TranslationProblem[],
  entities?: () => EntityInventory,
): Suggestion[] {
  const findings = problemFindings(reading, baseline, problems);
  if (baseline) {
    findings.push(...oracleDriftFindings(reading, baseline), ...searchMissFindings(reading.trajectory, baseline.trajectory, entities));
  }
  return findings;
}
