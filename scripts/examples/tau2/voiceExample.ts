// Writes examples/tau2-voice: one tau2-bench voice (full-duplex) run of the cancellation task in tau2's "dir" format,
// as tau2 saves voice runs: results.json (info, tasks, simulation_index) plus simulations/<id>.json, each simulation a
// list of 200 ms ticks holding one word of each side's speech (text streamed word by word), the turn-taking action of
// the simulated user, and the tool calls and results made in that tick. Trial 0 was evaluated (reward_info); trial 1
// was saved before evaluation, so it has no reward_info and no verdict.

import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { POLICY, USER_ID, reservation, userDetails } from './airlineWorld';
import { isoTime, stableUuid, type Json } from './chat';
import { CANCEL_TRIP, taskObject } from './tasks';

const RUN_DIR = 'data/simulations/2025-06-20T09-00-00_airline_voice_gpt-realtime_gpt-4.1';
const TICK_MS = 200;
const START_MS = Date.UTC(2025, 5, 20, 9, 0, 0);
const WORLD = { localized: false };

type Side = 'agent' | 'user';

/** What happens in the call, in order: speech (one word per tick, optionally starting `overlap` ticks early), tool calls, silence. */
type Event =
  | { say: Side; text: string; overlap?: number }
  | { calls: Array<{ name: string; arguments: Json; result: unknown }> }
  | { silence: number };

interface Tick {
  tick_id: number;
  timestamp: string;
  agent_chunk: Json;
  user_chunk: Json;
  agent_tool_calls: Json[];
  agent_tool_results: Json[];
  user_tool_calls: Json[];
  user_tool_results: Json[];
}

function silentChunk(side: Side): Json {
  const role = side === 'agent' ? 'assistant' : 'user';
  return { role, content: null, contains_speech: false, utterance_ids: null, turn_taking_action: side === 'user' ? { action: 'wait' } : null };
}

/** Lays the events out on ticks, as tau2's full-duplex orchestrator records them. */
function ticksOf(key: string, events: readonly Event[], startMs: number): Tick[] {
  const ticks: Tick[] = [];
  const at = (index: number): Tick => {
    while (ticks.length <= index) {
      const id = ticks.length;
      ticks.push({
        tick_id: id,
        timestamp: isoTime(startMs + id * TICK_MS),
        agent_chunk: silentChunk('agent'),
        user_chunk: silentChunk('user'),
        agent_tool_calls: [],
        agent_tool_results: [],
        user_tool_calls: [],
        user_tool_results: [],
      });
    }
    return ticks[index] as Tick;
  };
  let cursor = 0;
  let utterances = 0;
  let calls = 0;
  for (const event of events) {
    if ('silence' in event) {
      cursor += event.silence;
    } else if ('say' in event) {
      const utterance = `${key}-utt-${utterances++}`;
      const words = event.text.split(' ');
      const first = Math.max(0, cursor - (event.overlap ?? 0));
      words.forEach((word, i) => {
        const tick = at(first + i);
        const chunk = {
          role: event.say === 'agent' ? 'assistant' : 'user',
          content: i === 0 ? word : ` ${word}`,
          contains_speech: true,
          utterance_ids: [utterance],
          turn_taking_action: event.say === 'user' ? { action: i === 0 ? 'generate_message' : 'keep_talking' } : null,
        };
        if (event.say === 'agent') tick.agent_chunk = chunk;
        else tick.user_chunk = chunk;
      });
      cursor = first + words.length;
    } else {
      const tick = at(cursor);
      for (const call of event.calls) {
        const id = `call_${key}_${calls++}`;
        tick.agent_tool_calls.push({ id, name: call.name, arguments: call.arguments, requestor: 'assistant' });
        tick.agent_tool_results.push({ id, role: 'tool', content: JSON.stringify(call.result), requestor: 'assistant', error: false, turn_idx: null, timestamp: tick.timestamp });
      }
      cursor += 1;
    }
  }
  at(cursor);
  return ticks;
}

const LOOKUPS: Event = {
  calls: [
    { name: 'get_user_details', arguments: { user_id: USER_ID }, result: userDetails(WORLD) },
    { name: 'get_reservation_details', arguments: { reservation_id: 'QTR52M' }, result: reservation(WORLD, 'QTR52M') },
  ],
};

const OPENING: Event[] = [
  { silence: 2 },
  { say: 'agent', text: 'Thanks for calling. How can I help you today?' },
  { silence: 3 },
  { say: 'user', text: 'Hi, um, I want to cancel my trip to Chicago.' },
  { silence: 2 },
  { say: 'agent', text: 'Sure. Could you tell me your user id?' },
  { silence: 2 },
  { say: 'user', text: 'It is lia underscore wu, five, eight, two, zero.' },
  { silence: 4 },
  LOOKUPS,
  { silence: 2 },
];

/** Trial 0: the user says yes over the end of the agent's question; the trip is cancelled and the refund stated. */
const CANCELLED: Event[] = [
  ...OPENING,
  { say: 'agent', text: 'I found your Chicago trip, reservation Q T R five two M, with travel insurance. Shall I cancel it?' },
  { say: 'user', text: 'Yes, please.', overlap: 2 },
  { silence: 3 },
  { calls: [{ name: 'cancel_reservation', arguments: { reservation_id: 'QTR52M' }, result: reservation(WORLD, 'QTR52M', { status: 'cancelled' }) }] },
  { silence: 2 },
  { say: 'agent', text: 'Done. It is cancelled, and you will get a full refund of 327 dollars.' },
  { silence: 2 },
  { say: 'user', text: 'Great, thanks. Bye.' },
  { silence: 3 },
];

/** Trial 1: the user hangs up before the agent confirms anything. */
const HUNG_UP: Event[] = [
  ...OPENING,
  { say: 'agent', text: 'I found your Chicago trip, reservation Q T R five two M. Before I cancel it, may I ask why you are cancelling?' },
  { silence: 2 },
  { say: 'user', text: 'Never mind, I will call back later.' },
  { silence: 3 },
];

function rewardInfo(): Json {
  return {
    reward: 1,
    db_check: { db_match: true, db_reward: 1 },
    env_assertions: null,
    action_checks: CANCEL_TRIP.actions.map((action) => ({
      action,
      action_match: true,
      action_reward: 1,
      tool_type: action.name.startsWith('get_') ? 'read' : 'write',
    })),
    nl_assertions: null,
    communicate_checks: [{ info: '327', met: true, justification: null }],
    reward_basis: CANCEL_TRIP.rewardBasis,
    reward_breakdown: { DB: 1, COMMUNICATE: 1 },
    info: null,
  };
}

function simulation(trial: number, events: readonly Event[], evaluated: boolean): Json {
  const id = stableUuid('tau2-voice', trial);
  const startMs = START_MS + trial * 15 * 60 * 1000;
  const ticks = ticksOf(`t${trial}`, events, startMs);
  const endMs = startMs + ticks.length * TICK_MS;
  return {
    id,
    task_id: CANCEL_TRIP.id,
    timestamp: isoTime(endMs),
    start_time: isoTime(startMs),
    end_time: isoTime(endMs),
    duration: (endMs - startMs) / 1000,
    termination_reason: 'user_stop',
    agent_cost: null,
    user_cost: 0.004,
    ...(evaluated ? { reward_info: rewardInfo() } : {}),
    messages: null,
    ticks,
    trial,
    seed: 4100 + trial,
    mode: 'full_duplex',
  };
}

function results(simulations: readonly Json[]): Json {
  return {
    timestamp: isoTime(START_MS),
    info: {
      num_trials: 2,
      max_steps: 6000,
      max_errors: 10,
      user_info: { implementation: 'voice_streaming_user_simulator', llm: 'gpt-4.1', llm_args: { temperature: 0 } },
      agent_info: { implementation: 'discrete_time_audio_native_agent', llm: 'openai:gpt-realtime', llm_args: null, voice_settings: null },
      environment_info: { domain_name: 'airline', policy: POLICY },
      seed: 4100,
      text_streaming_config: { chunk_by: 'words', chunk_size: 1 },
      audio_native_config: { provider: 'openai', model: 'gpt-realtime', tick_duration_seconds: TICK_MS / 1000 },
    },
    tasks: [taskObject(CANCEL_TRIP, 'en')],
    simulation_index: simulations.map((s) => ({
      id: s.id,
      task_id: s.task_id,
      trial: s.trial,
      reward: s.reward_info === undefined ? null : (s.reward_info as Json).reward,
      termination_reason: s.termination_reason,
      agent_cost: s.agent_cost,
      duration: s.duration,
    })),
  };
}

const README = `# tau2-voice: a generated tau2-bench voice run

One voice (full-duplex) run of tau2-bench airline task ${CANCEL_TRIP.id} (cancel a trip), two trials, in the "dir" format tau2
saves voice runs in:

\`\`\`
${RUN_DIR}/
  results.json            info, tasks, simulation_index
  simulations/<id>.json   one simulation: 200 ms ticks with each side's speech, turn-taking and tool calls
\`\`\`

- Trial 0 was evaluated and passes; the user says "Yes, please." over the end of the agent's question.
- Trial 1 was saved before evaluation: it has no \`reward_info\`, so it has no verdict (\`unknown\`, \`no_verdict\`).

Generated by \`npm run examples\` (\`scripts/generate-examples.ts\`): deterministic, byte-identical on every run. Do not
edit by hand.
`;

/** Writes the example under `root`; returns a summary line. */
export function writeTau2VoiceExample(root: string): string {
  rmSync(root, { recursive: true, force: true });
  const simulations = [simulation(0, CANCELLED, true), simulation(1, HUNG_UP, false)];
  const dir = join(root, RUN_DIR);
  mkdirSync(join(dir, 'simulations'), { recursive: true });
  writeFileSync(join(dir, 'results.json'), `${JSON.stringify(results(simulations), null, 2)}\n`);
  for (const s of simulations) writeFileSync(join(dir, 'simulations', `${String(s.id)}.json`), `${JSON.stringify(s, null, 2)}\n`);
  writeFileSync(join(root, 'README.md'), README);
  return `examples/tau2-voice: ${simulations.length} voice runs`;
}
