import type { MessageStep } from '../../model';
import { isObject, numberOrNull, stringOrNull } from '../gaia2/values';
import type { LiteMessage } from './liteTrace';

// What happens in the environment reaches the agent as notifications: an `environment_notifications` agent log,
// which the lite history writes as a user message `Environment notifications updates:\n***\n…\n***` and the hf
// export keeps in `world_logs` (each entry a serialized log: a JSON text with log_type, content and timestamp).
// The hf log records only the events behind them, so with an hf export they are taken from here.

const LITE_HEADER = 'Environment notifications updates:';
const LOG_TYPE = 'environment_notifications';

function notification(text: string, time: number | null): MessageStep {
  return { kind: 'message', role: 'user', text, reasoning: null, time };
}

export function liteNotifications(messages: readonly LiteMessage[]): MessageStep[] {
  return messages
    .filter((m) => m.role === 'user' && m.content.trimStart().startsWith(LITE_HEADER))
    .map((m) => notification(m.content.trim(), m.time));
}

function parsedLog(entry: unknown): unknown {
  if (typeof entry !== 'string') return entry;
  try {
    return JSON.parse(entry) as unknown;
  } catch {
    return null;
  }
}

/** The notifications among the hf export's `world_logs`; entries that are no such log are not steps. */
export function worldLogNotifications(worldLogs: unknown): MessageStep[] {
  if (!Array.isArray(worldLogs)) return [];
  return worldLogs.map(parsedLog).flatMap((log) => {
    if (!isObject(log) || log.log_type !== LOG_TYPE) return [];
    const content = stringOrNull(log.content);
    return content === null ? [] : [notification(content.trim(), numberOrNull(log.timestamp))];
  });
}
