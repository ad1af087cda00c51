import { isObject, stringOrNull, type JsonObject } from './values';

// Extracts what the agent produced in one LLM HTTP response: assistant text, reasoning / thinking and tool calls.
// Supported bodies: OpenAI chat completions and Anthropic messages, each as plain JSON or as server-sent events,
// plus the pre-parsed `{content, reasoning, tool_calls}` objects some trace writers store instead.

export interface LlmToolCall {
  id: string | null;
  name: string;
  args: Record<string, unknown>;
  /** The argument text when it was not a JSON object (kept under `args.arguments` too). */
  rawArgs: string | null;
}

export interface LlmOutput {
  text: string;
  reasoning: string;
  toolCalls: LlmToolCall[];
}

export type ParsedResponse = { ok: true; output: LlmOutput } | { ok: false; reason: string };

const UNRECOGNISED = 'response format not recognised (expected OpenAI chat completions or Anthropic messages)';

function argsFromText(text: string, id: string | null, name: string): LlmToolCall {
  if (text.trim() === '') return { id, name, args: {}, rawArgs: null };
  try {
    const value: unknown = JSON.parse(text);
    if (isObject(value)) return { id, name, args: value, rawArgs: null };
  } catch {
    // Not JSON (a truncated stream, or a model that wrote free text): keep the text so the user sees it.
  }
  return { id, name, args: { arguments: text }, rawArgs: text };
}

/** Reasoning fields differ by server: a string, a list of parts, or an object with text / content / summary. */
function reasoningText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(reasoningText).join('');
  if (isObject(value)) {
    if (typeof value.text === 'string') return value.text;
    if (typeof value.content === 'string') return value.content;
    if (value.summary !== undefined) return reasoningText(value.summary);
  }
  return '';
}

function isTextPart(part: JsonObject): boolean {
  return part.type === undefined || part.type === 'text' || part.type === 'output_text';
}

/** Message content: a string, or a list of `{type: 'text', text}` parts. */
function contentText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (!Array.isArray(value)) return '';
  return value
    .filter(isObject)
    .map((part) => (isTextPart(part) ? (stringOrNull(part.text) ?? '') : ''))
    .join('');
}

/** `{content, reasoning_content | reasoning, tool_calls}`: an OpenAI message, or a pre-parsed response. */
function fromOpenAiMessage(message: JsonObject): LlmOutput {
  const toolCalls = (Array.isArray(message.tool_calls) ? message.tool_calls : []).filter(isObject).map((call) => {
    const fn = isObject(call.function) ? call.function : {};
    const args = fn.arguments;
    const id = stringOrNull(call.id);
    const name = stringOrNull(fn.name) ?? '';
    return isObject(args) ? { id, name, args, rawArgs: null } : argsFromText(stringOrNull(args) ?? '', id, name);
  });
  return {
    text: contentText(message.content),
    reasoning: reasoningText(message.reasoning_content) || reasoningText(message.reasoning),
    toolCalls,
  };
}

interface AnthropicBlock {
  type: string;
  text: string;
  thinking: string;
  id: string | null;
  name: string;
  input: unknown;
  partialJson: string;
}

function anthropicBlock(block: JsonObject): AnthropicBlock {
  return {
    type: stringOrNull(block.type) ?? '',
    text: stringOrNull(block.text) ?? '',
    thinking: stringOrNull(block.thinking) ?? '',
    id: stringOrNull(block.id),
    name: stringOrNull(block.name) ?? '',
    input: block.input,
    partialJson: '',
  };
}

function fromAnthropicBlocks(blocks: AnthropicBlock[]): LlmOutput {
  const text: string[] = [];
  const reasoning: string[] = [];
  const toolCalls: LlmToolCall[] = [];
  for (const block of blocks) {
    if (block.type === 'text' && block.text !== '') text.push(block.text);
    else if (block.type === 'thinking' && block.thinking !== '') reasoning.push(block.thinking);
    else if (block.type === 'tool_use') {
      toolCalls.push(
        block.partialJson !== ''
          ? argsFromText(block.partialJson, block.id, block.name)
          : { id: block.id, name: block.name, args: isObject(block.input) ? block.input : {}, rawArgs: null },
      );
    }
  }
  return { text: text.join('\n\n'), reasoning: reasoning.join('\n\n'), toolCalls };
}

function fromJsonBody(body: JsonObject): ParsedResponse {
  if (Array.isArray(body.choices)) {
    const choice = body.choices.find(isObject);
    const message = choice && isObject(choice.message) ? choice.message : null;
    if (!message) return { ok: false, reason: 'OpenAI response without a message' };
    return { ok: true, output: fromOpenAiMessage(message) };
  }
  if (Array.isArray(body.content)) {
    return { ok: true, output: fromAnthropicBlocks(body.content.filter(isObject).map(anthropicBlock)) };
  }
  if (isObject(body.error)) {
    return { ok: false, reason: `error response: ${stringOrNull(body.error.message) ?? JSON.stringify(body.error)}` };
  }
  if (typeof body.content === 'string' || 'tool_calls' in body || 'reasoning' in body || 'reasoning_content' in body) {
    return { ok: true, output: fromOpenAiMessage(body) };
  }
  return { ok: false, reason: UNRECOGNISED };
}

/** The JSON payloads of an SSE stream's `data:` lines (the `[DONE]` sentinel and non-JSON lines are skipped). */
function sseEvents(body: string): JsonObject[] {
  const events: JsonObject[] = [];
  for (const line of body.split(/\r?\n/)) {
    if (!line.startsWith('data:')) continue;
    const payload = line.slice(5).trim();
    if (payload === '' || payload === '[DONE]') continue;
    try {
      const value: unknown = JSON.parse(payload);
      if (isObject(value)) events.push(value);
    } catch {
      // A torn chunk: the rest of the stream still carries most of the answer.
    }
  }
  return events;
}

function fromOpenAiStream(events: JsonObject[]): LlmOutput {
  let text = '';
  let reasoning = '';
  const calls = new Map<number, { id: string | null; name: string; args: string }>();
  for (const event of events) {
    const choice = Array.isArray(event.choices) ? event.choices.find(isObject) : undefined;
    const delta = choice && isObject(choice.delta) ? choice.delta : null;
    if (!delta) continue;
    text += contentText(delta.content);
    reasoning += reasoningText(delta.reasoning_content) || reasoningText(delta.reasoning);
    for (const fragment of (Array.isArray(delta.tool_calls) ? delta.tool_calls : []).filter(isObject)) {
      const index = typeof fragment.index === 'number' ? fragment.index : calls.size;
      const call = calls.get(index) ?? { id: null, name: '', args: '' };
      const fn = isObject(fragment.function) ? fragment.function : {};
      call.id = stringOrNull(fragment.id) ?? call.id;
      call.name = stringOrNull(fn.name) || call.name;
      call.args += stringOrNull(fn.arguments) ?? '';
      calls.set(index, call);
    }
  }
  const toolCalls = [...calls.entries()].sort(([a], [b]) => a - b).map(([, c]) => argsFromText(c.args, c.id, c.name));
  return { text, reasoning, toolCalls };
}

function fromAnthropicStream(events: JsonObject[]): LlmOutput {
  const blocks = new Map<number, AnthropicBlock>();
  for (const event of events) {
    const index = typeof event.index === 'number' ? event.index : blocks.size;
    if (event.type === 'content_block_start' && isObject(event.content_block)) {
      blocks.set(index, anthropicBlock(event.content_block));
    } else if (event.type === 'content_block_delta' && isObject(event.delta)) {
      const block = blocks.get(index);
      if (!block) continue;
      const delta = event.delta;
      if (delta.type === 'text_delta') block.text += stringOrNull(delta.text) ?? '';
      else if (delta.type === 'thinking_delta') block.thinking += stringOrNull(delta.thinking) ?? '';
      else if (delta.type === 'input_json_delta') block.partialJson += stringOrNull(delta.partial_json) ?? '';
    }
  }
  return fromAnthropicBlocks([...blocks.entries()].sort(([a], [b]) => a - b).map(([, block]) => block));
}

const ANTHROPIC_STREAM_EVENTS = new Set(['message_start', 'content_block_start', 'content_block_delta']);

/** Parses a response body as recorded in trace.jsonl's `raw_response`. */
export function parseResponseBody(body: string): ParsedResponse {
  const trimmed = body.trim();
  if (trimmed.startsWith('{')) {
    try {
      const value: unknown = JSON.parse(trimmed);
      if (isObject(value)) return fromJsonBody(value);
    } catch {
      // Not one JSON document: fall through to server-sent events.
    }
  }
  const events = sseEvents(trimmed);
  if (events.some((e) => typeof e.type === 'string' && ANTHROPIC_STREAM_EVENTS.has(e.type))) {
    return { ok: true, output: fromAnthropicStream(events) };
  }
  if (events.some((e) => Array.isArray(e.choices))) return { ok: true, output: fromOpenAiStream(events) };
  const error = events.find((e) => e.type === 'error' || isObject(e.error));
  if (error) return { ok: false, reason: `error response: ${JSON.stringify(error.error ?? error)}` };
  return { ok: false, reason: UNRECOGNISED };
}

/** Parses a pre-parsed trace `response` object. */
export function parseResponseObject(response: JsonObject): ParsedResponse {
  return fromJsonBody(response);
}
