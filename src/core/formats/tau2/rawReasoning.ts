import { isObject, stringOrNull, type JsonObject } from '../gaia2/values';

// tau2 keeps no reasoning field of its own: a thinking model's reasoning survives only in a message's `raw_data`, the
// provider reply as LiteLLM returned it, either one choice ({message, finish_reason, …}) or the whole response
// ({choices: [{message}], …}). The message carries it as `reasoning_content` (or `reasoning`), or as Anthropic
// `thinking_blocks` [{thinking}].

function replyMessage(raw: unknown): JsonObject | null {
  if (!isObject(raw)) return null;
  if (isObject(raw.message)) return raw.message;
  const first: unknown = Array.isArray(raw.choices) ? raw.choices[0] : undefined;
  return isObject(first) && isObject(first.message) ? first.message : null;
}

function thinkingBlocksText(blocks: unknown): string | null {
  if (!Array.isArray(blocks)) return null;
  const texts = blocks.map((b) => (isObject(b) ? stringOrNull(b.thinking) : null)).filter((t): t is string => t !== null && t.trim() !== '');
  return texts.length === 0 ? null : texts.join('\n\n');
}

/** The reasoning recorded in a tau2 message's raw provider reply, trimmed; null when there is none. */
export function rawReasoning(message: JsonObject): string | null {
  const reply = replyMessage(message.raw_data);
  if (reply === null) return null;
  const text = stringOrNull(reply.reasoning_content) ?? stringOrNull(reply.reasoning) ?? thinkingBlocksText(reply.thinking_blocks);
  return text === null || text.trim() === '' ? null : text.trim();
}
