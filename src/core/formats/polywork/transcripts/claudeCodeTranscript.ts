import { epochSeconds } from '../../epochSeconds';
import { isObject, stringOrNull, type JsonObject } from '../../gaia2/values';
import { reasoningOf, resultOf, textOf, toolCallOf } from '../chat/content';
import { StepBuilder } from '../chat/stepBuilder';
import type { Transcript } from './transcript';

// Claude Code's log as the PolyWorkBench image writes it (claude_code_log/chat.json, Anthropic Messages format). The
// wrapper logging it is not public, so every shape seen in Claude Code logs is accepted:
//   a list of messages {role, content}; a list of stream events {type: user | assistant | system | result,
//   message {role, content}}; an object {messages: […]}; a list of API exchanges {request {messages}, response}.
// Content is a string or blocks: text, thinking, redacted_thinking, tool_use {id, name, input}, and in user
// messages tool_result {tool_use_id, content, is_error}.

interface Message {
  role: unknown;
  content: unknown;
  time: number | null;
}

function asMessage(value: unknown): Message | null {
  if (!isObject(value)) return null;
  const time = epochSeconds(value.timestamp);
  if (isObject(value.message) && 'content' in value.message) {
    return { role: value.message.role ?? value.type, content: value.message.content, time };
  }
  return 'role' in value && 'content' in value ? { role: value.role, content: value.content, time } : null;
}

/** The conversation of the last API exchange: its request's messages and its response. */
function lastExchange(values: readonly unknown[]): unknown[] | null {
  for (let i = values.length - 1; i >= 0; i--) {
    const exchange = values[i];
    if (!isObject(exchange) || !isObject(exchange.request) || !Array.isArray(exchange.request.messages)) continue;
    const response = isObject(exchange.response) ? exchange.response : null;
    const reply = response !== null && Array.isArray(response.content) ? [{ role: 'assistant', content: response.content }] : [];
    return [...exchange.request.messages, ...reply];
  }
  return null;
}

/** The messages of the log, whatever its shape; null when none of the known shapes fits. */
export function claudeCodeMessages(value: unknown): unknown[] | null {
  const list = Array.isArray(value) ? value : isObject(value) && Array.isArray(value.messages) ? value.messages : null;
  if (list === null) return null;
  if (list.some((v) => asMessage(v) !== null)) return list;
  return lastExchange(list);
}

function toolResultBlock(builder: StepBuilder, block: JsonObject, time: number | null): void {
  const result = resultOf(block.content);
  const error = block.is_error === true ? (typeof result === 'string' ? result : textOf(block.content)) : null;
  builder.toolResult(stringOrNull(block.tool_use_id), null, result, error, time);
}

export function claudeCodeTranscript(value: unknown, path: string): Transcript {
  const builder = new StepBuilder();
  const messages = claudeCodeMessages(value);
  if (messages === null) {
    const message = 'not a Claude Code log (no list of messages, stream events or API exchanges); no steps read';
    return { steps: [], task: null, orphanResults: 0, diagnostics: [{ path, line: null, message, severity: 'warning' }] };
  }
  let task: string | null = null;
  for (const raw of messages) {
    const message = asMessage(raw);
    if (message === null) continue;
    const blocks = Array.isArray(message.content) ? message.content.filter(isObject) : [];
    if (message.role === 'assistant') {
      builder.message('assistant', textOf(message.content), message.time, reasoningOf(message.content));
      for (const block of blocks) {
        if (block.type !== 'tool_use') continue;
        const call = toolCallOf(block);
        if (call !== null) builder.toolCall(call, message.time);
      }
    } else if (message.role === 'user') {
      for (const block of blocks) if (block.type === 'tool_result') toolResultBlock(builder, block, message.time);
      const text = textOf(message.content);
      task ??= text.trim() === '' ? null : text;
      builder.message('user', text, message.time);
    } else if (message.role === 'system') {
      builder.message('system', textOf(message.content), message.time);
    }
  }
  return { steps: builder.finish(), task, orphanResults: builder.orphanResults, diagnostics: [] };
}
