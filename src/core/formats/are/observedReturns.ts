import type { Step, ToolCallStep } from '../../model';
import { firstAtOrAfter } from '../../sortedPositions';
import type { TraceResult } from '../gaia2/readGaia2Trace';
import { splitToolName } from '../gaia2/values';
import { decodeReturnValue } from './exportedValues';

// The hf export writes `return_value: None` for every falsy value a tool returned ("", [], {}, 0, False), so an
// empty result would read as no result. The agent's observation in the lite history still shows the value.

const PYTHON_NONE = 'None';

function isLogged(step: Step, liteIds: ReadonlySet<string>): step is ToolCallStep {
  return step.kind === 'tool_call' && step.requestor === 'assistant' && (step.callId === null || !liteIds.has(step.callId));
}

/**
 * Fills in the null results of logged agent calls from the observation the agent got. The merge links history calls
 * to logged actions in order, so each history call that did not stay a failed step of its own is paired with the next
 * logged agent action of the same function.
 */
export function withObservedReturns(steps: readonly Step[], trace: TraceResult): Step[] {
  const liteIds = new Set(trace.calls.flatMap((call) => call.toolCalls.flatMap((tc) => (tc.id === null ? [] : [tc.id]))));
  const unlinked = new Set(steps.flatMap((s) => (s.kind === 'tool_call' && s.callId !== null && liteIds.has(s.callId) ? [s.callId] : [])));
  const out = [...steps];
  // Positions of the logged agent calls by function, so pairing looks up the next one instead of scanning the steps.
  const loggedByFn = new Map<string, number[]>();
  out.forEach((step, i) => {
    if (!isLogged(step, liteIds)) return;
    const list = loggedByFn.get(step.fn);
    if (list) list.push(i);
    else loggedByFn.set(step.fn, [i]);
  });
  let cursor = 0;
  for (const tc of trace.calls.flatMap((call) => call.toolCalls)) {
    if (tc.id === null || unlinked.has(tc.id)) continue;
    const { fn } = splitToolName(tc.name);
    const positions = loggedByFn.get(fn) ?? [];
    const j = positions[firstAtOrAfter(positions, cursor)];
    const step = j === undefined ? undefined : out[j];
    if (j === undefined || step === undefined || step.kind !== 'tool_call') continue;
    cursor = j + 1;
    const observed = trace.toolOutputs.get(tc.id);
    if (step.result !== null || observed === undefined || observed.isError || observed.text.trim() === PYTHON_NONE) continue;
    out[j] = { ...step, result: decodeReturnValue(observed.text) };
  }
  return out;
}
