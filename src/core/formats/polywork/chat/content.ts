import { isObject, stringOrNull, type JsonObject } from '../../gaia2/values';

// Reading chat messages as agent harnesses log them. The shapes differ in names only: content is a string or a list
// of blocks (Anthropic `text` / `thinking` / `tool_use`, OpenAI Responses `input_text` / `output_text` / `reasoning`,
// OpenClaw `toolCall`, Inspect `reasoning`), and a tool call names its function and arguments in one of a few ways.

/** Agent tools that change files in the workspace (OpenClaw, Claude Code, Codex, Hermes, Inspect's tools). */
const WRITE_TOOLS = new Set(['write', 'edit', 'multiedit', 'apply_patch', 'create_file', 'write_file', 'edit_file', 'patch']);

/** True for a tool that changes the workspace, so the view can tell writes from reads. */
export function isWriteTool(fn: string): boolean {
  return WRITE_TOOLS.has(fn.toLowerCase());
}

/** Block types whose `text` is shown as the message. */
const TEXT_BLOCKS = new Set(['text', 'input_text', 'output_text']);

export interface ToolCallRef {
  callId: string | null;
  fn: string;
  args: Record<string, unknown>;
}

function blocksOf(content: unknown): unknown[] {
  if (Array.isArray(content)) return content;
  return isObject(content) ? [content] : [];
}

/** The text of a message's content: the string itself, or its text blocks joined by blank lines. */
export function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  const parts: string[] = [];
  for (const block of blocksOf(content)) {
    if (typeof block === 'string') parts.push(block);
    else if (isObject(block) && (block.type === undefined || TEXT_BLOCKS.has(String(block.type)))) {
      const text = stringOrNull(block.text);
      if (text !== null) parts.push(text);
    }
  }
  return parts.join('\n\n');
}

/** Reasoning text: a non-empty string, or a list of `{text}` parts (OpenAI Responses summaries and content). */
function summaryText(summary: unknown): string | null {
  if (typeof summary === 'string') return summary === '' ? null : summary;
  if (!Array.isArray(summary)) return null;
  const parts = summary
    .map((part) => (isObject(part) ? stringOrNull(part.text) : stringOrNull(part)))
    .filter((text): text is string => text !== null && text !== '');
  return parts.length > 0 ? parts.join('\n\n') : null;
}

/** Reasoning text of one block, or null when the block is not reasoning. Redacted reasoning is named, not hidden. */
function blockReasoning(block: JsonObject): string | null {
  switch (block.type) {
    case 'thinking':
      return stringOrNull(block.thinking) ?? stringOrNull(block.text);
    case 'redacted_thinking':
      return '[redacted reasoning]';
    case 'reasoning':
      if (block.redacted === true) return summaryText(block.summary) ?? '[redacted reasoning]';
      return summaryText(block.reasoning) ?? summaryText(block.summary) ?? summaryText(block.content);
    default:
      return null;
  }
}

/** The reasoning blocks of a message's content joined by blank lines, or null when there are none. */
export function reasoningOf(content: unknown): string | null {
  const parts: string[] = [];
  for (const block of blocksOf(content)) {
    if (!isObject(block)) continue;
    const text = blockReasoning(block);
    if (text !== null && text.trim() !== '') parts.push(text);
  }
  return parts.length > 0 ? parts.join('\n\n') : null;
}

/** Arguments as an object: parsed when logged as a JSON string; anything else is kept under `input`. */
export function argsOf(value: unknown): Record<string, unknown> {
  if (isObject(value)) return value;
  if (value === undefined || value === null || value === '') return {};
  if (typeof value === 'string') {
    try {
      const parsed: unknown = JSON.parse(value);
      if (isObject(parsed)) return parsed;
    } catch {
      // Not JSON: the raw text is the argument.
    }
  }
  return { input: value };
}

/**
 * A tool call in any of the logged shapes: OpenAI `{id, function: {name, arguments}}`, Inspect `{id, function,
 * arguments}`, Anthropic `{id, name, input}`, OpenClaw `{id, name, arguments}`, Codex `{call_id, name, arguments}`.
 */
export function toolCallOf(value: unknown): ToolCallRef | null {
  if (!isObject(value)) return null;
  const fnObject = isObject(value.function) ? value.function : null;
  const fn = stringOrNull(fnObject?.name) ?? stringOrNull(value.function) ?? stringOrNull(value.name);
  if (fn === null || fn === '') return null;
  const rawArgs = fnObject?.arguments ?? value.arguments ?? value.input;
  const id = value.id ?? value.call_id ?? value.toolCallId;
  return { callId: typeof id === 'string' || typeof id === 'number' ? String(id) : null, fn, args: argsOf(rawArgs) };
}

/** A tool result as the view shows it: parsed JSON when the text is a JSON object or array, else the text. */
export function resultOf(content: unknown): unknown {
  if (content === null || content === undefined) return null;
  const text = typeof content === 'string' ? content : Array.isArray(content) || isObject(content) ? textOf(content) : null;
  if (text === null) return content;
  const trimmed = text.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return JSON.parse(trimmed) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}
