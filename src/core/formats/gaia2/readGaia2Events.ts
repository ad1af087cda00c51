import type { FileSource } from '../../fileSource';
import type { Diagnostic, Step, ToolCallStep } from '../../model';
import { forEachJsonLine } from '../jsonLines';
import { isObject, numberOrNull, objectOrEmpty, stringOrNull } from './values';

/** One line of events.jsonl: an action the environment executed (failed calls are never logged). */
export interface Gaia2Event {
  line: number;
  /** Epoch seconds. */
  t: number | null;
  app: string;
  fn: string;
  args: Record<string, unknown>;
  write: boolean;
  ret: unknown;
  /** Scenario clock, `YYYY-MM-DD HH:MM:SS`. */
  simTime: string | null;
  /** Set when the daemon issued the action (ENV reactions, `Event-ENV-…`; user turns, `Event-USER-…`). */
  eventId: string | null;
}

export const AGENT_USER_INTERFACE = 'AgentUserInterface';

export function isUserMessage(event: Gaia2Event): boolean {
  return event.app === AGENT_USER_INTERFACE && event.fn === 'send_message_to_agent';
}

export function isMessageToUser(event: Gaia2Event): boolean {
  return event.app === AGENT_USER_INTERFACE && event.fn === 'send_message_to_user';
}

/** The `content` argument of an AgentUserInterface message. */
export function messageContent(event: Gaia2Event): string {
  const content = event.args.content;
  return typeof content === 'string' ? content : content === undefined ? '' : JSON.stringify(content);
}

export interface EventsResult {
  events: Gaia2Event[];
  diagnostics: Diagnostic[];
}

export async function readGaia2Events(fs: FileSource, path: string): Promise<EventsResult> {
  const events: Gaia2Event[] = [];
  const invalid: Diagnostic[] = [];
  const diagnostics = await forEachJsonLine(fs, path, ({ line, value }) => {
    const app = isObject(value) ? stringOrNull(value.app) : null;
    const fn = isObject(value) ? stringOrNull(value.fn) : null;
    if (!isObject(value) || app === null || fn === null) {
      const message = `line ${line} is not an environment action (needs "app" and "fn")`;
      invalid.push({ path, line, message, severity: 'warning' });
      return;
    }
    events.push({
      line,
      t: numberOrNull(value.t),
      app,
      fn,
      args: objectOrEmpty(value.args),
      write: value.w === true,
      ret: value.ret ?? null,
      simTime: stringOrNull(value.sim_t),
      eventId: stringOrNull(value.event_id),
    });
  });
  return { events, diagnostics: [...diagnostics, ...invalid].sort((a, b) => (a.line ?? 0) - (b.line ?? 0)) };
}

function requestorOf(event: Gaia2Event): ToolCallStep['requestor'] {
  if (event.eventId?.startsWith('Event-ENV-')) return null;
  if (event.eventId?.startsWith('Event-USER-')) return 'user';
  return 'assistant';
}

export function toolCallStep(event: Gaia2Event, reasoning: string | null): ToolCallStep {
  return {
    kind: 'tool_call',
    tool: `${event.app}__${event.fn}`,
    app: event.app,
    fn: event.fn,
    args: event.args,
    result: event.ret,
    error: null,
    write: event.write,
    requestor: requestorOf(event),
    reasoning,
    time: event.t,
    callId: event.eventId,
  };
}

/**
 * The steps one logged action becomes. The user's messages are user message steps. The agent's message to the user
 * (its answer) becomes two steps: an assistant message, which is what a reader sees, immediately followed by the
 * write tool call itself, which oracle matching and action counts need (the judge counts it as a write).
 * Reasoning that preceded the action goes on the message when there is one, else on the tool call.
 */
export function eventSteps(event: Gaia2Event, reasoning: string | null): Step[] {
  const text = messageContent(event);
  if (isUserMessage(event)) return [{ kind: 'message', role: 'user', text, reasoning, time: event.t }];
  if (isMessageToUser(event)) {
    return [{ kind: 'message', role: 'assistant', text, reasoning, time: event.t }, toolCallStep(event, null)];
  }
  return [toolCallStep(event, reasoning)];
}
