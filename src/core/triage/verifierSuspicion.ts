import type { ToolCallStep } from '../model';
import { checkedField } from './checkedField';
import { quoted, stepLabel, valueText } from './evidenceText';
import type { FailedEvent, RunReading } from './failingActions';
import { identical, sameAfterNormalising, sameItemsReordered } from './normalizeValue';
import type { Suggestion } from './suggestion';

// Verifier-artefact suspicion (K1–K3), against the passing baseline run's equivalent action:
// K1 an LLM judge rejected the target's action while the baseline's action with the same tool passed the same event;
// K2 a hard checker failed on a value that equals the expected one (or the baseline's passing one) once dates,
//    numbers, digits, width and case are normalised;
// K3 a hard checker failed on a list holding the expected items in another order.

function judgeFinding(reading: RunReading, baseline: RunReading, failed: FailedEvent): string[] | null {
  const { verdict, step, event } = failed;
  if (!verdict.llm || step === null || verdict.step === null) return null;
  const passed = baseline.verdicts.find((v) => v.id === event.id);
  if (passed?.matched !== true || passed.step === null) return null;
  const equivalent = baseline.trajectory.steps[passed.step] as ToolCallStep;
  if (equivalent.tool !== step.tool) return null;
  const check = verdict.check ?? 'the LLM judge';
  return [
    `${stepLabel(reading.trajectory, verdict.step)}: ${check} (LLM judge) rejected it` +
      (verdict.rationale ? `: ${quoted(verdict.rationale)}` : ''),
    `${stepLabel(baseline.trajectory, passed.step)} passed the same oracle event ${event.id}`,
  ];
}

const HOW = { K2: 'the same value in another format', K3: 'the same items in another order' } as const;

interface ValueFinding {
  code: 'K2' | 'K3';
  line: string;
}

type Likeness = 'same' | 'K2' | 'K3' | 'different';

function likeness(written: unknown, expected: unknown): Likeness {
  if (identical(written, expected)) return 'same';
  if (sameItemsReordered(written, expected)) return 'K3';
  return sameAfterNormalising(written, expected) ? 'K2' : 'different';
}

/**
 * The first compared field that differs only in format (K2) or order (K3), provided every other compared field is
 * equal too: a check that names no field may have failed on any of them.
 */
function formatOnly(
  written: Record<string, unknown>,
  expected: Record<string, unknown>,
  fields: readonly string[],
): { code: 'K2' | 'K3'; field: string } | null {
  let found: { code: 'K2' | 'K3'; field: string } | null = null;
  for (const field of fields) {
    const kind = likeness(written[field], expected[field]);
    if (kind === 'different') return null;
    if (kind !== 'same' && (found === null || (kind === 'K2' && found.code === 'K3'))) found = { code: kind, field };
  }
  return found;
}

function valueFinding(reading: RunReading, baseline: RunReading | null, failed: FailedEvent): ValueFinding | null {
  const { verdict, step, event } = failed;
  if (verdict.llm || step === null || verdict.step === null || step.tool !== event.tool) return null;
  const fields = checkedField(verdict.check, event);
  if (fields === null) return null;
  const where = `${stepLabel(reading.trajectory, verdict.step)}: ${verdict.check ?? 'the checker'} failed`;
  const against = formatOnly(step.args, event.args, fields);
  if (against) {
    const { code, field } = against;
    const line = `${where} on ${field}: ${valueText(step.args[field])} vs expected ${valueText(event.args[field])} (${HOW[code]})`;
    return { code, line };
  }
  // The baseline's action that passed the same event, compared field by field.
  const passed = baseline?.verdicts.find((v) => v.id === event.id && v.matched === true && v.step !== null);
  if (!baseline || passed?.step == null) return null;
  const equivalent = baseline.trajectory.steps[passed.step] as ToolCallStep;
  const like = formatOnly(step.args, equivalent.args, fields);
  if (like === null) return null;
  const { code, field } = like;
  return {
    code,
    line:
      `${where} on ${field}: ${valueText(step.args[field])}, where ${stepLabel(baseline.trajectory, passed.step)} passed ` +
      `with ${valueText(equivalent.args[field])} (${HOW[code]})`,
  };
}

export function verifierFindings(reading: RunReading, baseline: RunReading | null): Suggestion[] {
  const findings: Suggestion[] = [];
  for (const failed of reading.failed) {
    const judged = baseline ? judgeFinding(reading, baseline, failed) : null;
    if (judged) findings.push({ code: 'K1', evidence: judged });
    const value = valueFinding(reading, baseline, failed);
    if (value) findings.push({ code: value.code, evidence: [value.line] });
  }
  return findings;
}
