import type { LlmToolCall } from './llmResponse';
import { isMessageToUser, messageContent, type Gaia2Event } from './readGaia2Events';
import { isObject, splitToolName } from './values';

// Indexes of a run's logged actions, so that linking a trace call to its action looks only at the actions that could
// match instead of scanning the rest of the log for every call (quadratic on long runs: every assistant text and every
// failed call scanned to the end). Each lookup returns lists of event indices in log order; every event that can
// satisfy the merge's test is in one of them, so taking the first that passes gives the same event as a full scan.

/** Plain values compare by text (a model may send "3" where the log has 3); objects by canonical JSON. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isObject(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(',')}}`;
  }
  return value === null || value === undefined ? 'null' : String(value);
}

export function snake(name: string): string {
  return name.replace(/-/g, '_');
}

/** The app and function a structured tool call names (`App__fn`, `app.fn` or a bare function). */
export function callTarget(name: string): { app: string | null; fn: string } {
  const dot = name.lastIndexOf('.');
  if (name.includes('__')) return splitToolName(name);
  return dot > 0 ? { app: name.slice(0, dot), fn: name.slice(dot + 1) } : { app: null, fn: name };
}

/** Text as the merge compares it: whitespace runs collapsed, ends trimmed. */
export function normalizedText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function add(map: Map<string, number[]>, key: string, index: number): void {
  const list = map.get(key);
  if (list) list.push(index);
  else map.set(key, [index]);
}

const NONE: readonly number[] = [];

export class EventLookup {
  private readonly byFn = new Map<string, number[]>();
  /** `fn \0 key \0 canonical value` for every argument of every action. */
  private readonly byArg = new Map<string, number[]>();
  /** The function in snake and kebab case: the words a shell command names it by. */
  private readonly byShellName = new Map<string, number[]>();
  private readonly byMessage = new Map<string, number[]>();

  constructor(events: readonly Gaia2Event[]) {
    events.forEach((event, j) => {
      add(this.byFn, event.fn, j);
      for (const [key, value] of Object.entries(event.args)) add(this.byArg, `${event.fn}\0${key}\0${canonical(value)}`, j);
      const kebab = event.fn.replace(/_/g, '-');
      add(this.byShellName, event.fn, j);
      if (kebab !== event.fn) add(this.byShellName, kebab, j);
      if (isMessageToUser(event)) add(this.byMessage, normalizedText(messageContent(event)), j);
    });
  }

  /** The actions a tool call may have run: same function (narrowed by one argument's value), or named by its command. */
  forCall(call: LlmToolCall): ReadonlyArray<readonly number[]> {
    const fn = snake(callTarget(call.name).fn);
    // An argument whose value is not null-like pins the logged value; a null-like one also matches a missing argument.
    const pinned = Object.entries(call.args).find(([, value]) => canonical(value) !== 'null');
    const structured = pinned ? this.byArg.get(`${fn}\0${snake(pinned[0])}\0${canonical(pinned[1])}`) : this.byFn.get(fn);
    const lists = [structured ?? NONE];
    const command = call.args.command ?? call.args.cmd;
    if (typeof command === 'string') {
      for (const word of new Set(command.split(/[^A-Za-z0-9_-]+/))) {
        const named = this.byShellName.get(word);
        if (named) lists.push(named);
      }
    }
    return lists;
  }

  /** The messages to the user with this text. */
  forText(text: string): readonly number[] {
    return this.byMessage.get(normalizedText(text)) ?? NONE;
  }
}
