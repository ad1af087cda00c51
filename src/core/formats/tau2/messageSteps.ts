import type { Diagnostic, MessageStep, Step, ToolCallStep } from '../../model';
import { epochSeconds } from '../epochSeconds';
import { isObject, numberOrNull, stringOrNull, type JsonObject } from '../gaia2/values';
import { rawReasoning } from './rawReasoning';

// tau2 messages → steps. The message list is flat (turn_idx = position): system, user and assistant messages carry
// text and/or tool_calls [{id, name, arguments, requestor}]; a tool message {id, content, error} answers the call with
// that id, possibly inside a {role: "tool", tool_messages: […]} wrapper. A message step is made only where there is
// text; each tool call is a step, with its result attached.

export interface MessageStepsResult {
  steps: Step[];
  /** turn_idx of a message → index of the first step made from it (tool messages: the step of their call). */
  turnSteps: Map<number, number>;
  diagnostics: Diagnostic[];
}

export type ToolKind = 'read' | 'write' | 'think' | 'generic';

/** Problems reported per message list before the rest are counted, so a garbage list cannot flood the Problems panel. */
const MAX_WARNINGS = 20;
/** Verbs of tau2 domain tools that change the environment, for tools no action check classifies. */
const WRITE_VERBS = new Set([
  'add', 'apply', 'book', 'cancel', 'change', 'create', 'delete', 'disable', 'enable', 'exchange', 'grant', 'make',
  'modify', 'pay', 'refuel', 'remove', 'reset', 'resume', 'return', 'send', 'set', 'suspend', 'toggle', 'update',
]);

/** A tool changes the environment when the file says so (action_checks' tool_type), else when its verb does. */
function isWriteTool(name: string, kinds: ReadonlyMap<string, ToolKind>): boolean {
  const kind = kinds.get(name);
  if (kind !== undefined) return kind === 'write';
  return WRITE_VERBS.has(name.split('_')[0]?.toLowerCase() ?? '');
}

/** Message text: a string, or a list of content parts whose text parts are joined. */
function textOf(content: unknown): string | null {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return null;
  const parts = content
    .map((part) => (typeof part === 'string' ? part : isObject(part) ? stringOrNull(part.text) : null))
    .filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join('\n') : null;
}

/** Tool results are usually JSON text; anything else is shown as the text it is. */
function resultOf(content: unknown): unknown {
  if (typeof content !== 'string') return content ?? null;
  const trimmed = content.trim();
  if (trimmed === '' || !/^[[{"\d-]|^(?:true|false|null)$/.test(trimmed)) return content;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return content;
  }
}

function requestorOf(value: unknown): 'assistant' | 'user' | null {
  return value === 'assistant' || value === 'user' ? value : null;
}

class StepBuilder {
  readonly steps: Step[] = [];
  readonly turnSteps = new Map<number, number>();
  readonly diagnostics: Diagnostic[] = [];
  /** Calls waiting for their result, in call order, with their step index. */
  private pending: Array<{ step: ToolCallStep; index: number }> = [];
  private suppressed = 0;

  constructor(
    private readonly path: string,
    private readonly where: (position: number) => string,
    private readonly kinds: ReadonlyMap<string, ToolKind>,
  ) {}

  warn(message: string): void {
    if (this.diagnostics.length < MAX_WARNINGS) this.diagnostics.push({ path: this.path, line: null, message, severity: 'warning' });
    else this.suppressed++;
  }

  finish(): MessageStepsResult {
    if (this.suppressed > 0) {
      const message = `${this.suppressed} more problems in this simulation's messages are not listed`;
      this.diagnostics.push({ path: this.path, line: null, message, severity: 'warning' });
    }
    return { steps: this.steps, turnSteps: this.turnSteps, diagnostics: this.diagnostics };
  }

  private markTurn(turn: number, stepIndex: number): void {
    if (!this.turnSteps.has(turn)) this.turnSteps.set(turn, stepIndex);
  }

  private argsOf(value: unknown, where: string): Record<string, unknown> {
    if (isObject(value)) return value;
    if (value === undefined || value === null) return {};
    if (typeof value === 'string') {
      try {
        const parsed: unknown = JSON.parse(value);
        if (isObject(parsed)) return parsed;
      } catch {
        // reported below
      }
    }
    this.warn(`${where}: arguments are not an object; shown as recorded`);
    return { arguments: value };
  }

  private toolCall(call: unknown, message: JsonObject, turn: number, where: string): void {
    if (!isObject(call)) {
      this.warn(`${where} is not an object; skipped`);
      return;
    }
    const name = stringOrNull(call.name);
    if (name === null || name === '') {
      this.warn(`${where} has no tool name; skipped`);
      return;
    }
    const id = stringOrNull(call.id);
    const step: ToolCallStep = {
      kind: 'tool_call',
      tool: name,
      app: null,
      fn: name,
      args: this.argsOf(call.arguments, where),
      result: null,
      error: null,
      write: isWriteTool(name, this.kinds),
      requestor: requestorOf(call.requestor) ?? requestorOf(message.role),
      reasoning: null,
      time: epochSeconds(message.timestamp),
      callId: id === null || id === '' ? null : id,
    };
    this.pending.push({ step, index: this.steps.length });
    this.markTurn(turn, this.steps.length);
    this.steps.push(step);
  }

  /** Attaches a tool result to the call with its id, else to the oldest unanswered call (files without ids). */
  private toolResult(message: JsonObject, turn: number, where: string): void {
    const id = stringOrNull(message.id);
    const position = id === null || id === '' ? 0 : this.pending.findIndex((p) => p.step.callId === id);
    const waiting = this.pending[position];
    if (waiting === undefined) {
      this.warn(`${where}: tool result${id ? ` ${JSON.stringify(id)}` : ''} answers no tool call; not shown`);
      return;
    }
    this.pending.splice(position, 1);
    this.markTurn(turn, waiting.index);
    const call = waiting.step;
    if (message.error === true) {
      const text = textOf(message.content);
      call.error = text !== null && text.trim() !== '' ? text : 'the tool reported an error';
    } else {
      call.result = resultOf(message.content);
    }
  }

  private participant(message: JsonObject, role: MessageStep['role'], turn: number, where: string): void {
    const text = textOf(message.content);
    if (text === null && message.content !== undefined && message.content !== null) {
      this.warn(`${where}: content is not text; not shown`);
    }
    // The agent's reasoning goes on its message, or on its first tool call when it only called tools.
    const reasoning = role === 'assistant' ? rawReasoning(message) : null;
    const first = this.steps.length;
    if (text !== null && text.trim() !== '') {
      this.markTurn(turn, this.steps.length);
      this.steps.push({ kind: 'message', role, text, reasoning, time: epochSeconds(message.timestamp) });
    }
    const calls = message.tool_calls;
    if (calls === undefined || calls === null) return;
    if (!Array.isArray(calls)) {
      this.warn(`${where}: tool_calls is not a list; skipped`);
      return;
    }
    calls.forEach((call, k) => this.toolCall(call, message, turn, `${where}.tool_calls[${k}]`));
    const firstCall = this.steps[first];
    if (firstCall?.kind === 'tool_call') firstCall.reasoning = reasoning;
  }

  add(message: unknown, position: number): void {
    const where = this.where(position);
    if (!isObject(message)) {
      this.warn(`${where} is not an object; skipped`);
      return;
    }
    const turn = numberOrNull(message.turn_idx) ?? position;
    const role = message.role;
    if (role === 'tool') {
      const wrapped = message.tool_messages;
      if (wrapped === undefined) {
        this.toolResult(message, turn, where);
      } else if (!Array.isArray(wrapped)) {
        this.warn(`${where}.tool_messages is not a list; skipped`);
      } else {
        wrapped.forEach((inner, k) => {
          const innerWhere = `${where}.tool_messages[${k}]`;
          if (isObject(inner)) this.toolResult(inner, numberOrNull(inner.turn_idx) ?? turn, innerWhere);
          else this.warn(`${innerWhere} is not an object; skipped`);
        });
      }
    } else if (role === 'user' || role === 'assistant' || role === 'system') {
      this.participant(message, role, turn, where);
    } else {
      this.warn(`${where} has an unknown role ${JSON.stringify(role)}; skipped`);
    }
  }
}

/**
 * Steps of a tau2 message list. `kinds` classifies tools as read or write (from action_checks' tool_type); `where`
 * names a message in diagnostics (`messages[3]`).
 */
export function messageSteps(
  messages: readonly unknown[],
  path: string,
  where: (position: number) => string,
  kinds: ReadonlyMap<string, ToolKind>,
): MessageStepsResult {
  const builder = new StepBuilder(path, where, kinds);
  messages.forEach((message, position) => builder.add(message, position));
  return builder.finish();
}
