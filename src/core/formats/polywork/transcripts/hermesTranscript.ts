import { epochSeconds } from '../../epochSeconds';
import { isObject, stringOrNull } from '../../gaia2/values';
import { reasoningOf, resultOf, textOf, toolCallOf } from '../chat/content';
import { SkippedRecords, StepBuilder } from '../chat/stepBuilder';
import type { Transcript } from './transcript';

// Hermes Agent session files (hermes_session/session_*.json): {messages: […]} in OpenAI chat format — role system |
// user | assistant | tool; assistant content (string, blocks or null) with `reasoning` / `reasoning_content` and
// tool_calls [{id, function {name, arguments (JSON text)}}]; tool messages answer a call by tool_call_id.

export function hermesTranscript(value: unknown, path: string): Transcript {
  const builder = new StepBuilder();
  const messages = isObject(value) && Array.isArray(value.messages) ? value.messages : null;
  if (messages === null) {
    const message = 'not a Hermes session (no messages list); no steps read';
    return { steps: [], task: null, orphanResults: 0, diagnostics: [{ path, line: null, message, severity: 'warning' }] };
  }
  const skipped = new SkippedRecords('messages of unknown shape or role');
  let task: string | null = null;
  for (const message of messages) {
    if (!isObject(message)) {
      skipped.add('not an object', null);
      continue;
    }
    const time = epochSeconds(message.timestamp);
    switch (message.role) {
      case 'system':
        builder.message('system', textOf(message.content), time);
        break;
      case 'user': {
        const text = textOf(message.content);
        task ??= text.trim() === '' ? null : text;
        builder.message('user', text, time);
        break;
      }
      case 'assistant': {
        const reasoning = stringOrNull(message.reasoning) ?? stringOrNull(message.reasoning_content) ?? reasoningOf(message.content);
        builder.message('assistant', textOf(message.content), time, reasoning);
        const calls = Array.isArray(message.tool_calls) ? message.tool_calls : [];
        for (const raw of calls) {
          const call = toolCallOf(raw);
          if (call !== null) builder.toolCall(call, time);
        }
        break;
      }
      case 'tool':
        builder.toolResult(stringOrNull(message.tool_call_id), stringOrNull(message.name), resultOf(message.content), null, time);
        break;
      default:
        skipped.add(`role ${JSON.stringify(message.role) ?? 'missing'}`, null);
    }
  }
  return { steps: builder.finish(), task, orphanResults: builder.orphanResults, diagnostics: skipped.diagnostics(path) };
}
