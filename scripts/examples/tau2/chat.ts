// Builds a tau2 message list the way tau2-bench saves it: a flat list, turn_idx = position, assistant and user
// messages with text and/or tool_calls, tool messages answering a call by id (flat, or in a tool_messages wrapper).

import { hashSeed } from '../random';

export type Json = Record<string, unknown>;

export interface ToolCall {
  name: string;
  arguments: Json;
  /** What the tool returns (serialised as JSON text), or an error message. */
  result: unknown;
  error?: boolean;
}

/** Naive ISO time as tau2-bench writes it (no zone, microseconds). */
export function isoTime(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}.${String((ms % 1000) * 1000).padStart(6, '0')}`;
}

export class Chat {
  readonly messages: Json[] = [];
  private clock: number;
  private calls = 0;

  constructor(
    private readonly seed: string,
    startMs: number,
    /** Costs and usage on assistant messages (some harness versions leave them out). */
    private readonly withCosts: boolean,
  ) {
    this.clock = startMs;
  }

  get now(): number {
    return this.clock;
  }

  private stamp(seconds: number): string {
    this.clock += seconds * 1000 + (hashSeed(this.seed, this.messages.length) % 900);
    return isoTime(this.clock);
  }

  private push(message: Json): void {
    this.messages.push({ ...message, turn_idx: this.messages.length });
  }

  private costs(tokens: number): Json {
    return this.withCosts
      ? { cost: Math.round(tokens * 0.0000021 * 1e6) / 1e6, usage: { prompt_tokens: 1800 + tokens, completion_tokens: Math.round(tokens / 8) } }
      : {};
  }

  agent(text: string | null, calls: ToolCall[] = [], options: { wrapResults?: boolean } = {}): void {
    const ids = calls.map(() => `call_${(hashSeed(this.seed, 'call', this.calls++) >>> 0).toString(36).padStart(7, '0')}`);
    this.push({
      role: 'assistant',
      content: text,
      tool_calls: calls.length > 0 ? calls.map((c, k) => ({ id: ids[k], name: c.name, arguments: c.arguments, requestor: 'assistant' })) : null,
      timestamp: this.stamp(3),
      ...this.costs(400 + (text?.length ?? 0) * 4),
    });
    const results = calls.map((c, k) => ({
      id: ids[k],
      role: 'tool',
      content: c.error ? String(c.result) : JSON.stringify(c.result),
      requestor: 'assistant',
      error: c.error === true,
      timestamp: this.stamp(0),
    }));
    if (options.wrapResults && results.length > 1) this.push({ role: 'tool', tool_messages: results.map((r) => ({ ...r, turn_idx: this.messages.length })) });
    else for (const result of results) this.push(result);
  }

  user(text: string): void {
    this.push({ role: 'user', content: text, tool_calls: null, timestamp: this.stamp(6), ...this.costs(120) });
  }
}

/** A UUID-shaped id derived from a key, so ids are stable from one generation to the next. */
export function stableUuid(...key: Array<string | number>): string {
  const hex = [0, 1, 2, 3].map((k) => (hashSeed(...key, k) >>> 0).toString(16).padStart(8, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
