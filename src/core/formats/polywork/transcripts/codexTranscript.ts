import { epochSeconds } from '../../epochSeconds';
import { isObject, stringOrNull, type JsonObject } from '../../gaia2/values';
import type { JsonRecord } from '../../jsonLines';
import { argsOf, reasoningOf, resultOf, textOf, toolCallOf } from '../chat/content';
import { SkippedRecords, StepBuilder } from '../chat/stepBuilder';
import type { Transcript } from './transcript';

// Codex CLI session rollouts (codex_sessions/**/rollout-*.jsonl, the latest copied to chat.jsonl): one line per
// item, `{timestamp, type, payload}` with type session_meta | turn_context | response_item | event_msg (older
// versions write the items bare). The conversation is in the response items, OpenAI Responses style:
//   message {role user | assistant | developer, content [input_text | output_text]}, reasoning {summary, content},
//   function_call {name, arguments (JSON text), call_id} → function_call_output {call_id, output},
//   custom_tool_call {name, input, call_id} → custom_tool_call_output, local_shell_call {call_id, action}.
// event_msg lines repeat the same conversation for the terminal UI and are not read.

/** Context Codex injects as user messages before the task: shown as system messages. */
const INJECTED_CONTEXT = /^\s*<(environment_context|user_instructions|permissions instructions)>/;

/** The item of a line: its payload (current format), or the line itself (older bare items). */
function itemOf(value: JsonObject): JsonObject | null {
  if (value.type === 'response_item') return isObject(value.payload) ? value.payload : null;
  if ('payload' in value) return null;
  return 'role' in value || 'call_id' in value || value.type === 'reasoning' ? value : null;
}

/** Tool output as logged: often JSON text {output, metadata {exit_code}}; the output text is what the agent saw. */
function outputOf(output: unknown): { result: unknown; error: string | null } {
  const parsed = typeof output === 'string' ? resultOf(output) : (output ?? null);
  if (!isObject(parsed) || !('output' in parsed)) return { result: parsed, error: null };
  const metadata = isObject(parsed.metadata) ? parsed.metadata : null;
  const exitCode = metadata?.exit_code;
  const result = resultOf(parsed.output);
  const failed = typeof exitCode === 'number' && exitCode !== 0;
  return { result, error: failed ? `exit code ${exitCode}` : null };
}

export function codexTranscript(records: readonly JsonRecord[], path: string): Transcript {
  const builder = new StepBuilder();
  const skipped = new SkippedRecords('tool calls without a name');
  let task: string | null = null;
  for (const { line, value } of records) {
    if (!isObject(value)) continue;
    const item = itemOf(value);
    if (item === null) continue;
    const time = epochSeconds(value.timestamp);
    switch (item.type ?? 'message') {
      case 'message': {
        const text = textOf(item.content);
        if (item.role === 'assistant') builder.message('assistant', text, time, reasoningOf(item.content));
        else if (item.role === 'user' && !INJECTED_CONTEXT.test(text)) {
          task ??= text.trim() === '' ? null : text;
          builder.message('user', text, time);
        } else builder.message('system', text, time);
        break;
      }
      case 'reasoning':
        builder.addReasoning(reasoningOf([item]));
        break;
      case 'function_call':
      case 'custom_tool_call': {
        const call = toolCallOf(item);
        if (call !== null) builder.toolCall(call, time);
        else skipped.add(`line ${line}`, line);
        break;
      }
      case 'local_shell_call': {
        const action = isObject(item.action) ? item.action : {};
        builder.toolCall({ callId: stringOrNull(item.call_id), fn: 'local_shell', args: argsOf(action) }, time);
        break;
      }
      case 'function_call_output':
      case 'custom_tool_call_output':
      case 'local_shell_call_output': {
        const { result, error } = outputOf(item.output);
        builder.toolResult(stringOrNull(item.call_id), null, result, error, time);
        break;
      }
      default:
        // web_search_call and newer item types: nothing the agent said or did that the view can show.
        break;
    }
  }
  return { steps: builder.finish(), task, orphanResults: builder.orphanResults, diagnostics: skipped.diagnostics(path) };
}
