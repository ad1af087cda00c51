import type { JudgeRecord, MessageStep, OracleEvent, RunSummary, Step, ToolCallStep, Trajectory } from '../../../src/core/model';

// Hand-built steps and runs for the analysis tests.

export function call(tool: string, args: Record<string, unknown>, options: Partial<ToolCallStep> = {}): ToolCallStep {
  const split = tool.indexOf('__');
  return {
    kind: 'tool_call',
    tool,
    app: split < 0 ? null : tool.slice(0, split),
    fn: split < 0 ? tool : tool.slice(split + 2),
    args,
    result: null,
    error: null,
    write: false,
    requestor: 'assistant',
    reasoning: null,
    time: null,
    callId: null,
    ...options,
  };
}

export function write(tool: string, args: Record<string, unknown>, result: unknown = null): ToolCallStep {
  return call(tool, args, { write: true, result });
}

export function message(role: MessageStep['role'], text: string): MessageStep {
  return { kind: 'message', role, text, reasoning: null, time: null };
}

export function run(overrides: Partial<RunSummary> = {}): RunSummary {
  return {
    id: 'eng/run_1/execution/scenario_a',
    path: 'eng/run_1/execution/scenario_a',
    format: 'gaia2-cli',
    group: 'execution/scenario_a',
    scenarioId: 'scenario_a',
    language: 'eng',
    languageLabel: 'eng',
    runIndex: 1,
    outcome: 'pass',
    capability: 'execution',
    failureFamily: null,
    failureReason: null,
    score: 1,
    model: null,
    agent: null,
    setting: null,
    ...overrides,
  };
}

export function trajectory(steps: Step[], overrides: Partial<Trajectory> = {}): Trajectory {
  return {
    run: run(),
    task: null,
    steps,
    finalAnswer: null,
    oracle: [],
    checks: [],
    judge: [],
    diagnostics: [],
    ...overrides,
  };
}

/** A run in `language` holding `steps`, for code that reads no more of the run than its language. */
export function trajectoryIn(language: string, steps: Step[]): Trajectory {
  return trajectory(steps, { run: run({ language, languageLabel: language }) });
}

export function oracleEvent(id: string, tool: string, args: Record<string, unknown>): OracleEvent {
  return { id, tool, args, turn: 0 };
}

export function judgeRecord(overrides: Partial<JudgeRecord>): JudgeRecord {
  return { oracleId: null, tool: null, matched: null, check: null, rationale: '', llm: false, turn: 0, agentArgs: null, ...overrides };
}
