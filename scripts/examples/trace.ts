// trace.jsonl: one line per LLM HTTP call, with the request as sent and the provider's raw response body,
// either JSON or server-sent events, in Anthropic Messages or OpenAI chat-completions shape.

import { parameterSchema, tool } from './apps';
import type { Rng } from './random';
import type { Endpoint, LlmStep } from './runModel';

export const SYSTEM_PROMPT =
  "You operate the user's phone apps through tools. Finish every task by reporting to the user with AgentUserInterface__send_message_to_user; ask when the request is ambiguous.";

type Neutral =
  | { role: 'user'; text: string }
  | { role: 'assistant'; step: LlmStep; callIds: string[]; signature: string }
  | { role: 'tool'; results: Array<{ callId: string; content: string }> };


function chunks(s: string, size: number): string[] {
  const chars = Array.from(s);
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += size) out.push(chars.slice(i, i + size).join(''));
  return out;
}

function sse(events: Array<{ event?: string; data: unknown }>): string {
  return events
    .map((e) => `${e.event ? `event: ${e.event}\n` : ''}data: ${typeof e.data === 'string' ? e.data : JSON.stringify(e.data)}\n\n`)
    .join('');
}

/** A rough token count from a character count, the way usage numbers look. */
function tokens(chars: number): number {
  return Math.max(1, Math.ceil(chars / 3.6));
}

function neutralChars(m: Neutral): number {
  if (m.role === 'user') return m.text.length;
  if (m.role === 'tool') return m.results.reduce((sum, r) => sum + r.content.length, 0);
  return (m.step.reasoning?.length ?? 0) + (m.step.text?.length ?? 0) + m.step.calls.reduce((sum, c) => sum + c.tool.length + 40, 0);
}

export class TraceRecorder {
  private readonly history: Neutral[] = [];
  /** The tool list in the request's provider shape: the same in every request of a run, so built once. */
  private readonly tools: unknown[];
  /** Characters of the system prompt and tool list, for the token estimate. */
  private readonly fixedChars: number;
  private seq = 0;

  constructor(
    private readonly endpoint: Endpoint,
    toolNames: string[],
    private readonly rng: Rng,
    /** How many of the latest messages each logged request keeps after the task: the harness logs a window of the conversation. */
    private readonly historyWindow: number,
  ) {
    const defs = toolNames.map(tool);
    this.tools =
      endpoint.provider === 'anthropic'
        ? defs.map((t) => ({ name: `${t.app}__${t.fn}`, description: t.description, input_schema: parameterSchema(t) }))
        : defs.map((t) => ({ type: 'function', function: { name: `${t.app}__${t.fn}`, description: t.description, parameters: parameterSchema(t) } }));
    this.fixedChars = SYSTEM_PROMPT.length + JSON.stringify(this.tools).length;
  }

  user(text: string): void {
    this.history.push({ role: 'user', text });
  }

  toolResults(results: Array<{ callId: string; content: string }>): void {
    this.history.push({ role: 'tool', results });
  }

  /** Records one LLM call answering with `step`; returns the trace line and the ids given to its tool calls. */
  call(step: LlmStep, timestampMs: number, latencyMs: number): { line: Record<string, unknown>; callIds: string[] } {
    const anthropic = this.endpoint.provider === 'anthropic';
    const callIds = step.calls.map(() => (anthropic ? `toolu_01${this.rng.token(22)}` : `call_${this.rng.token(24)}`));
    const signature = anthropic && step.reasoning ? `${this.rng.token(42)}==` : '';
    const request = anthropic ? this.anthropicRequest() : this.openaiRequest();
    const inputTokens = tokens(this.fixedChars + this.historyChars());
    const created = Math.floor(timestampMs / 1000);
    const body = anthropic
      ? this.anthropicResponse(step, callIds, signature, inputTokens)
      : this.openaiResponse(step, callIds, inputTokens, created);
    this.history.push({ role: 'assistant', step, callIds, signature });
    this.seq += 1;
    const line = {
      seq: this.seq,
      timestamp: new Date(timestampMs).toISOString(),
      type: 'llm_call',
      url: this.endpoint.url,
      latency_ms: latencyMs,
      http_status: 200,
      request,
      ...(this.endpoint.parsedResponse && !this.endpoint.stream ? { response: JSON.parse(body) as unknown } : { raw_response: body }),
    };
    return { line, callIds };
  }

  private historyChars(): number {
    return this.visibleHistory().reduce((sum, m) => sum + neutralChars(m), 0);
  }

  private visibleHistory(): Neutral[] {
    const [task, ...rest] = this.history;
    if (!task || rest.length <= this.historyWindow) return this.history;
    const window = rest.slice(-this.historyWindow);
    // Tool results never open the window: their call would be missing.
    while (window[0]?.role === 'tool') window.shift();
    return [task, ...window];
  }

  private anthropicRequest(): Record<string, unknown> {
    const messages: Array<{ role: string; content: unknown }> = [];
    const visible = this.visibleHistory();
    // Thinking blocks go back only with the latest assistant message, the one the API needs to continue a tool use.
    const lastAssistant = visible.map((m) => m.role).lastIndexOf('assistant');
    visible.forEach((m, index) => {
      if (m.role === 'user') {
        // Consecutive user content (tool results, then the user's next message) goes into one message.
        const last = messages[messages.length - 1];
        if (last?.role === 'user') {
          const blocks = Array.isArray(last.content) ? last.content : [{ type: 'text', text: String(last.content) }];
          last.content = [...blocks, { type: 'text', text: m.text }];
        } else messages.push({ role: 'user', content: m.text });
      } else if (m.role === 'assistant') {
        const step = index === lastAssistant ? m.step : { ...m.step, reasoning: null };
        messages.push({ role: 'assistant', content: anthropicBlocks(step, m.callIds, m.signature) });
      } else {
        messages.push({
          role: 'user',
          content: m.results.map((r) => ({ type: 'tool_result', tool_use_id: r.callId, content: r.content })),
        });
      }
    });
    return {
      model: this.endpoint.model,
      max_tokens: 8192,
      system: SYSTEM_PROMPT,
      thinking: { type: 'enabled', budget_tokens: 4096 },
      messages,
      tools: this.tools,
      ...(this.endpoint.stream ? { stream: true } : {}),
    };
  }

  private openaiRequest(): Record<string, unknown> {
    const messages: Array<Record<string, unknown>> = [{ role: 'system', content: SYSTEM_PROMPT }];
    for (const m of this.visibleHistory()) {
      if (m.role === 'user') messages.push({ role: 'user', content: m.text });
      else if (m.role === 'assistant') {
        messages.push({
          role: 'assistant',
          content: m.step.text,
          tool_calls: m.step.calls.map((c, i) => ({
            id: m.callIds[i],
            type: 'function',
            function: { name: c.tool, arguments: JSON.stringify(c.args) },
          })),
        });
      } else for (const r of m.results) messages.push({ role: 'tool', tool_call_id: r.callId, content: r.content });
    }
    return {
      model: this.endpoint.model,
      messages,
      tools: this.tools,
      ...(this.endpoint.stream ? { stream: true, stream_options: { include_usage: true } } : {}),
    };
  }

  private anthropicResponse(step: LlmStep, callIds: string[], signature: string, inputTokens: number): string {
    const id = `msg_01${this.rng.token(22)}`;
    const content = anthropicBlocks(step, callIds, signature);
    const outputTokens = tokens(neutralChars({ role: 'assistant', step, callIds, signature }));
    const stopReason = step.calls.length > 0 ? 'tool_use' : 'end_turn';
    const model = `${this.endpoint.model}-20250929`;
    if (!this.endpoint.stream) {
      return JSON.stringify({
        id,
        type: 'message',
        role: 'assistant',
        model,
        content,
        stop_reason: stopReason,
        stop_sequence: null,
        usage: { input_tokens: inputTokens, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: outputTokens },
      });
    }
    const events: Array<{ event: string; data: unknown }> = [
      {
        event: 'message_start',
        data: {
          type: 'message_start',
          message: { id, type: 'message', role: 'assistant', model, content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: inputTokens, output_tokens: 1 } },
        },
      },
      { event: 'ping', data: { type: 'ping' } },
    ];
    content.forEach((block, index) => {
      const delta = (d: Record<string, unknown>) => events.push({ event: 'content_block_delta', data: { type: 'content_block_delta', index, delta: d } });
      if (block.type === 'thinking') {
        events.push({ event: 'content_block_start', data: { type: 'content_block_start', index, content_block: { type: 'thinking', thinking: '', signature: '' } } });
        for (const part of chunks(String(block.thinking), 160)) delta({ type: 'thinking_delta', thinking: part });
        delta({ type: 'signature_delta', signature: block.signature });
      } else if (block.type === 'text') {
        events.push({ event: 'content_block_start', data: { type: 'content_block_start', index, content_block: { type: 'text', text: '' } } });
        for (const part of chunks(String(block.text), 160)) delta({ type: 'text_delta', text: part });
      } else {
        events.push({
          event: 'content_block_start',
          data: { type: 'content_block_start', index, content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} } },
        });
        for (const part of chunks(JSON.stringify(block.input), 120)) delta({ type: 'input_json_delta', partial_json: part });
      }
      events.push({ event: 'content_block_stop', data: { type: 'content_block_stop', index } });
    });
    events.push({
      event: 'message_delta',
      data: { type: 'message_delta', delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: outputTokens } },
    });
    events.push({ event: 'message_stop', data: { type: 'message_stop' } });
    return sse(events);
  }

  private openaiResponse(step: LlmStep, callIds: string[], inputTokens: number, created: number): string {
    const id = `chatcmpl-${this.rng.token(29)}`;
    const toolCalls = step.calls.map((c, i) => ({
      id: callIds[i],
      type: 'function',
      function: { name: c.tool, arguments: JSON.stringify(c.args) },
    }));
    const outputTokens = tokens(neutralChars({ role: 'assistant', step, callIds, signature: '' }));
    const finish = step.calls.length > 0 ? 'tool_calls' : 'stop';
    const usage = { prompt_tokens: inputTokens, completion_tokens: outputTokens, total_tokens: inputTokens + outputTokens };
    const model = this.endpoint.model;
    if (!this.endpoint.stream) {
      const message: Record<string, unknown> = { role: 'assistant', content: step.text };
      if (step.reasoning) message.reasoning_content = step.reasoning;
      if (toolCalls.length > 0) message.tool_calls = toolCalls;
      return JSON.stringify({ id, object: 'chat.completion', created, model, choices: [{ index: 0, message, finish_reason: finish }], usage });
    }
    const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) => ({
      id,
      object: 'chat.completion.chunk',
      created,
      model,
      choices: [{ index: 0, delta, finish_reason: finishReason }],
    });
    const events: Array<{ data: unknown }> = [{ data: chunk({ role: 'assistant', content: '' }) }];
    for (const part of chunks(step.reasoning ?? '', 160)) events.push({ data: chunk({ reasoning_content: part }) });
    for (const part of chunks(step.text ?? '', 160)) events.push({ data: chunk({ content: part }) });
    toolCalls.forEach((c, index) => {
      events.push({ data: chunk({ tool_calls: [{ index, id: c.id, type: 'function', function: { name: c.function.name, arguments: '' } }] }) });
      for (const part of chunks(c.function.arguments, 120)) events.push({ data: chunk({ tool_calls: [{ index, function: { arguments: part } }] }) });
    });
    events.push({ data: chunk({}, finish) });
    events.push({ data: { id, object: 'chat.completion.chunk', created, model, choices: [], usage } });
    events.push({ data: '[DONE]' });
    return sse(events);
  }
}

type AnthropicBlock =
  | { type: 'thinking'; thinking: string; signature: string }
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> };

function anthropicBlocks(step: LlmStep, callIds: string[], signature: string): AnthropicBlock[] {
  const blocks: AnthropicBlock[] = [];
  if (step.reasoning) blocks.push({ type: 'thinking', thinking: step.reasoning, signature });
  if (step.text) blocks.push({ type: 'text', text: step.text });
  step.calls.forEach((c, i) => blocks.push({ type: 'tool_use', id: callIds[i] ?? '', name: c.tool, input: c.args }));
  return blocks;
}
