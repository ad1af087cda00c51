import type { RunSummary, Step, Trajectory } from '../model';
import { oneLine, truncated } from '../render/markdownText';

// Short, one-line evidence for a suggested code, naming runs, steps and checks as the compare view numbers them.

const QUOTE_CHARS = 160;

export function runLabel(run: RunSummary): string {
  return `${run.language} run ${run.runIndex}`;
}

/** `jpn run 1 step 3 Calendar__delete_calendar_event` (steps count from 0, as in the compare view). */
export function stepLabel(trajectory: Trajectory, index: number): string {
  const step = trajectory.steps[index] as Step | undefined;
  const what = step === undefined ? '' : step.kind === 'tool_call' ? ` ${step.tool}` : ` ${step.role} message`;
  return `${runLabel(trajectory.run)} step ${index}${what}`;
}

/** Run text quoted on one line, cut when long. */
export function quoted(text: string): string {
  const cut = truncated(oneLine(text), QUOTE_CHARS);
  return `"${cut.text}${cut.omitted > 0 ? '…' : ''}"`;
}

/** A value as compact JSON, cut when long. */
export function valueText(value: unknown): string {
  const cut = truncated(oneLine(JSON.stringify(value) ?? 'null'), QUOTE_CHARS);
  return `${cut.text}${cut.omitted > 0 ? '…' : ''}`;
}
