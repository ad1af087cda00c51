import type { MessageStep, Step, ToolCallStep } from '../../model';
import type { LlmToolCall } from '../gaia2/llmResponse';
import type { TraceCall, TraceResult } from '../gaia2/readGaia2Trace';
import { isObject, splitToolName } from '../gaia2/values';
import type { LiteMessage } from './liteTrace';

// The ARE agent writes ReAct turns: `Thought: … Action: {"action": "App__fn", "action_input": {…}}<end_action>`,
// and the environment answers with a tool-response `[OUTPUT OF STEP n] -> Observation: …` (or `… ERROR: …`).
// With an hf export beside it, the history is merged like an LLM trace (reasoning and failed calls added to the
// logged actions); alone, it is the only record and becomes the steps directly.

const SEND_TO_USER = 'AgentUserInterface__send_message_to_user';
/** `Action:` followed by a JSON object, possibly in a code fence. */
const ACTION_START = /\bAction:\s*(?:```(?:json)?\s*)?\{/;
const THOUGHT_PREFIX = /^\s*Thought:\s*/;
const OBSERVATION_HEADER = /^\[OUTPUT OF STEP \d+\][^\n]*\n/;
const FENCE = '***';
const ERROR_HEADER = /^[^\n]*\bERROR:/;
/** The agent sees the user's task as `[TASK]: <text>`. */
const TASK_PREFIX = /^\[TASK\]:\s*/;

export interface AgentOutput {
  /** Text before the action, without its `Thought:` label; null when empty. */
  thought: string | null;
  action: { name: string; args: Record<string, unknown> } | null;
}

function argsOf(input: unknown): Record<string, unknown> {
  if (isObject(input)) return input;
  if (input === undefined || input === null) return {};
  if (typeof input === 'string') {
    try {
      const parsed: unknown = JSON.parse(input);
      if (isObject(parsed)) return parsed;
    } catch {
      // Not JSON: the input is the tool's single argument.
    }
  }
  return { input };
}

function nonEmpty(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}

/** The thought before an `Action:` and the action's JSON text (from its `{` to the output's last `}`), if any. */
function splitAction(content: string): { before: string; json: string } | null {
  const match = ACTION_START.exec(content);
  if (match === null) return null;
  const open = match.index + match[0].length - 1;
  const close = content.lastIndexOf('}');
  return close > open ? { before: content.slice(0, match.index), json: content.slice(open, close + 1) } : null;
}

function actionOf(json: string): AgentOutput['action'] {
  try {
    const blob: unknown = JSON.parse(json);
    const name = isObject(blob) ? blob.action : undefined;
    return isObject(blob) && typeof name === 'string' && name !== '' ? { name, args: argsOf(blob.action_input) } : null;
  } catch {
    return null;
  }
}

/** Splits one assistant output into its thought and its action; an output without a parsable action has none. */
export function parseAgentOutput(content: string): AgentOutput {
  const split = splitAction(content);
  const action = split === null ? null : actionOf(split.json);
  if (split !== null && action !== null) return { thought: nonEmpty(split.before.replace(THOUGHT_PREFIX, '')), action };
  return { thought: THOUGHT_PREFIX.test(content) ? nonEmpty(content.replace(THOUGHT_PREFIX, '')) : null, action: null };
}

interface Observation {
  text: string;
  isError: boolean;
}

/** The tool's output: what the `***` fences under the `[OUTPUT OF STEP n] …` header enclose (hints after them dropped). */
function observationOf(content: string): Observation {
  const isError = ERROR_HEADER.test(content);
  const header = OBSERVATION_HEADER.exec(content);
  const body = header === null ? content : content.slice(header[0].length);
  if (header === null || !body.startsWith(`${FENCE}\n`)) return { text: body, isError };
  const close = body.indexOf(`\n${FENCE}`, FENCE.length);
  return { text: close < 0 ? body.slice(FENCE.length + 1) : body.slice(FENCE.length + 1, close), isError };
}

function userText(content: string): string {
  return content.replace(TASK_PREFIX, '').trim();
}

/** The user's first message: the task. */
export function liteTask(messages: readonly LiteMessage[]): string | null {
  const first = messages.find((m) => m.role === 'user');
  return first ? userText(first.content) : null;
}

const isToolResponse = (role: string): boolean => role === 'tool-response' || role === 'tool';

const CALL_ID_PREFIX = 'lite-';

/** The time of the history message a call of `liteCalls` came from; null for any other id. */
export function liteCallTime(messages: readonly LiteMessage[], callId: string | null): number | null {
  if (callId === null || !callId.startsWith(CALL_ID_PREFIX)) return null;
  return messages[Number(callId.slice(CALL_ID_PREFIX.length))]?.time ?? null;
}

/** The history as the LLM trace the GAIA2 merge takes: one call per assistant turn, tool outputs by call id. */
export function liteCalls(messages: readonly LiteMessage[]): TraceResult {
  const calls: TraceCall[] = [];
  const toolOutputs = new Map<string, Observation>();
  let awaiting: string | null = null;
  messages.forEach((message, i) => {
    if (message.role === 'assistant') {
      const { thought, action } = parseAgentOutput(message.content);
      const call: LlmToolCall | null = action && { id: `${CALL_ID_PREFIX}${i}`, name: action.name, args: action.args, rawArgs: null };
      const toolCalls = call ? [call] : [];
      const text = action || thought !== null ? '' : message.content;
      calls.push({ line: i + 1, seq: null, text, reasoning: thought ?? '', toolCalls });
      awaiting = toolCalls[0]?.id ?? null;
    } else if (isToolResponse(message.role) && awaiting !== null) {
      toolOutputs.set(awaiting, observationOf(message.content));
      awaiting = null;
    }
  });
  return { calls, toolOutputs, firstUserText: liteTask(messages), diagnostics: [] };
}

function message(role: MessageStep['role'], text: string, reasoning: string | null, time: number | null): MessageStep {
  return { kind: 'message', role, text, reasoning, time };
}

function toolCall(name: string, args: Record<string, unknown>, reasoning: string | null, time: number | null): ToolCallStep {
  const { app, fn } = splitToolName(name);
  const write = name === SEND_TO_USER;
  const requestor = 'assistant';
  return { kind: 'tool_call', tool: name, app, fn, args, result: null, error: null, write, requestor, reasoning, time, callId: null };
}

/**
 * The steps of a run known only from its history. Which actions write is not recorded there, so only the message to
 * the user counts as a write. A tool response fills in the result of the call before it; other roles are shown as
 * system messages.
 */
export function liteSteps(messages: readonly LiteMessage[]): Step[] {
  const steps: Step[] = [];
  let awaiting: ToolCallStep | null = null;
  for (const { role, content, time } of messages) {
    if (role === 'assistant') {
      const { thought, action } = parseAgentOutput(content);
      awaiting = null;
      if (action === null) {
        // A turn that only thought is reasoning without text; anything else the agent wrote is its text.
        steps.push(thought !== null ? message('assistant', '', thought, time) : message('assistant', content, null, time));
      } else if (action.name === SEND_TO_USER) {
        const text = typeof action.args.content === 'string' ? action.args.content : JSON.stringify(action.args);
        steps.push(message('assistant', text, thought, time), toolCall(action.name, action.args, null, time));
      } else {
        awaiting = toolCall(action.name, action.args, thought, time);
        steps.push(awaiting);
      }
    } else if (isToolResponse(role) && awaiting !== null) {
      const { text, isError } = observationOf(content);
      awaiting.result = text;
      awaiting.error = isError ? text : null;
      awaiting = null;
    } else if (role === 'user') {
      steps.push(message('user', userText(content), null, time));
    } else {
      steps.push(message('system', content, null, time));
    }
  }
  return steps;
}
