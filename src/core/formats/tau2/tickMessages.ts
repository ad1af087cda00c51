import type { Diagnostic } from '../../model';
import { isObject, numberOrNull, stringOrNull, type JsonObject } from '../gaia2/values';

// Voice (full-duplex) simulations record `ticks` instead of messages: each tick holds the agent's and the user's
// speech chunk for that slice of time, and the tool calls and results made in it. They become the message list a
// text run would have: the chunks of one speaker's utterance are joined into one message (also while the other
// speaker talks over it; chunks without utterance ids only until the other starts a new utterance), and tool calls
// and results follow in tick order (agent side first, as tau2-bench flattens ticks). Chunks may carry no text, only
// `contains_speech` (trimmed files, audio without a transcript): each stretch of consecutive speaking ticks of one
// speaker is then one message that says which ticks it spans.

interface TickMessages {
  /** Messages in the text runs' shape, `turn_idx` = position. */
  messages: JsonObject[];
  /** Tick index each message came from. */
  tickOf: number[];
  /** Positions of the messages standing for speech without a transcript. */
  untranscribed: Set<number>;
  diagnostics: Diagnostic[];
}

interface Side {
  role: 'assistant' | 'user';
  chunk: string;
  calls: string;
  results: string;
}

const SIDES: readonly Side[] = [
  { role: 'assistant', chunk: 'agent_chunk', calls: 'agent_tool_calls', results: 'agent_tool_results' },
  { role: 'user', chunk: 'user_chunk', calls: 'user_tool_calls', results: 'user_tool_results' },
];

function utteranceIds(chunk: JsonObject): Set<string> {
  return new Set(Array.isArray(chunk.utterance_ids) ? chunk.utterance_ids.filter((id): id is string => typeof id === 'string') : []);
}

/** Two chunks belong to one utterance unless both name their utterances and share none. */
function sameUtterance(a: Set<string>, b: Set<string>): boolean {
  if (a.size === 0 || b.size === 0) return true;
  for (const id of b) if (a.has(id)) return true;
  return false;
}

/** The text of a message for speech without a transcript, from tick `first` to tick `last`. */
export function untranscribedSpeech(first: number, last: number): string {
  return first === last ? `[speech without transcript · tick ${first}]` : `[speech without transcript · ticks ${first}–${last}]`;
}

/** `where` names a tick in diagnostics (`ticks[3]`). */
export function tickMessages(ticks: readonly unknown[], path: string, where: (index: number) => string): TickMessages {
  const messages: JsonObject[] = [];
  const tickOf: number[] = [];
  const diagnostics: Diagnostic[] = [];
  const untranscribedAt = new Set<number>();
  /** Per speaker, the speech message still open for more chunks, with its utterance ids. */
  const open = new Map<Side['role'], { message: JsonObject; ids: Set<string> }>();
  /** Per speaker, the message of the untranscribed speech going on, with its first tick; ended by a silent tick. */
  const speaking = new Map<Side['role'], { message: JsonObject; first: number }>();

  const push = (message: JsonObject, tick: number): JsonObject => {
    message.turn_idx = messages.length;
    messages.push(message);
    tickOf.push(tick);
    return message;
  };

  ticks.forEach((tick, index) => {
    if (!isObject(tick)) {
      diagnostics.push({ path, line: null, message: `${where(index)} is not an object; skipped`, severity: 'warning' });
      return;
    }
    const tickId = numberOrNull(tick.tick_id) ?? index;
    for (const side of SIDES) {
      const chunk = isObject(tick[side.chunk]) ? (tick[side.chunk] as JsonObject) : null;
      const text = chunk === null ? null : stringOrNull(chunk.content);
      const untranscribed = chunk !== null && (text === null || text === '') && chunk.contains_speech === true;
      const ongoing = speaking.get(side.role);
      if (!untranscribed) speaking.delete(side.role);
      if (untranscribed && ongoing !== undefined) {
        ongoing.message.content = untranscribedSpeech(ongoing.first, tickId);
      } else if (untranscribed) {
        open.delete(side.role);
        const message = push({ role: side.role, content: untranscribedSpeech(tickId, tickId), timestamp: chunk.timestamp ?? tick.timestamp }, tickId);
        untranscribedAt.add(messages.length - 1);
        speaking.set(side.role, { message, first: tickId });
      }
      if (chunk !== null && text !== null && text !== '') {
        const ids = utteranceIds(chunk);
        const current = open.get(side.role);
        if (current !== undefined && sameUtterance(current.ids, ids)) {
          current.message.content = `${String(current.message.content)}${text}`;
          for (const id of ids) current.ids.add(id);
        } else {
          // A new utterance ends the other speaker's message, unless that one names its utterance: its further
          // chunks, spoken over this one, are then recognised and still joined to it.
          for (const [role, other] of open) if (role !== side.role && other.ids.size === 0) open.delete(role);
          const timestamp = chunk.timestamp ?? tick.timestamp;
          open.set(side.role, { message: push({ role: side.role, content: text, timestamp }, tickId), ids });
        }
      }
      const calls = tick[side.calls];
      if (Array.isArray(calls) && calls.length > 0) {
        open.delete(side.role);
        speaking.delete(side.role);
        push({ role: side.role, content: null, tool_calls: calls, timestamp: tick.timestamp }, tickId);
      }
      const results = tick[side.results];
      if (Array.isArray(results) && results.length > 0) push({ role: 'tool', tool_messages: results }, tickId);
    }
  });
  return { messages, tickOf, untranscribed: untranscribedAt, diagnostics };
}
