import { canonicalJson } from '../analysis/canonicalJson';
import { findSelfCorrections } from '../analysis/findSelfCorrections';
import type { ToolCallStep, Trajectory } from '../model';
import { quoted, runLabel, stepLabel, valueText } from './evidenceText';
import { checkedField } from './checkedField';
import { isUserMessage, sameApp, type FailedEvent, type RunReading } from './failingActions';
import type { Suggestion } from './suggestion';

// Agent failure (A1–A7) from oracle matching, most fundamental first: a run that never converged (A7) or did
// nothing at all (A6) explains every missing action; a wrong tool (A4) explains a missing action of the right one;
// wrong arguments (A1), missing (A2) and extra (A3) actions follow; the final answer (A5, A6) comes last, since it
// usually reports the actions.

// The same call this many times in a row, with nothing in between, is a loop.
const LOOP_REPEATS = 4;
const STEP_LIMIT = /\b(max(imum)?[ _-]?(steps?|turns?|iterations?)|(step|turn|iteration) limit)\b/i;

function loopFinding(trajectory: Trajectory): string | null {
  let start = 0;
  for (let k = 1; k <= trajectory.steps.length; k++) {
    const a = trajectory.steps[start];
    const b = trajectory.steps[k];
    const same =
      a?.kind === 'tool_call' && b?.kind === 'tool_call' && a.tool === b.tool && canonicalJson(a.args) === canonicalJson(b.args);
    if (same) continue;
    if (k - start >= LOOP_REPEATS && a?.kind === 'tool_call') {
      const times = `${k - start} times in a row with the same arguments`;
      return `${runLabel(trajectory.run)} steps ${start}–${k - 1}: ${a.tool} called ${times}`;
    }
    start = k;
  }
  return null;
}

function stepLimitFinding(trajectory: Trajectory): string | null {
  const texts = [trajectory.run.failureReason, ...trajectory.checks.filter((c) => c.passed === false).map((c) => c.detail)];
  const hit = texts.find((t): t is string => t !== null && STEP_LIMIT.test(t));
  return hit === undefined ? null : `${runLabel(trajectory.run)} stopped at its step limit: ${quoted(hit)}`;
}

function writesOf(trajectory: Trajectory): ToolCallStep[] {
  return trajectory.steps.filter((s): s is ToolCallStep => s.kind === 'tool_call' && s.write && !isUserMessage(s.tool));
}

function countReason(trajectory: Trajectory): string {
  const reason = trajectory.run.failureReason;
  return reason ? ` (${quoted(reason)})` : '';
}

function eventText(failed: FailedEvent): string {
  return `oracle ${failed.event.id} ${failed.event.tool}`;
}

function wrongTool(reading: RunReading): string[] {
  const { trajectory } = reading;
  const lines: string[] = [];
  for (const failed of reading.failed) {
    if (failed.step && failed.verdict.step !== null && failed.step.tool !== failed.event.tool) {
      lines.push(`${stepLabel(trajectory, failed.verdict.step)} was matched against ${eventText(failed)}: another tool`);
    } else if (failed.step === null && !isUserMessage(failed.event.tool)) {
      const instead = reading.extraWrites.find((i) => sameApp((trajectory.steps[i] as ToolCallStep).tool, failed.event.tool));
      if (instead !== undefined) lines.push(`${eventText(failed)} is missing; ${stepLabel(trajectory, instead)} was written instead`);
    }
  }
  return lines;
}

function wrongArguments(reading: RunReading): string[] {
  return reading.failed.flatMap((failed) => {
    const { step, verdict, event } = failed;
    if (step === null || verdict.step === null || isUserMessage(event.tool)) return [];
    const fields = (checkedField(verdict.check, event) ?? []).filter((f) => canonicalJson(step.args[f]) !== canonicalJson(event.args[f]));
    const shown = fields.slice(0, 2).map((f) => `${f} ${valueText(step.args[f])}, expected ${valueText(event.args[f])}`);
    const why = verdict.check ? `${verdict.check} failed` : 'unmatched';
    return [`${stepLabel(reading.trajectory, verdict.step)}: ${why}${shown.length > 0 ? ` (${shown.join('; ')})` : ''}`];
  });
}

function missing(reading: RunReading): string[] {
  return reading.failed
    .filter((f) => f.step === null && !isUserMessage(f.event.tool))
    .map((f) => `${eventText(f)} has no matching write in ${runLabel(reading.trajectory.run)}${countReason(reading.trajectory)}`);
}

function extra(reading: RunReading): string[] {
  const { trajectory } = reading;
  if (reading.extraWrites.length === 0) return [];
  const writes = reading.extraWrites.map((i) => stepLabel(trajectory, i)).join(', ');
  const what = reading.extraWrites.length === 1 ? 'a write' : 'writes';
  const lines = [`${writes}: ${what} no oracle event accounts for${countReason(trajectory)}`];
  const extraSet = new Set(reading.extraWrites);
  for (const c of findSelfCorrections(trajectory.steps, 'target')) {
    if (extraSet.has(c.step) || extraSet.has(c.undoneBy)) {
      lines.push(`${runLabel(trajectory.run)} steps ${c.step} and ${c.undoneBy}: ${c.explanation}`);
    }
  }
  return lines;
}

function answer(reading: RunReading): Suggestion | null {
  const failed = reading.failed.find((f) => isUserMessage(f.event.tool));
  if (failed === undefined) return null;
  const { trajectory } = reading;
  if (failed.step === null || failed.verdict.step === null) {
    return { code: 'A6', evidence: [`${eventText(failed)}: ${runLabel(trajectory.run)} gave no answer`] };
  }
  const why = failed.verdict.rationale ? `: ${quoted(failed.verdict.rationale)}` : '';
  return { code: 'A5', evidence: [`${stepLabel(trajectory, failed.verdict.step)}: the answer was judged wrong${why}`] };
}

function nothingDone(reading: RunReading): string | null {
  const { trajectory } = reading;
  const expectsAction = trajectory.oracle.some((e) => !isUserMessage(e.tool));
  const answered = (trajectory.finalAnswer ?? '').trim() !== '';
  if (!expectsAction || answered || writesOf(trajectory).length > 0) return null;
  return `${runLabel(trajectory.run)} wrote nothing and gave no final answer`;
}

export function agentFinding(reading: RunReading): Suggestion | null {
  const { trajectory } = reading;
  const looped = [loopFinding(trajectory), stepLimitFinding(trajectory)].filter((l): l is string => l !== null);
  if (looped.length > 0) return { code: 'A7', evidence: looped };
  const idle = nothingDone(reading);
  if (idle) return { code: 'A6', evidence: [idle] };
  const ordered: Array<[Suggestion['code'], string[]]> = [
    ['A4', wrongTool(reading)],
    ['A1', wrongArguments(reading)],
    ['A2', missing(reading)],
    ['A3', extra(reading)],
  ];
  const found = ordered.find(([, evidence]) => evidence.length > 0);
  return found ? { code: found[0], evidence: found[1] } : answer(reading);
}
