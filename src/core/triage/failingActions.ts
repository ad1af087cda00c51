import { matchOracle, type OracleEventVerdict } from '../analysis/matchOracle';
import type { OracleEvent, ToolCallStep, Trajectory } from '../model';

// What a failing run did wrong, in oracle terms: the oracle events it failed (judged unmatched, or left without any
// step to match) and the writes no oracle event accounts for.

// Messages to the user are counted apart by the verifier (GAIA2 allows one extra), so an extra one is no extra action.
const USER_INTERFACE_APP = 'AgentUserInterface';

export interface FailedEvent {
  event: OracleEvent;
  verdict: OracleEventVerdict;
  /** The agent step it was compared against; null when the run has none (a missing action). */
  step: ToolCallStep | null;
}

export interface RunReading {
  trajectory: Trajectory;
  verdicts: OracleEventVerdict[];
  failed: FailedEvent[];
  /** Indices of writes that no oracle event was matched to, messages to the user left out. */
  extraWrites: number[];
}

function appOf(tool: string): string {
  return tool.split('__')[0] ?? tool;
}

/** A message to the user (the final answer or a question), not an action on the environment. */
export function isUserMessage(tool: string): boolean {
  return appOf(tool) === USER_INTERFACE_APP;
}

export function sameApp(a: string, b: string): boolean {
  return appOf(a) === appOf(b);
}

export function readRun(trajectory: Trajectory): RunReading {
  const verdicts = matchOracle(trajectory);
  const events = new Map(trajectory.oracle.map((e) => [e.id, e]));
  const failed: FailedEvent[] = verdicts.flatMap((verdict) => {
    const event = events.get(verdict.id);
    if (event === undefined || verdict.matched !== false) return [];
    const step = verdict.step === null ? null : (trajectory.steps[verdict.step] as ToolCallStep);
    return [{ event, verdict, step }];
  });
  const linked = new Set(verdicts.flatMap((v) => (v.step === null ? [] : [v.step])));
  const extraWrites =
    trajectory.oracle.length === 0
      ? []
      : trajectory.steps.flatMap((step, index) =>
          step.kind === 'tool_call' && step.write && !linked.has(index) && !isUserMessage(step.tool) ? [index] : [],
        );
  return { trajectory, verdicts, failed, extraWrites };
}
