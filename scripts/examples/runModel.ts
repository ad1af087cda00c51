// What one generated run is made of: the agent's behaviour (turns of LLM calls and tool calls), the scenario's
// oracle events, and how the run ended. The writer turns this into the gaia2-cli files.

/** One tool call, written `App__function`, with the value the environment returned. */
export interface ToolCall {
  tool: string;
  args: Record<string, unknown>;
  ret: unknown;
}

/** One LLM call of the agent: what it thought, what it said, which tools it called. */
export interface LlmStep {
  reasoning: string | null;
  text: string | null;
  calls: ToolCall[];
  /** Extra latency of this call in ms (a slow or retried request), on top of the usual. */
  delayMs?: number;
}

/** A user message and the agent's LLM calls until it hands back to the user. */
export interface Turn {
  user: string;
  steps: LlmStep[];
}

export type HardChecker =
  | 'eq_checker'
  | 'datetime_checker'
  | 'list_attendees_checker'
  | 'unordered_list_checker'
  | 'eq_str_strip_checker';

export type SoftChecker = 'email_checker' | 'message_checker' | 'user_message_checker' | 'event_checker';

export interface OracleEventSpec {
  id: string;
  tool: string;
  args: Record<string, unknown>;
  /** Arguments a hard checker compares, in the order the judge checks them. */
  hard: Array<{ arg: string; checker: HardChecker }>;
  /** LLM-judged comparison of the free-text arguments, with the judge's reasoning when it accepts. */
  soft: { checker: SoftChecker; reasoning: string } | null;
}

/** The LLM judge's decision on a soft check when it does not simply accept. */
export interface SoftVerdict {
  success: boolean;
  reasoning: string;
}

export interface RunScript {
  turns: Turn[];
  /** Soft-check verdicts by oracle event id, for runs where the judge does not accept. */
  softVerdicts?: Record<string, SoftVerdict>;
  /** A check outside argument comparison that fails for one oracle event (causality, timing, tool name), with its family. */
  forcedMismatch?: { oracleId: string; rationale: string; family: string };
}

/** How the run ended: judged by the daemon, crashed (exception in the runner), or timed out without a judgment. */
export type Ending =
  | { kind: 'judged' }
  | { kind: 'crash'; error: string }
  | { kind: 'timeout'; timeoutSeconds: number }
  /** The agent overran the scenario's declared duration: gaia2-cli writes success false with timed_out. */
  | { kind: 'scenario_timeout'; durationSeconds: number; timeoutSeconds: number };

/** The agent's model endpoint; decides the request and raw_response shape in trace.jsonl. */
export interface Endpoint {
  provider: 'anthropic' | 'openai-compat';
  model: string;
  url: string;
  stream: boolean;
  /** The harness logged a JSON body already parsed, as `response`, instead of as text in `raw_response`. */
  parsedResponse: boolean;
}

export type Outcome = 'pass' | 'fail' | 'infra';
