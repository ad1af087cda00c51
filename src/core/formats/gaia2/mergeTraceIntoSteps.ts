import type { MessageStep, Step, ToolCallStep } from '../../model';
import { eventSteps, isMessageToUser, messageContent, type Gaia2Event } from './readGaia2Events';
import type { LlmToolCall } from './llmResponse';
import type { TraceCall, TraceResult } from './readGaia2Trace';
import { firstAtOrAfter } from '../../sortedPositions';
import { callTarget, canonical, EventLookup, normalizedText, snake } from './eventLookup';
import { isObject, splitToolName } from './values';

// Builds the step list of a gaia2-cli run. events.jsonl is the source of truth for what the environment executed
// (every logged action becomes a step, in log order); trace.jsonl adds what only the model's side shows: its
// intermediate messages, its reasoning, and tool calls that never reached the log because they failed.
//
// The merge walks the LLM calls in order and links each tool call to the first not-yet-linked logged action at or
// after the current position with the same function and agreeing arguments (or, for a shell tool, a command naming
// that function with the action's arguments). An assistant text equal to a logged message to the user is linked to
// that message. Logged actions nobody links are emitted in log order before the next linked one; trace steps that
// link to nothing (pure text, failed calls) wait and are emitted just before the next linked action. Candidates come
// from an index of the log (EventLookup), so a long run merges in time linear in its length.

export const NOT_EXECUTED = 'not executed by the environment (no matching action in events.jsonl)';

/** Every argument the model sent agrees with the logged one (the log may add defaults the model left out). */
function argsAgree(callArgs: Record<string, unknown>, eventArgs: Record<string, unknown>): boolean {
  return Object.entries(callArgs).every(([key, value]) => canonical(value) === canonical(eventArgs[snake(key)]));
}

function structuredMatch(call: LlmToolCall, event: Gaia2Event): boolean {
  const { app, fn } = callTarget(call.name);
  if (snake(fn) !== event.fn) return false;
  if (app !== null && app.toLowerCase() !== event.app.toLowerCase()) return false;
  return argsAgree(call.args, event.args);
}

/** Short single-line strings of the logged arguments: what a shell command must spell out verbatim. */
function literalArgs(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') {
    if (value !== '' && value.length <= 120 && !/[\n'"\\$`]/.test(value)) into.push(value);
  } else if (Array.isArray(value)) value.forEach((v) => literalArgs(v, into));
  else if (isObject(value)) Object.values(value).forEach((v) => literalArgs(v, into));
  return into;
}

/** A shell tool call (`{command: "emails send-email --recipients …"}`) that ran the logged app command. */
function shellMatch(call: LlmToolCall, event: Gaia2Event): boolean {
  const command = call.args.command ?? call.args.cmd;
  if (typeof command !== 'string') return false;
  const kebab = event.fn.replace(/_/g, '-');
  const names = new Set([event.fn, kebab]);
  const words = command.split(/[^A-Za-z0-9_-]+/);
  if (!words.some((w) => names.has(w))) return false;
  return literalArgs(event.args).every((literal) => command.includes(literal));
}

function sameText(a: string, b: string): boolean {
  return normalizedText(a) === normalizedText(b);
}

function failedStep(call: LlmToolCall, reasoning: string | null, output: string | null): ToolCallStep {
  const { app, fn } = splitToolName(call.name);
  return {
    kind: 'tool_call',
    tool: call.name,
    app,
    fn,
    args: call.args,
    result: output,
    error: NOT_EXECUTED,
    write: false,
    requestor: 'assistant',
    reasoning,
    time: null,
    callId: call.id,
  };
}

function assistantMessage(text: string, reasoning: string | null): MessageStep {
  return { kind: 'message', role: 'assistant', text, reasoning, time: null };
}

class StepBuilder {
  readonly steps: Step[] = [];
  private readonly linked: boolean[];
  private readonly lookup: EventLookup;
  private cursor = 0;
  private waiting: Step[] = [];

  constructor(
    private readonly events: Gaia2Event[],
    private readonly trace: TraceResult,
  ) {
    this.linked = events.map(() => false);
    this.lookup = new EventLookup(events);
  }

  /** Links the first not-yet-linked candidate at or after the cursor that passes `test`. */
  private find(candidates: ReadonlyArray<readonly number[]>, test: (event: Gaia2Event) => boolean): number | null {
    let found: number | null = null;
    for (const list of candidates) {
      for (let k = firstAtOrAfter(list, this.cursor); k < list.length; k++) {
        const j = list[k] as number;
        if (found !== null && j >= found) break;
        const event = this.events[j];
        if (event && !this.linked[j] && test(event)) {
          found = j;
          break;
        }
      }
    }
    if (found !== null) this.linked[found] = true;
    return found;
  }

  /** Emits the logged actions before `end` that no trace call linked to. */
  private flushEvents(end: number): void {
    for (let j = this.cursor; j < end; j++) {
      const event = this.events[j];
      if (event && !this.linked[j]) {
        this.linked[j] = true;
        this.steps.push(...eventSteps(event, null));
      }
    }
  }

  addCall(call: TraceCall): void {
    const text = call.text.trim() === '' ? null : call.text;
    const matches = call.toolCalls.map((tc) => this.find(this.lookup.forCall(tc), (e) => structuredMatch(tc, e) || shellMatch(tc, e)));
    const answer = text === null ? null : this.find([this.lookup.forText(text)], (e) => isMessageToUser(e) && sameText(messageContent(e), text));

    let reasoning: string | null = call.reasoning.trim() === '' ? null : call.reasoning;
    const takeReasoning = (): string | null => {
      const r = reasoning;
      reasoning = null;
      return r;
    };
    const steps: Step[] = [];
    const answerEvent = answer === null ? undefined : this.events[answer];
    if (answerEvent) steps.push(...eventSteps(answerEvent, takeReasoning()));
    else if (text !== null) steps.push(assistantMessage(text, takeReasoning()));
    call.toolCalls.forEach((tc, i) => {
      const event = this.events[matches[i] ?? -1];
      if (event) steps.push(...eventSteps(event, takeReasoning()));
      else steps.push(failedStep(tc, takeReasoning(), (tc.id && this.trace.toolOutputs.get(tc.id)?.text) || null));
    });
    if (reasoning !== null) steps.push(assistantMessage('', takeReasoning()));

    const linkedIndices = [...matches, answer].filter((j): j is number => j !== null);
    if (linkedIndices.length === 0) {
      this.waiting.push(...steps);
      return;
    }
    const first = Math.min(...linkedIndices);
    this.flushEvents(first);
    this.cursor = first;
    this.steps.push(...this.waiting, ...steps);
    this.waiting = [];
  }

  finish(): Step[] {
    this.steps.push(...this.waiting);
    this.waiting = [];
    this.flushEvents(this.events.length);
    return this.steps;
  }
}

/** The run's steps: the logged actions in order, with the trace's messages, reasoning and failed calls merged in. */
export function mergeTraceIntoSteps(events: Gaia2Event[], trace: TraceResult | null): Step[] {
  if (trace === null) return events.flatMap((event) => eventSteps(event, null));
  const builder = new StepBuilder(events, trace);
  for (const call of trace.calls) builder.addCall(call);
  return builder.finish();
}
