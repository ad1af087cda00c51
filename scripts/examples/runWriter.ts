// Writes one scenario run directory the way gaia2-cli leaves it: result.json, events.jsonl, daemon_judgments.jsonl,
// daemon_status.json, trace.jsonl and agent_response.txt (fewer files when the run crashed or timed out).

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SEND_MESSAGE_TO_USER, tool } from './apps';
import { judgeTurn, type AgentWrite } from './judge';
import { pyJsonLine } from './python';
import type { Rng } from './random';
import type { Endpoint, Ending, OracleEventSpec, Outcome, RunScript } from './runModel';
import { TraceRecorder } from './trace';

export interface RunSpec {
  scenarioId: string;
  scenarioFile: string;
  /** Simulated time (epoch seconds) of the user's first message. */
  startTime: number;
  /** Wall-clock time (epoch ms) the run started, for trace timestamps. */
  wallClockMs: number;
  endpoint: Endpoint;
  /** Tools offered to the agent in every request. */
  tools: string[];
  script: RunScript;
  /** Oracle events per judged turn. */
  oracle: OracleEventSpec[][];
  ending: Ending;
  rng: Rng;
  /** Messages after the task that each logged request keeps (see TraceRecorder). */
  historyWindow: number;
  /**
   * `all`: every file gaia2-cli leaves. `verdicts`: only result.json (which embeds the daemon status) and events.jsonl,
   * what an index reads — for corpora of tens of thousands of runs.
   */
  files: 'all' | 'verdicts';
}

/** A tool call as logged, with its 1-based line in events.jsonl. */
export interface LoggedCall {
  line: number;
  tool: string;
  args: Record<string, unknown>;
}

export interface WrittenRun {
  outcome: Outcome;
  failureFamily: string | null;
  failureReason: string | null;
  /** The run's line in `<out>/results.jsonl`. */
  summary: Record<string, unknown>;
  calls: LoggedCall[];
}

let lastSecond = Number.NaN;
let lastText = '';

/** "YYYY-MM-DD HH:MM:SS" (UTC); consecutive events mostly share a second, so the last one is remembered. */
function simTime(epochSeconds: number): string {
  const second = Math.floor(epochSeconds);
  if (second !== lastSecond) {
    lastSecond = second;
    lastText = new Date(second * 1000).toISOString().slice(0, 19).replace('T', ' ');
  }
  return lastText;
}

function jsonl(lines: string[]): string {
  return lines.map((l) => `${l}\n`).join('');
}

function pretty(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

function resultContent(ret: unknown): string {
  if (ret === null || ret === undefined) return 'None';
  return typeof ret === 'string' ? ret : JSON.stringify(ret);
}

export function writeRun(dir: string, spec: RunSpec): WrittenRun {
  mkdirSync(dir, { recursive: true });
  const { rng, script, ending } = spec;

  if (ending.kind === 'crash') {
    // The runner's exception path saves the result and an empty action log; nothing else leaves the container.
    const result = { scenario_id: spec.scenarioId, success: null, error: ending.error, scenario_file: spec.scenarioFile };
    writeFileSync(join(dir, 'result.json'), pretty(result));
    writeFileSync(join(dir, 'events.jsonl'), '');
    return { outcome: 'infra', failureFamily: 'infra', failureReason: null, summary: result, calls: [] };
  }

  const trace = spec.files === 'all' ? new TraceRecorder(spec.endpoint, spec.tools, rng, spec.historyWindow) : null;
  const events: string[] = [];
  const traceLines: string[] = [];
  const calls: LoggedCall[] = [];
  const writes: AgentWrite[][] = [];
  let sim = spec.startTime;
  let wall = spec.wallClockMs;
  let answer: string | null = null;

  const logEvent = (app: string, fn: string, args: Record<string, unknown>, w: boolean, ret: unknown) => {
    events.push(
      pyJsonLine({ t: Math.round(sim * 1000) / 1000, app, fn, args, w, ret, sim_t: simTime(sim), event_id: rng.uuid() }),
    );
  };

  script.turns.forEach((turn, t) => {
    writes.push([]);
    logEvent('AgentUserInterface', 'send_message_to_agent', { content: turn.user }, false, null);
    trace?.user(turn.user);
    sim += rng.int(1, 3);
    wall += rng.int(300, 900);
    for (const step of turn.steps) {
      const latency = rng.int(900, 2400) + 8 * (step.reasoning?.length ?? 0) + (step.delayMs ?? 0);
      const recorded = trace?.call(step, wall, latency);
      if (recorded) traceLines.push(JSON.stringify(recorded.line));
      wall += latency;
      sim += latency / 1000;
      const results: Array<{ callId: string; content: string }> = [];
      step.calls.forEach((call, i) => {
        const def = tool(call.tool);
        sim += rng.int(40, 400) / 1000;
        wall += rng.int(40, 400);
        logEvent(def.app, def.fn, call.args, def.write, call.ret ?? null);
        calls.push({ line: events.length, tool: call.tool, args: call.args });
        if (def.write) writes[t]?.push({ id: rng.uuid(), tool: call.tool, args: call.args });
        if (call.tool === SEND_MESSAGE_TO_USER) answer = String(call.args.content ?? '');
        results.push({ callId: recorded?.callIds[i] ?? '', content: resultContent(call.ret) });
      });
      if (results.length > 0) trace?.toolResults(results);
    }
  });

  writeFileSync(join(dir, 'events.jsonl'), jsonl(events));
  if (trace) writeFileSync(join(dir, 'trace.jsonl'), jsonl(traceLines));
  const numAgentEvents = calls.length;

  if (ending.kind === 'timeout' || ending.kind === 'scenario_timeout') {
    // No turn ended, so the daemon judged nothing; the runner's poll gave up.
    const daemonStatus = { status: 'running', scenario_id: spec.scenarioId, turns_completed: 0, judgment: null, last_event_time: simTime(sim) };
    if (spec.files === 'all') writeFileSync(join(dir, 'daemon_status.json'), pretty(daemonStatus));
    // gaia2-cli reports an overrun of the scenario's declared duration as a failure (success false) and any other
    // timeout as an error (success null); both carry timed_out, and a timed-out run is not infrastructure-clean.
    const reason =
      ending.kind === 'scenario_timeout'
        ? `Scenario timeout: agent did not complete within ${ending.durationSeconds}s scenario duration (${numAgentEvents} tool calls)`
        : null;
    const verdict = reason
      ? { success: false, reward: 0.0, num_agent_events: numAgentEvents, agent_response: answer, failure_reasons: [reason] }
      : { success: null, error: `No judgment (daemon status: running, ${numAgentEvents} agent events)`, num_agent_events: numAgentEvents, agent_response: answer };
    const result = {
      scenario_id: spec.scenarioId,
      ...verdict,
      timed_out: true,
      timeout_seconds: ending.timeoutSeconds,
      daemon_status: daemonStatus,
      scenario_file: spec.scenarioFile,
    };
    writeFileSync(join(dir, 'result.json'), pretty(result));
    const { daemon_status: _omitted, ...summary } = result;
    return { outcome: 'infra', failureFamily: 'timeout', failureReason: reason, summary, calls };
  }

  const judgments: string[] = [];
  let failure: { reason: string; family: string; turn: number } | null = null;
  let judged = 0;
  for (let t = 0; t < spec.oracle.length && failure === null; t++, judged++) {
    const turn = judgeTurn(t, writes[t] ?? [], spec.oracle[t] ?? [], script);
    if (spec.files === 'all') judgments.push(pyJsonLine(turn.record));
    if (!turn.success) failure = { reason: turn.failureReason ?? '', family: turn.failureFamily ?? 'other', turn: t };
  }
  const success = failure === null;
  const daemonStatus = {
    status: 'completed',
    scenario_id: spec.scenarioId,
    turns_completed: judged,
    judgment: { success, failure_reason: failure?.reason ?? null, turn: failure?.turn ?? judged - 1 },
    last_event_time: simTime(sim),
  };
  const result: Record<string, unknown> = {
    scenario_id: spec.scenarioId,
    success,
    reward: success ? 1.0 : 0.0,
    num_agent_events: numAgentEvents,
    num_oracle_events: 0,
    agent_response: answer,
    judged_in_container: true,
  };
  if (failure) result.failure_reasons = [failure.reason];
  result.daemon_status = daemonStatus;
  result.scenario_file = spec.scenarioFile;

  if (spec.files === 'all') {
    writeFileSync(join(dir, 'daemon_judgments.jsonl'), jsonl(judgments));
    writeFileSync(join(dir, 'daemon_status.json'), pretty(daemonStatus));
    writeFileSync(join(dir, 'agent_response.txt'), answer ?? '');
  }
  writeFileSync(join(dir, 'result.json'), pretty(result));
  const { daemon_status: _status, agent_response: _answer, ...summary } = result;
  return {
    outcome: success ? 'pass' : 'fail',
    failureFamily: failure?.family ?? null,
    failureReason: failure?.reason ?? null,
    summary,
    calls,
  };
}
