import type { FileSource } from '../../fileSource';
import type { Diagnostic } from '../../model';
import { forEachJsonLine } from '../jsonLines';
import { parseResponseBody, parseResponseObject, type LlmOutput, type ParsedResponse } from './llmResponse';
import { isObject, numberOrNull, stringOrNull, type JsonObject } from './values';

// trace.jsonl: one line per LLM HTTP call the agent made, with the request and the raw (or pre-parsed) response.
// Each request repeats the conversation so far, so tool outputs (including the errors of calls the environment
// never logged) can be read back from later requests by tool-call id.

export interface TraceCall extends LlmOutput {
  line: number;
  seq: number | null;
}

export interface ToolOutput {
  text: string;
  isError: boolean;
}

export interface TraceResult {
  calls: TraceCall[];
  /** Tool outputs sent back to the model, by tool-call id. */
  toolOutputs: Map<string, ToolOutput>;
  /** Text of the first user message of the first request (the task, when events.jsonl lacks it). */
  firstUserText: string | null;
  diagnostics: Diagnostic[];
}

function partsText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (!Array.isArray(value)) return '';
  return value
    .filter(isObject)
    .map((part) => stringOrNull(part.text) ?? '')
    .join('');
}

/** Collects tool outputs from a request's messages: OpenAI `role: tool`, Anthropic `tool_result` blocks. */
function collectToolOutputs(messages: unknown[], into: Map<string, ToolOutput>): void {
  for (const message of messages.filter(isObject)) {
    const toolCallId = stringOrNull(message.tool_call_id);
    if (message.role === 'tool' && toolCallId !== null && !into.has(toolCallId)) {
      into.set(toolCallId, { text: partsText(message.content), isError: false });
    }
    if (!Array.isArray(message.content)) continue;
    for (const block of message.content.filter(isObject)) {
      const id = stringOrNull(block.tool_use_id);
      if (block.type === 'tool_result' && id !== null && !into.has(id)) {
        into.set(id, { text: partsText(block.content), isError: block.is_error === true });
      }
    }
  }
}

function firstUserMessage(messages: unknown[]): string | null {
  const user = messages.filter(isObject).find((m) => m.role === 'user');
  if (!user) return null;
  const text = partsText(user.content);
  return text.trim() === '' ? null : text;
}

function responseOf(entry: JsonObject): ParsedResponse | null {
  if (typeof entry.raw_response === 'string') return parseResponseBody(entry.raw_response);
  if (isObject(entry.response)) return parseResponseObject(entry.response);
  return null;
}

export async function readGaia2Trace(fs: FileSource, path: string): Promise<TraceResult> {
  const result: TraceResult = { calls: [], toolOutputs: new Map(), firstUserText: null, diagnostics: [] };
  const shape: Diagnostic[] = [];
  const warn = (line: number, message: string): void => {
    shape.push({ path, line, message: `line ${line}: ${message}`, severity: 'warning' });
  };
  const diagnostics = await forEachJsonLine(fs, path, ({ line, value }) => {
    if (!isObject(value)) return warn(line, 'not an LLM call record');
    if (value.type !== undefined && value.type !== 'llm_call') return;
    const request = isObject(value.request) ? value.request : {};
    const messages = Array.isArray(request.messages) ? request.messages : [];
    collectToolOutputs(messages, result.toolOutputs);
    if (result.firstUserText === null && result.calls.length === 0) result.firstUserText = firstUserMessage(messages);

    // A failed HTTP call produced nothing the agent acted on; the retry that follows is the real turn.
    const status = numberOrNull(value.http_status);
    if (status !== null && status >= 400) return;
    const response = responseOf(value);
    if (response === null) return warn(line, 'LLM call without "raw_response" or "response"');
    if (!response.ok) return warn(line, response.reason);
    result.calls.push({ line, seq: numberOrNull(value.seq), ...response.output });
  });
  result.diagnostics = [...diagnostics, ...shape].sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  return result;
}
