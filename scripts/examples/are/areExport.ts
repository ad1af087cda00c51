// Builds classic ARE exports (hf and lite trace files, output.jsonl lines) from a compact description of a run,
// shaped as ARE writes them: hf is pydantic's compact JSON with `metadata` last; lite and output.jsonl come from
// json.dumps() (", " separators, non-ASCII escaped); argument values are strings (json.dumps for lists and dicts,
// str() otherwise) and return values are Python str() text.

import { pyJsonLine } from '../python';
import { Rng } from '../random';

export interface AreCall {
  app: string;
  fn: string;
  args: Record<string, unknown>;
  write: boolean;
  /** Python str() of the return value; null when the tool returned nothing (ARE exports falsy values as None). */
  ret: string | null;
  /** Seconds after the scenario start. */
  at: number;
  /** Who issued it; the agent by default. */
  by?: 'AGENT' | 'ENV' | 'USER';
  /** The agent's thought before the call (lite history). */
  thought?: string;
  /** The exception the tool raised: the call is logged with it, and the agent sees an ERROR observation. */
  exception?: string;
  /** The agent asked for it but the environment never ran it (unknown tool): in the lite history only. */
  notLogged?: boolean;
}

export interface AreOracle {
  id: string;
  app: string;
  fn: string;
  args: Record<string, unknown>;
}

export type AreStatus = 'success' | 'failed' | 'exception' | 'no_validation';

export interface AreRun {
  scenarioId: string;
  runNumber: number;
  config: string;
  model: string;
  /** Simulated clock at the start, epoch seconds. */
  startTime: number;
  task: string;
  oracle: AreOracle[];
  /** In order; the user's task message first. */
  calls: AreCall[];
  status: AreStatus;
  /** The validator's failure text (failed runs) or the exception text (crashed runs). */
  rationale: string | null;
  exception?: { type: string; message: string };
  /** Wall-clock seconds the run took. */
  duration: number;
}

export const SEND_TO_USER = { app: 'AgentUserInterface', fn: 'send_message_to_user' } as const;
const SYSTEM_PROMPT =
  'You are an expert assistant who solves tasks on a phone: e-mail, contacts, calendar, messaging and cab apps. ' +
  'Think step by step. Answer with "Thought:" then "Action:" followed by a JSON blob {"action": "<tool>", ' +
  '"action_input": {…}} and end with <end_action>. Use AgentUserInterface__send_message_to_user to answer the user.';

/** Deterministic ids and the 8-hex file hash of one run. */
export class RunIds {
  private readonly rng: Rng;
  readonly hash: string;

  constructor(readonly run: Pick<AreRun, 'scenarioId' | 'runNumber' | 'model'>, lang: string) {
    this.rng = Rng.of('are', lang, run.scenarioId, run.runNumber);
    this.hash = this.rng.hex(8);
  }

  eventId(kind: string): string {
    return `Event-${kind}-${this.rng.uuid()}`;
  }

  actionId(app: string, fn: string): string {
    return `${app}.${fn}-${this.rng.hex(12)}`;
  }

  fileName(): string {
    return `${this.run.scenarioId}_run_${this.run.runNumber}_${this.hash}.json`;
  }
}

function pyStr(value: unknown): string {
  if (value === true) return 'True';
  if (value === false) return 'False';
  return String(value);
}

function valueType(value: unknown): string {
  if (Array.isArray(value)) return 'list';
  if (value === null) return 'NoneType';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  if (typeof value === 'object') return 'dict';
  return 'str';
}

function exportedArgs(args: Record<string, unknown>): Array<Record<string, unknown>> {
  return Object.entries(args).map(([name, value]) => ({
    name,
    value: value === null ? null : typeof value === 'object' ? pyJsonLine(value, true) : pyStr(value),
    value_type: value === null ? null : valueType(value),
  }));
}

function action(ids: RunIds, call: Pick<AreCall, 'app' | 'fn' | 'args'>, operation: 'READ' | 'WRITE' | null): Record<string, unknown> {
  return { action_id: operation === null ? '' : ids.actionId(call.app, call.fn), app: call.app, function: call.fn, operation_type: operation, args: exportedArgs(call.args) };
}

const taskCall = (run: AreRun): AreCall => ({ app: 'AgentUserInterface', fn: 'send_message_to_agent', args: { content: run.task }, write: false, ret: null, at: 0, by: 'USER' });

/** The hf export, as a JSON text. */
export function hfExport(run: AreRun, ids: RunIds): string {
  const userEventId = ids.eventId('USER');
  const events = [
    { class_name: 'Event', event_type: 'USER', event_time: null, event_id: userEventId, dependencies: [], event_relative_time: 0, action: action(ids, taskCall(run), 'READ') },
    ...run.oracle.map((o) => ({
      class_name: 'OracleEvent',
      event_type: 'AGENT',
      event_time: null,
      event_id: o.id,
      dependencies: [userEventId],
      event_relative_time: null,
      action: action(ids, o, null),
      event_time_comparator: null,
    })),
  ];
  const completed = [taskCall(run), ...run.calls]
    .filter((call) => call.notLogged !== true)
    .map((call, i) => {
      const by = call.by ?? 'AGENT';
      return {
        class_name: 'CompletedEvent',
        event_type: by,
        event_time: run.startTime + call.at,
        event_id: i === 0 ? userEventId : ids.eventId(by),
        dependencies: [],
        event_relative_time: call.at,
        action: action(ids, call, call.write ? 'WRITE' : 'READ'),
        metadata: {
          return_value: call.ret,
          return_value_type: call.ret === null ? null : 'str',
          exception: call.exception ?? null,
          exception_stack_trace: call.exception ? `Traceback (most recent call last):\n  File "are/simulation/apps/app.py", line 112, in wrapper\n${call.exception}` : null,
        },
      };
    });
  const trace = {
    world_logs: [],
    apps: [],
    events,
    completed_events: completed,
    version: 'are_simulation_v1',
    context: null,
    augmentation: null,
    metadata: {
      definition: {
        scenario_id: run.scenarioId,
        seed: 0,
        duration: 1800,
        time_increment_in_seconds: 1,
        start_time: run.startTime,
        run_number: run.runNumber,
        hints: [],
        config: run.config,
        has_a2a_augmentation: false,
        has_tool_augmentation: false,
        has_env_events_augmentation: false,
        has_exception: run.exception !== undefined,
        exception_type: run.exception?.type ?? null,
        exception_message: run.exception?.message ?? null,
        tags: [],
        hf_metadata: null,
      },
      simulation: { agent_id: 'default', model_id: run.model },
      annotation: { annotation_id: null, annotator: null, validation_decision: decisionOf(run.status), comment: null, date: run.startTime + run.duration },
      execution: null,
      runner_config: { model: run.model, model_provider: 'local', agent: 'default', oracle: false, judge_engine_config: { model: 'judge-model', provider: 'local' } },
    },
  };
  return JSON.stringify(trace);
}

function decisionOf(status: AreStatus): 'Valid' | 'Invalid' | null {
  return status === 'success' ? 'Valid' : status === 'failed' ? 'Invalid' : null;
}

function agentOutput(call: AreCall): string {
  const blob = JSON.stringify({ action: `${call.app}__${call.fn}`, action_input: call.args }, null, 2);
  return `Thought: ${call.thought ?? 'Next step.'}\n\nAction:\n${blob}<end_action>`;
}

/** The lite export, as a JSON text. */
export function liteExport(run: AreRun): string {
  const t = (at: number): number => run.startTime + at;
  const history: Array<{ role: string; content: string; timestamp: number }> = [
    { role: 'system', content: SYSTEM_PROMPT, timestamp: t(0) },
    { role: 'user', content: `[TASK]: \n${run.task}\n`, timestamp: t(0) },
  ];
  let step = 0;
  for (const call of run.calls) {
    if ((call.by ?? 'AGENT') !== 'AGENT') continue;
    history.push({ role: 'assistant', content: agentOutput(call), timestamp: t(call.at) });
    if (call.app === SEND_TO_USER.app && call.fn === SEND_TO_USER.fn) continue;
    const failed = call.exception ?? (call.notLogged ? `Tool ${call.app}__${call.fn} does not exist.` : undefined);
    const content = failed
      ? `[OUTPUT OF STEP ${step}] ERROR:\n***\n${failed}\n***\n\nNow let's retry: take care not to repeat previous errors!`
      : `[OUTPUT OF STEP ${step}] -> Observation:\n***\n${call.ret ?? 'None'}\n***`;
    history.push({ role: 'tool-response', content, timestamp: t(call.at) });
    step++;
  }
  const lite = {
    scenario_id: run.scenarioId,
    model_id: run.model,
    main_agent_type: 'default',
    validation_decision: decisionOf(run.status),
    validation_rationale: run.status === 'failed' ? run.rationale : null,
    run_duration: run.duration,
    per_agent_interaction_histories: { agent_main: history },
    per_agent_llm_usage_stats: { agent_main: { total_llm_calls: run.calls.filter((c) => (c.by ?? 'AGENT') === 'AGENT').length } },
  };
  return pyJsonLine(lite, true);
}

/** One output.jsonl line; `tracePath` is where the runner wrote the hf file. */
export function outputLine(run: AreRun, tracePath: string): string {
  const score = run.status === 'success' ? 1.0 : run.status === 'failed' ? 0.0 : null;
  const metadata = { scenario_id: run.scenarioId, run_number: run.runNumber, status: run.status, rationale: run.rationale };
  return pyJsonLine({ task_id: run.scenarioId, trace_id: tracePath, score, metadata });
}
