// The canonical model every reader produces and every view consumes.
// Plain data only (JSON-serialisable), so it crosses the CLI, the worker threads and the webview unchanged.

export type FormatId = 'gaia2-cli' | 'are-trace' | 'tau2' | 'polywork' | 'inspect' | 'canonical';

/** pass / fail as the verifier decided; infra = crashed, timed out or no verdict persisted; unknown = no verdict in the file. */
export type Outcome = 'pass' | 'fail' | 'infra' | 'unknown';

/**
 * Coarse class of the first failure, parsed from the verifier's reason:
 * tool_count, smu_count, hard_check:<checker>, soft_check:<checker>, tool_name, causality, time, no_candidates,
 * timeout, infra, other.
 */
export type FailureFamily = string;

export interface Diagnostic {
  /** Path relative to the opened run directory, POSIX separators. */
  path: string;
  /** 1-based line, or null when not applicable (whole file, binary content…). */
  line: number | null;
  /** 1-based column when known. */
  column?: number | null;
  message: string;
  severity: 'error' | 'warning';
}

/** What the index knows about one run: read from verdicts and a little metadata only. */
export interface RunSummary {
  /** Unique and stable across invocations: the run's relative path, plus `#<key>` when one file holds many runs. */
  id: string;
  /** Relative path of the run directory (or of the file holding the run). */
  path: string;
  format: FormatId;
  /** Pairing key across languages: the run's relative path with language and run segments removed. */
  group: string;
  /** Language-independent scenario/task id. */
  scenarioId: string;
  /** ISO 639-3 code (eng, cmn, jpn, hin, fil…) or `und`. */
  language: string;
  /** The label as found (e.g. `zh-CN`, `en`, `jpn`). */
  languageLabel: string;
  /** Run index as the layout numbers it (run_1 → 1, tau2 trial 0 → 0); 1 when the layout has a single run. */
  runIndex: number;
  outcome: Outcome;
  /** GAIA2 split (execution, search, …) or tau2 domain; null when unknown. */
  capability: string | null;
  /** Null for passing runs. */
  failureFamily: FailureFamily | null;
  /** The first failure reason as the verifier wrote it (tooltips); null for passing runs. */
  failureReason: string | null;
  score: number | null;
  /** Agent model, when the run records it. */
  model: string | null;
  /**
   * The system under test, as the format names it (gaia2-cli `<agent>` folder, tau2 agent implementation and llm,
   * Inspect model and solver…); falls back to the model; null when the run records neither.
   */
  agent: string | null;
  /** Benchmark setting (SEATau english / l2_interaction / l2_tools / l2_domain…), null when not applicable. */
  setting: string | null;
}

export interface MessageStep {
  kind: 'message';
  role: 'user' | 'assistant' | 'system';
  text: string;
  /** Reasoning / thinking that preceded this message, or null. */
  reasoning: string | null;
  /** Epoch seconds, when known. */
  time: number | null;
}

export interface ToolCallStep {
  kind: 'tool_call';
  /** `App__function` (GAIA2 style); plain function name when the format has no app. */
  tool: string;
  app: string | null;
  fn: string;
  args: Record<string, unknown>;
  /** The tool's return value (parsed JSON when it was JSON, else text); null when none was logged. */
  result: unknown;
  /** Error text when the call failed, else null. */
  error: string | null;
  /** True for actions that change the environment (checked against oracle events). */
  write: boolean;
  /** Who issued the call: the agent (`assistant`) or the simulated user (`user`). */
  requestor: 'assistant' | 'user' | null;
  /** Reasoning that preceded this call, when no message step carries it. */
  reasoning: string | null;
  time: number | null;
  /** Format-specific event/call id, when present. */
  callId: string | null;
}

export type Step = MessageStep | ToolCallStep;

/** An expected (oracle) action. */
export interface OracleEvent {
  id: string;
  /** `App__function`. */
  tool: string;
  args: Record<string, unknown>;
  /** Judged turn, when the format groups oracle events by turn. */
  turn: number | null;
}

/** The verifier's or LLM judge's decision on one oracle event (or assertion). */
export interface JudgeRecord {
  /** Oracle event this record is about; null for run-level assertions. */
  oracleId: string | null;
  /** `App__function` of the oracle event, when known. */
  tool: string | null;
  matched: boolean | null;
  /** Deciding check, e.g. `eq_checker:end_location`, `email_checker`, `tool_count`. */
  check: string | null;
  /** LLM judge's text when there is one, else the verifier's reason. */
  rationale: string;
  /** True when the rationale is an LLM judge's output (not a hard checker's message). */
  llm: boolean;
  turn: number | null;
  /** Arguments of the agent action the judge compared against, as the judge log recorded them (may be truncated). */
  agentArgs: Record<string, unknown> | null;
}

/** A verifier check at run level (count pre-checks, db/env checks, pytest…). */
export interface VerifierCheck {
  name: string;
  passed: boolean | null;
  detail: string;
}

/** Everything about one run, loaded on demand when a user opens it. */
export interface Trajectory {
  run: RunSummary;
  task: string | null;
  steps: Step[];
  finalAnswer: string | null;
  oracle: OracleEvent[];
  checks: VerifierCheck[];
  judge: JudgeRecord[];
  diagnostics: Diagnostic[];
}
