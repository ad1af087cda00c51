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

interface ValueFinding {
  code: 'K2' | 'K3';
  line: string;
}

function compareValue(written: unknown, expected: unknown): 'K2' | 'K3' | null {
  if (written === undefined || expected === undefined || identical(written, expected)) return null;
  if (sameItemsReordered(written, expected)) return 'K3';
  return sameAfterNormalising(written, expected) ? 'K2' : null;
}

function valueFinding(reading: RunReading, baseline: RunReading | null, failed: FailedEvent): ValueFinding | null {
  const { verdict, step, event } = failed;
  if (verdict.llm || step === null || verdict.step === null || step.tool !== event.tool) return null;
  const fields = checkedField(verdict.check, event);
  if (fields === null) return null;
  const where = `${stepLabel(reading.trajectory, verdict.step)}: ${verdict.check ?? 'the checker'} failed`;
  const passed = baseline?.verdicts.find((v) => v.id === event.id && v.matched === true && v.step !== null);
  const baselineStep = passed && baseline ? (baseline.trajectory.steps[passed.step as number] as ToolCallStep) : null;
  for (const field of fields) {
    const written = step.args[field];
    const against = compareValue(written, event.args[field]);
    if (against) {
      const how = against === 'K3' ? 'the same items in another order' : 'the same value in another format';
      return { code: against, line: `${where} on ${field}: ${valueText(written)} vs expected ${valueText(event.args[field])} (${how})` };
    }
    if (baselineStep && baseline && passed?.step != null) {
      const like = compareValue(written, baselineStep.args[field]);
      if (like) {
        return {
          code: like,
          line:
            `${where} on ${field}: ${valueText(written)}, where ${stepLabel(baseline.trajectory, passed.step)} passed ` +
            `with ${valueText(baselineStep.args[field])} (${like === 'K3' ? 'same items, other order' : 'same value, other format'})`,
        };
      }
    }
  }
  return null;
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
