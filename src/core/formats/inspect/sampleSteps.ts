import type { Diagnostic, Step } from '../../model';
import { isObject, stringOrNull, type JsonObject } from '../gaia2/values';
import { argsOf, reasoningOf, resultOf, SkippedRecords, StepBuilder, textOf, toolCallOf } from '../polywork';

// An Inspect sample's conversation as steps. `messages` holds it: ChatMessage {role system | user | assistant |
// tool, content (string or blocks: text, reasoning, image, tool_use…)}, assistant tool_calls [{id, function,
// arguments}], tool messages {tool_call_id, function, error {type, message}}. Long strings may be stored once in the
// sample's `attachments` and referenced as attachment://<hash>. Logs that keep the conversation only in their model
// events store each event's input as `input_refs` ([start, end) ranges) into a per-sample message pool
// (`message_pool`, or `events_data.messages`): the last model call's input plus its output is then the conversation.

const ATTACHMENT = 'attachment://';
const LEGACY_ATTACHMENT = 'tc://';
/** Nesting below which attachment references are left as they are (a guard against pathological nesting). */
const MAX_DEPTH = 64;

export interface SampleConversation {
  steps: Step[];
  /** The sample's input: the task as given to the model. */
  task: string | null;
  /** The model's final output. */
  finalAnswer: string | null;
  diagnostics: Diagnostic[];
}

/** Replaces attachment://<hash> strings with the attachment's text, everywhere in `value`. */
export function resolveAttachments(value: unknown, attachments: JsonObject, depth = 0): unknown {
  if (typeof value === 'string') {
    const prefix = value.startsWith(ATTACHMENT) ? ATTACHMENT : value.startsWith(LEGACY_ATTACHMENT) ? LEGACY_ATTACHMENT : null;
    if (prefix === null) return value;
    const hash = value.slice(prefix.length);
    const text = Object.hasOwn(attachments, hash) ? attachments[hash] : undefined;
    return typeof text === 'string' ? text : value;
  }
  if (depth >= MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.map((v) => resolveAttachments(v, attachments, depth + 1));
  if (!isObject(value)) return value;
  const out: JsonObject = {};
  for (const [key, v] of Object.entries(value)) out[key] = resolveAttachments(v, attachments, depth + 1);
  return out;
}

/** Messages of `pool` named by range refs ([start, end) pairs); out-of-range refs are reported. */
function expandRefs(refs: unknown, pool: readonly unknown[], path: string, diagnostics: Diagnostic[]): unknown[] {
  const out: unknown[] = [];
  if (!Array.isArray(refs)) return out;
  for (const ref of refs) {
    const [start, end] = Array.isArray(ref) ? ref : [ref, typeof ref === 'number' ? ref + 1 : ref];
    if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end > pool.length || start > end) {
      const message = `input_refs ${JSON.stringify(ref)} lies outside the message pool of ${pool.length} messages; skipped`;
      diagnostics.push({ path, line: null, message, severity: 'warning' });
      continue;
    }
    out.push(...pool.slice(start as number, end as number));
  }
  return out;
}

function poolOf(sample: JsonObject): unknown[] {
  if (Array.isArray(sample.message_pool)) return sample.message_pool;
  const data = isObject(sample.events_data) ? sample.events_data : null;
  return data !== null && Array.isArray(data.messages) ? data.messages : [];
}

function outputMessage(output: unknown): JsonObject | null {
  if (!isObject(output) || !Array.isArray(output.choices)) return null;
  const choice: unknown = output.choices[0];
  return isObject(choice) && isObject(choice.message) ? choice.message : null;
}

/** The conversation: `messages`, else rebuilt from the last model event, else the input messages. */
function conversationOf(sample: JsonObject, path: string, diagnostics: Diagnostic[]): unknown[] {
  if (Array.isArray(sample.messages) && sample.messages.length > 0) return sample.messages;
  const events = Array.isArray(sample.events) ? sample.events : [];
  for (let i = events.length - 1; i >= 0; i--) {
    const event: unknown = events[i];
    if (!isObject(event) || event.event !== 'model') continue;
    const input =
      Array.isArray(event.input) && event.input.length > 0 ? event.input : expandRefs(event.input_refs, poolOf(sample), path, diagnostics);
    const reply = outputMessage(event.output);
    return reply === null ? input : [...input, reply];
  }
  return Array.isArray(sample.input) ? sample.input : [];
}

function assistantTurn(builder: StepBuilder, message: JsonObject): void {
  builder.message('assistant', textOf(message.content), null, reasoningOf(message.content));
  for (const raw of Array.isArray(message.tool_calls) ? message.tool_calls : []) {
    const call = toolCallOf(raw);
    if (call !== null) builder.toolCall(call, null);
  }
  // Tools the provider ran itself (web search…) are logged as content blocks holding their result.
  for (const block of Array.isArray(message.content) ? message.content : []) {
    if (!isObject(block) || block.type !== 'tool_use') continue;
    const callId = stringOrNull(block.id);
    const fn = stringOrNull(block.name) ?? stringOrNull(block.tool_type) ?? 'tool';
    builder.toolCall({ callId, fn, args: argsOf(block.arguments) }, null);
    builder.toolResult(callId, fn, resultOf(block.result), stringOrNull(block.error), null);
  }
}

/**
 * A tool error: its type (timeout, permission, output_limit…) says what went wrong when the message does not;
 * `unknown`, the type of a plain ToolError, adds nothing to a message.
 */
function errorOf(error: unknown): string | null {
  if (typeof error === 'string') return error;
  if (!isObject(error)) return null;
  const type = stringOrNull(error.type);
  const message = stringOrNull(error.message);
  if (message === null) return type ?? JSON.stringify(error);
  const redundant = type === null || type === 'unknown' || message.toLowerCase().startsWith(type.toLowerCase());
  return redundant ? message : `${type}: ${message}`;
}

function lastAssistantText(steps: readonly Step[]): string | null {
  for (let i = steps.length - 1; i >= 0; i--) {
    const step = steps[i];
    if (step?.kind === 'message' && step.role === 'assistant' && step.text.trim() !== '') return step.text;
  }
  return null;
}

function finalAnswerOf(output: unknown, steps: readonly Step[]): string | null {
  const completion = isObject(output) ? stringOrNull(output.completion) : null;
  if (completion !== null && completion.trim() !== '') return completion.trim();
  const reply = outputMessage(output);
  const text = reply === null || (reply.role !== undefined && reply.role !== 'assistant') ? '' : textOf(reply.content);
  return text.trim() !== '' ? text.trim() : (lastAssistantText(steps)?.trim() ?? null);
}

export function sampleConversation(sample: JsonObject, path: string): SampleConversation {
  const diagnostics: Diagnostic[] = [];
  const attachments = isObject(sample.attachments) ? sample.attachments : {};
  const messages = resolveAttachments(conversationOf(sample, path, diagnostics), attachments);
  const builder = new StepBuilder();
  const skipped = new SkippedRecords('messages of unknown shape or role');
  let firstUser: string | null = null;
  for (const message of Array.isArray(messages) ? messages : []) {
    if (!isObject(message)) {
      skipped.add('not an object', null);
      continue;
    }
    switch (message.role) {
      case 'system':
        builder.message('system', textOf(message.content), null);
        break;
      case 'user': {
        const text = textOf(message.content);
        firstUser ??= text.trim() === '' ? null : text;
        builder.message('user', text, null);
        break;
      }
      case 'assistant':
        assistantTurn(builder, message);
        break;
      case 'tool':
        builder.toolResult(stringOrNull(message.tool_call_id), stringOrNull(message.function), resultOf(message.content), errorOf(message.error), null);
        break;
      default:
        skipped.add(`role ${JSON.stringify(message.role) ?? 'missing'}`, null);
    }
  }
  if (builder.orphanResults > 0) {
    const message = `${builder.orphanResults} tool messages answer a call that is not in the conversation; shown as calls without arguments`;
    diagnostics.push({ path, line: null, message, severity: 'warning' });
  }
  const steps = builder.finish();
  // A string input is the task as the dataset states it; message inputs are the conversation's first user message.
  const input = resolveAttachments(sample.input, attachments);
  const task = typeof input === 'string' && input.trim() !== '' ? input : firstUser;
  return {
    steps,
    task,
    finalAnswer: finalAnswerOf(resolveAttachments(sample.output, attachments), steps),
    diagnostics: [...diagnostics, ...skipped.diagnostics(path)],
  };
}
