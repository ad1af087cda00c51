import { epochSeconds } from '../../epochSeconds';
import { isObject, stringOrNull } from '../../gaia2/values';
import type { JsonRecord } from '../../jsonLines';
import { reasoningOf, resultOf, textOf, toolCallOf } from '../chat/content';
import { SkippedRecords, StepBuilder } from '../chat/stepBuilder';
import type { Transcript } from './transcript';

// OpenClaw's session log (chat.jsonl; Hermes writes the same shape): one JSON object per line, `type` session (the
// header), message, or bookkeeping (model_change, custom…). A message line carries `message` {role, content,
// timestamp}: role user, assistant (content blocks text | thinking | toolCall {id, name, arguments}) or toolResult
// ({toolCallId, toolName, content, isError}).

export function openClawTranscript(records: readonly JsonRecord[], path: string): Transcript {
  const builder = new StepBuilder();
  const skipped = new SkippedRecords('message lines of unknown shape or role');
  let task: string | null = null;
  for (const { line, value } of records) {
    if (!isObject(value) || value.type !== 'message') continue;
    const message = value.message;
    if (!isObject(message)) {
      skipped.add(`line ${line} has no message object`, line);
      continue;
    }
    const time = epochSeconds(message.timestamp) ?? epochSeconds(value.timestamp);
    switch (message.role) {
      case 'user': {
        const text = textOf(message.content);
        task ??= text.trim() === '' ? null : text;
        builder.message('user', text, time);
        break;
      }
      case 'system':
        builder.message('system', textOf(message.content), time);
        break;
      case 'assistant': {
        builder.message('assistant', textOf(message.content), time, reasoningOf(message.content));
        const blocks = Array.isArray(message.content) ? message.content : [];
        for (const block of blocks) {
          if (isObject(block) && (block.type === 'toolCall' || block.type === 'tool_use')) {
            const call = toolCallOf(block);
            if (call !== null) builder.toolCall(call, time);
          }
        }
        break;
      }
      case 'toolResult': {
        const callId = stringOrNull(message.toolCallId);
        const result = resultOf(message.content);
        const error = message.isError === true ? (typeof result === 'string' ? result : textOf(message.content)) : null;
        builder.toolResult(callId, stringOrNull(message.toolName), result, error, time);
        break;
      }
      default:
        skipped.add(`line ${line} has role ${JSON.stringify(message.role) ?? 'missing'}`, line);
    }
  }
  return { steps: builder.finish(), task, orphanResults: builder.orphanResults, diagnostics: skipped.diagnostics(path) };
}
