import type { Diagnostic, MessageStep, Step, ToolCallStep } from '../../../model';
import { isWriteTool, type ToolCallRef } from './content';

// Builds canonical steps from a chat log read in order: messages, tool calls, and tool results that arrive later
// and are attached to their call by id. Reasoning logged on its own (an OpenAI Responses `reasoning` item, an
// assistant turn with thinking but no text) is kept for the next assistant message or tool call.

function joined(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  return b === null ? a : `${a}\n\n${b}`;
}

export class StepBuilder {
  private readonly steps: Step[] = [];
  private readonly calls = new Map<string, ToolCallStep>();
  private reasoning: string | null = null;
  /** Tool results whose call was never logged (each still becomes a step, so nothing is lost). */
  orphanResults = 0;

  /** Reasoning to show on the next assistant message or tool call. */
  addReasoning(text: string | null): void {
    if (text !== null && text.trim() !== '') this.reasoning = joined(this.reasoning, text);
  }

  message(role: MessageStep['role'], text: string, time: number | null, reasoning: string | null = null): void {
    if (role !== 'assistant') {
      if (text.trim() !== '') this.steps.push({ kind: 'message', role, text, reasoning: null, time });
      return;
    }
    if (text.trim() === '') {
      this.addReasoning(reasoning);
      return;
    }
    this.steps.push({ kind: 'message', role, text, reasoning: joined(this.takeReasoning(), reasoning), time });
  }

  toolCall(call: ToolCallRef, time: number | null, requestor: ToolCallStep['requestor'] = 'assistant'): void {
    const step: ToolCallStep = {
      kind: 'tool_call',
      tool: call.fn,
      app: null,
      fn: call.fn,
      args: call.args,
      result: null,
      error: null,
      write: isWriteTool(call.fn),
      requestor,
      reasoning: requestor === 'assistant' ? this.takeReasoning() : null,
      time,
      callId: call.callId,
    };
    this.steps.push(step);
    if (call.callId !== null) this.calls.set(call.callId, step);
  }

  /** Attaches a result to the call with this id; a result without a logged call becomes a step of its own. */
  toolResult(callId: string | null, fn: string | null, result: unknown, error: string | null, time: number | null): void {
    const step = callId === null ? undefined : this.calls.get(callId);
    if (step !== undefined) {
      step.result = result;
      step.error = error;
      return;
    }
    this.orphanResults++;
    const name = fn ?? 'unknown tool';
    this.steps.push({
      kind: 'tool_call',
      tool: name,
      app: null,
      fn: name,
      args: {},
      result,
      error,
      write: false,
      requestor: 'assistant',
      reasoning: null,
      time,
      callId,
    });
  }

  /** The steps so far; reasoning nothing followed is shown as a last assistant message without text. */
  finish(): Step[] {
    const reasoning = this.takeReasoning();
    if (reasoning !== null) this.steps.push({ kind: 'message', role: 'assistant', text: '', reasoning, time: null });
    return this.steps;
  }

  private takeReasoning(): string | null {
    const reasoning = this.reasoning;
    this.reasoning = null;
    return reasoning;
  }
}

/** Records a reader skips (unknown role, wrong shape), reported once per file however many there are. */
export class SkippedRecords {
  private count = 0;
  private first: { detail: string; line: number | null } | null = null;

  constructor(private readonly what: string) {}

  add(detail: string, line: number | null): void {
    this.count++;
    this.first ??= { detail, line };
  }

  diagnostics(path: string): Diagnostic[] {
    if (this.first === null) return [];
    const message = `${this.count} ${this.what} skipped (first: ${this.first.detail})`;
    return [{ path, line: this.first.line, message, severity: 'warning' }];
  }
}
