import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { matchOracle } from '../../../src/core/analysis/matchOracle';
import { tau2Reader } from '../../../src/core/formats/tau2';
import { buildIndex } from '../../../src/core/index/buildIndex';
import { loadTrajectory } from '../../../src/core/index/loadTrajectory';
import type { MessageStep, RunSummary, Step, ToolCallStep, Trajectory } from '../../../src/core/model';
import {
  actionCheck,
  assistant,
  call,
  conversation,
  json,
  results,
  reward,
  simulation,
  task,
  toolResult,
  user,
  type Json,
} from '../../fixtures/tau2/builders';
import { tempTrees } from '../index/tempTree';
import { streamJson } from '../../../src/core/formats/jsonStream';

// Counts how often a results file is parsed, calling through to the real streaming reader.
vi.mock('../../../src/core/formats/jsonStream', async (original) => {
  const real = await original<typeof import('../../../src/core/formats/jsonStream')>();
  return { ...real, streamJson: vi.fn(real.streamJson) };
});

const RUN = 'data/simulations/20250601_airline_en_gpt-4.1-mini_gpt-4.1';
const tree = tempTrees();

async function indexRun(files: Record<string, string>, dir = RUN) {
  const fs = await tree(files);
  return tau2Reader.indexDirectory(fs, dir, await fs.list(dir));
}

async function openAll(files: Record<string, string>): Promise<{ runs: RunSummary[]; open: (key: string) => Promise<Trajectory> }> {
  const fs = await tree(files);
  const { runs } = await buildIndex(fs);
  return {
    runs,
    open: async (key) => {
      const run = runs.find((r) => r.id.endsWith(`#${key}`));
      if (run === undefined) throw new Error(`no run ${key} among ${runs.map((r) => r.id).join(', ')}`);
      return loadTrajectory(fs, run);
    },
  };
}

async function openOne(sim: Json, extra: Json = {}, tasks?: unknown[]): Promise<Trajectory> {
  const { open } = await openAll({ [`${RUN}/results.json`]: json(results([sim], extra, tasks)) });
  return open(String(sim.id));
}

/** A task whose expected actions are those of the action checks, as tau2 copies them. */
function taskExpecting(checks: Json[]): Json {
  const actions = checks.map((c) => c.action);
  return task('1', { evaluation_criteria: { actions, env_assertions: null, communicate_info: [], nl_assertions: null, reward_basis: ['DB'] } });
}

/** What a user reads, step by step. */
function outline(steps: readonly Step[]): string[] {
  return steps.map((s) =>
    s.kind === 'message'
      ? `${s.role}: ${s.text}`
      : `${s.requestor === 'user' ? 'user ' : ''}${s.tool}${s.write ? ' (write)' : ''} ${JSON.stringify(s.args)} → ${s.error !== null ? `error ${s.error}` : JSON.stringify(s.result)}`,
  );
}

function calls(steps: readonly Step[]): ToolCallStep[] {
  return steps.filter((s): s is ToolCallStep => s.kind === 'tool_call');
}

describe('tau2 reader: indexing', () => {
  it('reads the "json" format: one run per simulation, keyed by simulation id, with task id, trial, domain, setting, model', async () => {
    const { runs, diagnostics } = await indexRun({
      [`${RUN}/results.json`]: json(
        results([simulation('sim-a', '1', 0), simulation('sim-b', '1', 1, { reward_info: reward(0) })], {
          info: { ...(results([]).info as Json), lang_id: 'th', seatau_info: { experiment_name: 'l2_domain', run_language: 'th' } },
        }),
      ),
    });
    expect(diagnostics).toEqual([]);
    expect(runs).toEqual([
      expect.objectContaining({ path: RUN, key: 'sim-a', format: 'tau2', scenarioId: '1', runIndexHint: 0, outcome: 'pass', score: 1, failureFamily: null }),
      expect.objectContaining({ key: 'sim-b', runIndexHint: 1, outcome: 'fail', score: 0, failureFamily: 'db_mismatch' }),
    ]);
    expect(runs[0]).toMatchObject({ capability: 'airline', setting: 'l2_domain', model: 'gpt-4.1-mini', languageHint: 'th' });
  });

  it('reads the "dir" format from simulation_index, opening only the failing simulations for their failure family', async () => {
    const failing = simulation('sim-f', '2', 0, { reward_info: reward(0, { reward_basis: ['COMMUNICATE'], reward_breakdown: { COMMUNICATE: 0 }, communicate_checks: [{ info: '327', met: false, justification: 'not said' }] }) });
    const index = [
      { id: 'sim-p', task_id: '1', trial: 0, reward: 1.0, termination_reason: 'user_stop', agent_cost: null, duration: 50 },
      { id: 'sim-f', task_id: '2', trial: 0, reward: 0.0, termination_reason: 'user_stop', agent_cost: null, duration: 70 },
      { id: 'sim-i', task_id: '3', trial: 0, reward: null, termination_reason: 'infrastructure_error', agent_cost: null, duration: 1 },
    ];
    const { runs, diagnostics } = await indexRun({
      [`${RUN}/results.json`]: json({ timestamp: 't', info: results([]).info, tasks: [], simulation_index: index }),
      // A passing simulation's file is not read while indexing: an unreadable one does not matter yet.
      [`${RUN}/simulations/sim-p.json`]: '{ not json',
      [`${RUN}/simulations/sim-f.json`]: json(failing),
      [`${RUN}/simulations/sim-i.json`]: json(simulation('sim-i', '3', 0, { termination_reason: 'infrastructure_error', reward_info: null })),
    });
    expect(diagnostics).toEqual([]);
    expect(runs.map((r) => [r.key, r.outcome, r.failureFamily, r.failureReason])).toEqual([
      ['sim-p', 'pass', null, null],
      ['sim-f', 'fail', 'communicate', 'Information not communicated: "327"'],
      ['sim-i', 'infra', 'infra', 'infrastructure error'],
    ]);
  });

  it('reports dir-format simulations missing from disk or from the index, and still indexes what is there', async () => {
    const { runs, diagnostics } = await indexRun({
      [`${RUN}/results.json`]: json({
        info: results([]).info,
        tasks: [],
        simulation_index: [
          { id: 'listed', task_id: '1', trial: 0, reward: 1.0, termination_reason: 'user_stop' },
          { id: 'gone', task_id: '1', trial: 1, reward: 0.0, termination_reason: 'user_stop' },
        ],
      }),
      [`${RUN}/simulations/listed.json`]: json(simulation('listed', '1', 0)),
      [`${RUN}/simulations/extra.json`]: json(simulation('extra', '2', 0, { reward_info: reward(0) })),
    });
    expect(runs.map((r) => [r.key, r.scenarioId, r.outcome, r.failureFamily])).toEqual([
      ['listed', '1', 'pass', null],
      ['gone', '1', 'fail', 'other'],
      ['extra', '2', 'fail', 'db_mismatch'],
    ]);
    expect(diagnostics).toEqual([
      expect.objectContaining({ path: `${RUN}/results.json`, severity: 'error', message: expect.stringContaining('simulations/gone.json is missing') }),
      expect.objectContaining({ path: `${RUN}/simulations/extra.json`, severity: 'warning', message: expect.stringContaining('not listed') }),
    ]);
  });

  it('indexes a dir-format run without simulation_index from its simulation files', async () => {
    const { runs } = await indexRun({
      [`${RUN}/results.json`]: json({ info: results([]).info, tasks: [], simulations: [] }),
      [`${RUN}/simulations/s2.json`]: json(simulation('s2', '1', 1)),
      [`${RUN}/simulations/s1.json`]: json(simulation('s1', '1', 0, { reward_info: reward(0) })),
    });
    expect(runs.map((r) => [r.key, r.runIndexHint, r.outcome])).toEqual([
      ['s1', 0, 'fail'],
      ['s2', 1, 'pass'],
    ]);
  });

  it('prefers results_reviewed.json, and falls back to results.json when the reviewed file is broken', async () => {
    const plain = results([simulation('s1', '1', 0, { reward_info: reward(0) })]);
    const reviewedRun = results([simulation('s1', '1', 0, { reward_info: reward(1) })]);
    const preferred = await indexRun({ [`${RUN}/results.json`]: json(plain), [`${RUN}/results_reviewed.json`]: json(reviewedRun) });
    expect(preferred.runs.map((r) => r.outcome)).toEqual(['pass']);

    const fallback = await indexRun({ [`${RUN}/results.json`]: json(plain), [`${RUN}/results_reviewed.json`]: '{"info": {' });
    expect(fallback.runs.map((r) => r.outcome)).toEqual(['fail']);
    expect(fallback.diagnostics).toEqual([
      expect.objectContaining({ path: `${RUN}/results_reviewed.json`, line: 1, severity: 'error', message: expect.stringContaining('invalid JSON') }),
    ]);
  });

  it('decides outcome and failure family from termination and reward_info', async () => {
    const premature = { reward: 0, reward_basis: null, info: { note: 'Simulation terminated prematurely. Termination reason: max_steps' } };
    const sims = [
      simulation('no-reward', '1', 0, { reward_info: null, termination_reason: 'too_many_errors' }),
      simulation('no-reward-stop', '1', 1, { reward_info: undefined }),
      simulation('infra', '1', 2, { termination_reason: 'infrastructure_error', reward_info: reward(0) }),
      simulation('eval-crash', '1', 3, { reward_info: { reward: 0, reward_basis: ['DB'], info: { error: 'KeyError: flights' } } }),
      simulation('max-steps', '1', 4, { termination_reason: 'max_steps', reward_info: premature }),
      simulation('env', '1', 5, {
        reward_info: reward(0, {
          db_check: { db_match: true, db_reward: 1 },
          reward_basis: ['DB', 'ENV_ASSERTION'],
          reward_breakdown: { DB: 1, ENV_ASSERTION: 0 },
          env_assertions: [{ env_assertion: { env_type: 'user', func_name: 'assert_mobile_data_status', arguments: { expected_status: true }, assert_value: true, message: null }, met: false, reward: 0 }],
        }),
      }),
      simulation('nl', '1', 6, {
        reward_info: reward(0, {
          reward_basis: ['NL_ASSERTION'],
          reward_breakdown: { NL_ASSERTION: 0 },
          nl_assertions: [{ nl_assertion: 'The agent refuses the upgrade.', met: false, justification: 'It upgraded.' }],
        }),
      }),
      simulation('action', '1', 7, {
        reward_info: reward(0, {
          reward_basis: ['ACTION'],
          reward_breakdown: { ACTION: 0 },
          action_checks: [actionCheck('b_1', 'cancel_reservation', { reservation_id: 'QTR52M' }, false, 'write')],
        }),
      }),
      simulation('other', '1', 8, { reward_info: { reward: 0.5 } }),
      simulation('partial-float', '1', 9, { reward_info: { reward: 0.9999999999999999 } }),
    ];
    const { runs } = await indexRun({ [`${RUN}/results.json`]: json(results(sims)) });
    expect(Object.fromEntries(runs.map((r) => [r.key, [r.outcome, r.failureFamily, r.failureReason]]))).toEqual({
      'no-reward': ['unknown', 'too_many_errors', 'no verdict: no reward_info (termination: too_many_errors)'],
      'no-reward-stop': ['unknown', 'no_verdict', 'no verdict: no reward_info (termination: user_stop)'],
      infra: ['infra', 'infra', 'infrastructure error'],
      'eval-crash': ['infra', 'infra', 'evaluation failed: KeyError: flights'],
      'max-steps': ['fail', 'max_steps', 'Simulation terminated prematurely. Termination reason: max_steps'],
      env: ['fail', 'env_assertion', 'Env assertion not met: assert_mobile_data_status({"expected_status":true})'],
      nl: ['fail', 'nl_assertion', 'NL assertion not met: The agent refuses the upgrade.'],
      action: ['fail', 'action_mismatch', 'Expected action not matched: cancel_reservation({"reservation_id":"QTR52M"}) [b_1]'],
      other: ['fail', 'other', 'reward 0.5 (below 1, no failing check recorded)'],
      'partial-float': ['pass', null, null],
    });
  });

  it('keys simulations without ids by task and trial, numbers missing trials per task, and keeps long bracketed task ids', async () => {
    const longId = '[mobile_data_issue]airplane_mode_on|data_mode_off|user_abroad_roaming_disabled_off[PERSONA:Hard]';
    const { id: _a, trial: _b, ...bare } = simulation('x', longId, 0);
    const { runs, diagnostics } = await indexRun({
      [`${RUN}/results.json`]: json(results([bare, { ...bare }, simulation('dup', '7', 0), simulation('dup', '7', 1), { ...bare, task_id: 12 }])),
    });
    expect(runs.map((r) => [r.key, r.scenarioId, r.runIndexHint])).toEqual([
      [`${longId}#trial0`, longId, 0],
      [`${longId}#trial1`, longId, 1],
      ['dup', '7', 0],
      ['dup~2', '7', 1],
      ['12#trial0', '12', 0],
    ]);
    expect(diagnostics).toEqual([expect.objectContaining({ severity: 'warning', message: expect.stringContaining('"dup" appears more than once') })]);
  });
});

describe('tau2 reader: trajectories', () => {
  it('turns messages into steps: text messages, tool calls with their results attached by id, requestor and write flag', async () => {
    const t = await openOne(simulation('s1', '1', 0));
    expect(outline(t.steps)).toEqual([
      'assistant: Hi! How can I help you today?',
      'user: Please check reservation ABC123. My user id is noah_kim_2210.',
      'get_reservation_details {"reservation_id":"ABC123"} → {"reservation_id":"ABC123","cabin":"economy"}',
      'assistant: Reservation ABC123 is in economy.',
      'user: Thanks ###STOP###',
    ]);
    expect(t.task).toBe(
      'Reason for call:\nYou want to know the cabin of reservation ABC123.\n\nKnown info:\nYour user id is noah_kim_2210.\n\nTask instructions:\nAsk for the cabin class.',
    );
    expect(t.finalAnswer).toBe('Reservation ABC123 is in economy.');
    // tau2 writes naive timestamps; they are read as UTC so that every machine shows the same times.
    expect(calls(t.steps)[0]).toMatchObject({ callId: 'call_1', requestor: 'assistant', write: false, app: null, fn: 'get_reservation_details', time: Date.UTC(2025, 5, 1, 10, 0, 5, 250) / 1000 });
    expect(t.diagnostics).toEqual([]);
  });

  it('handles null content beside tool calls, text beside tool calls, several calls per message, tool_messages wrappers and tool errors', async () => {
    const messages = [
      assistant('Let me look at both.', [call('c1', 'get_reservation_details', { reservation_id: 'A' }), call('c2', 'get_reservation_details', { reservation_id: 'B' })]),
      // Results answer by id, not by position.
      { role: 'tool', tool_messages: [toolResult('c2', { reservation_id: 'B' }), toolResult('c1', { reservation_id: 'A' })] },
      assistant(null, [call('c3', 'cancel_reservation', { reservation_id: 'B' }), call('c4', 'think', { thought: 'double-check' })]),
      toolResult('c3', 'Error: reservation B cannot be cancelled', { error: true }),
      toolResult('c4', ''),
      assistant('', [call('c5', 'toggle_airplane_mode', {}, { requestor: 'user' })], { role: 'user' }),
      toolResult('c5', 'Airplane mode is now OFF.', { requestor: 'user' }),
    ];
    const t = await openOne(simulation('s1', '1', 0, { messages, reward_info: reward(1, { action_checks: [actionCheck('x', 'think', {}, true, 'think')] }) }));
    expect(outline(t.steps)).toEqual([
      'assistant: Let me look at both.',
      'get_reservation_details {"reservation_id":"A"} → {"reservation_id":"A"}',
      'get_reservation_details {"reservation_id":"B"} → {"reservation_id":"B"}',
      'cancel_reservation (write) {"reservation_id":"B"} → error Error: reservation B cannot be cancelled',
      'think {"thought":"double-check"} → ""',
      'user toggle_airplane_mode (write) {} → "Airplane mode is now OFF."',
    ]);
    expect(t.diagnostics).toEqual([]);
  });

  it('reads files without costs, timestamps, tool_type, error flags or call ids', async () => {
    const messages = [
      { role: 'assistant', content: 'Hello.' },
      { role: 'user', content: 'Book it.' },
      { role: 'assistant', content: null, tool_calls: [{ name: 'book_reservation', arguments: { cabin: 'economy' } }] },
      { role: 'tool', content: '{"reservation_id": "NEW1"}' },
      { role: 'assistant', content: 'Booked NEW1.' },
    ];
    const bare: Json = { id: 'bare', task_id: '1', messages, termination_reason: 'agent_stop', reward_info: { reward: 1.0, action_checks: [actionCheck('a', 'book_reservation', { cabin: 'economy' }, true, null)] } };
    const t = await openOne(bare);
    expect(outline(t.steps)).toEqual([
      'assistant: Hello.',
      'user: Book it.',
      'book_reservation (write) {"cabin":"economy"} → {"reservation_id":"NEW1"}',
      'assistant: Booked NEW1.',
    ]);
    expect(t.steps.every((s) => s.time === null)).toBe(true);
    expect(t.diagnostics).toEqual([]);
    expect(t.run).toMatchObject({ outcome: 'pass', runIndex: 0 });
  });

  it('reads voice runs from ticks: speech chunks joined per utterance, tool calls and results in tick order', async () => {
    const tick = (id: number, extra: Json): Json => ({ tick_id: id, timestamp: `2025-06-01T10:00:0${id}.000000`, agent_tool_calls: [], user_tool_calls: [], agent_tool_results: [], user_tool_results: [], ...extra });
    const ticks = [
      tick(0, { agent_chunk: { role: 'assistant', content: 'Hello, ', utterance_ids: ['u1'] } }),
      tick(1, { agent_chunk: { role: 'assistant', content: 'how can I help?', utterance_ids: ['u1'] } }),
      tick(2, { user_chunk: { role: 'user', content: 'Check ABC123 please.', utterance_ids: ['u2'] } }),
      tick(3, { agent_tool_calls: [call('v1', 'get_reservation_details', { reservation_id: 'ABC123' })], agent_tool_results: [toolResult('v1', { cabin: 'business' })] }),
      tick(4, { agent_chunk: { role: 'assistant', content: 'It is in business.', utterance_ids: ['u3'] } }),
      'static',
    ];
    const review = { summary: 'Late answer.', has_errors: true, agent_error: true, errors: [{ source: 'agent', error_tags: ['interruption_error'], severity: 'minor', tick_start: 4, tick_end: 4, reasoning: 'Answered late.' }] };
    const t = await openOne(simulation('voice', '1', 0, { messages: null, ticks, mode: 'full_duplex', review }));
    expect(outline(t.steps)).toEqual([
      'assistant: Hello, how can I help?',
      'user: Check ABC123 please.',
      'get_reservation_details {"reservation_id":"ABC123"} → {"cabin":"business"}',
      'assistant: It is in business.',
    ]);
    expect(t.judge.find((j) => j.check === 'review:minor')).toMatchObject({ turn: 4, rationale: expect.stringContaining('(step 4)') });
    expect(t.diagnostics).toEqual([expect.objectContaining({ severity: 'warning', message: 'simulations[0].ticks[5] is not an object; skipped' })]);
  });

  it('shows expected actions as oracle events with match marks, and judge rationales with what decided them', async () => {
    const sim = simulation('s1', '1', 0, {
      messages: [
        ...conversation(),
        assistant(null, [call('c9', 'book_reservation', { cabin: 'ประหยัด', flights: [] })]),
        toolResult('c9', { reservation_id: 'Z' }),
      ],
      reward_info: reward(0, {
        reward_basis: ['DB', 'COMMUNICATE'],
        reward_breakdown: { DB: 0, COMMUNICATE: 1 },
        action_checks: [
          actionCheck('a_0', 'get_reservation_details', { reservation_id: 'ABC123' }, true),
          actionCheck('a_1', 'book_reservation', { cabin: 'economy', flights: [] }, false, 'write'),
        ],
        nl_assertions: [{ nl_assertion: 'The agent confirms before booking.', met: true, justification: 'It asked first.' }],
        communicate_checks: [
          { info: '137', met: true, justification: "Information '137' communicated in the message:\n 'It costs 137.'" },
          { info: 'ประหยัด', met: false, justification: '[llm_judge] The cabin class was never stated.' },
        ],
      }),
    });
    const tasks = [task('1', { evaluation_criteria: { actions: [
      { action_id: 'a_0', name: 'get_reservation_details', arguments: { reservation_id: 'ABC123' }, compare_args: null },
      { action_id: 'a_1', name: 'book_reservation', arguments: { cabin: 'economy', flights: [] }, compare_args: ['cabin'] },
    ], reward_basis: ['DB', 'COMMUNICATE'] } })];
    const t = await openOne(sim, {}, tasks);
    expect(t.oracle).toEqual([
      { id: 'a_0', tool: 'get_reservation_details', args: { reservation_id: 'ABC123' }, turn: null },
      { id: 'a_1', tool: 'book_reservation', args: { cabin: 'economy', flights: [] }, turn: null },
    ]);
    expect(t.judge).toEqual([
      expect.objectContaining({ oracleId: 'a_0', matched: true, check: 'action_match', llm: false, agentArgs: { reservation_id: 'ABC123' } }),
      expect.objectContaining({
        oracleId: 'a_1',
        tool: 'book_reservation',
        matched: false,
        rationale: 'book_reservation: no agent call matched on all arguments (not part of the reward basis)',
        agentArgs: { cabin: 'ประหยัด', flights: [] },
      }),
      expect.objectContaining({ oracleId: null, check: 'nl_assertion', matched: true, llm: true, rationale: 'The agent confirms before booking.\n\nIt asked first.' }),
      expect.objectContaining({ check: 'communicate', matched: true, llm: false }),
      expect.objectContaining({ check: 'communicate', matched: false, llm: true, rationale: '"ประหยัด": The cabin class was never stated.' }),
    ]);
    expect(t.checks).toEqual([
      { name: 'reward', passed: false, detail: 'reward 0 (DB 0 × COMMUNICATE 1; basis DB, COMMUNICATE)' },
      { name: 'termination', passed: true, detail: 'user_stop' },
      { name: 'db_check', passed: false, detail: 'the database at the end differs from the expected end state' },
    ]);
    expect(calls(t.steps).find((c) => c.tool === 'book_reservation')?.write).toBe(true);
  });

  it('links each expected action to the agent call it matched, in order, and an unmatched one to the closest same-tool call', async () => {
    const checks = [
      actionCheck('a_0', 'get_reservation_details', { reservation_id: 'BBB222' }, true),
      actionCheck('a_1', 'get_reservation_details', { reservation_id: 'AAA111' }, true),
      actionCheck('a_2', 'book_reservation', { cabin: 'economy', user_id: 'u1' }, false, 'write'),
      actionCheck('a_3', 'cancel_reservation', { reservation_id: 'AAA111' }, false, 'write'),
    ];
    const sim = simulation('s1', '1', 0, {
      messages: [
        assistant('Hi! How can I help you today?'),
        user('Cancel reservations AAA111 and BBB222, and book economy.'),
        assistant(null, [
          call('c1', 'get_reservation_details', { reservation_id: 'AAA111' }),
          call('c2', 'get_reservation_details', { reservation_id: 'BBB222' }),
        ]),
        toolResult('c1', { reservation_id: 'AAA111' }),
        toolResult('c2', { reservation_id: 'BBB222' }),
        assistant(null, [call('c3', 'book_reservation', { cabin: 'business', user_id: 'u1' })]),
        toolResult('c3', { reservation_id: 'Z1' }),
        assistant(null, [call('c4', 'book_reservation', { cabin: 'ประหยัด', user_id: 'u1' })]),
        toolResult('c4', { reservation_id: 'Z2' }),
        assistant('Done.'),
      ],
      reward_info: reward(0, { action_checks: checks }),
    });
    const t = await openOne(sim, {}, [taskExpecting(checks)]);
    const stepOf = (callId: string): number => t.steps.findIndex((s) => s.kind === 'tool_call' && s.callId === callId);
    const verdicts = matchOracle(t);
    expect(verdicts.map((v) => [v.id, v.matched, v.step])).toEqual([
      ['a_0', true, stepOf('c2')],
      ['a_1', true, stepOf('c1')],
      // Neither booking has the expected cabin and both have the expected user id: the earlier of two equally close calls.
      ['a_2', false, stepOf('c3')],
      // No cancel_reservation call at all: nothing to point at.
      ['a_3', false, null],
    ]);
  });

  it('points an unmatched expected action at the same-tool call closest on the compared arguments, not the first one', async () => {
    const checks = [actionCheck('a_0', 'book_reservation', { origin: 'JFK', destination: 'ORD', cabin: 'economy', flights: [] }, false, 'write')];
    const sim = simulation('s1', '1', 0, {
      messages: [
        assistant('Hi! How can I help you today?'),
        user('Fly me to Chicago in economy.'),
        assistant(null, [call('c1', 'book_reservation', { origin: 'JFK', destination: 'MIA', cabin: 'business' })]),
        toolResult('c1', { reservation_id: 'Z1' }),
        assistant(null, [call('c2', 'book_reservation', { origin: 'JFK', destination: 'ORD', cabin: 'ประหยัด' })]),
        toolResult('c2', { reservation_id: 'Z2' }),
      ],
      reward_info: reward(0, { action_checks: checks }),
    });
    const t = await openOne(sim, {}, [taskExpecting(checks)]);
    expect(t.judge[0]).toMatchObject({ oracleId: 'a_0', matched: false, agentArgs: { origin: 'JFK', destination: 'ORD', cabin: 'ประหยัด' } });
    const c2 = t.steps.findIndex((s) => s.kind === 'tool_call' && s.callId === 'c2');
    expect(matchOracle(t)[0]).toMatchObject({ id: 'a_0', matched: false, step: c2 });
  });

  it('attaches judge review errors and language drift to their turns, with severity', async () => {
    const messages = [
      assistant('สวัสดีค่ะ'),
      user('ยกเลิกการจอง ABC123 ค่ะ'),
      assistant(null, [call('c1', 'cancel_reservation', { reservation_id: 'XYZ999' })]),
      toolResult('c1', { status: 'cancelled' }),
      assistant('Your reservation has been cancelled.'),
      user('###STOP###'),
    ];
    const review = {
      summary: 'Wrong reservation.',
      agent_error: true,
      user_error: false,
      has_errors: true,
      errors: [
        { source: 'agent', error_tags: ['incorrect_interpretation'], severity: 'critical', turn_idx: 2, reasoning: 'Cancelled XYZ999, not ABC123.', correct_behavior: 'Cancel ABC123.' },
        { source: 'agent', error_tags: ['guideline_violation'], severity: 'minor', turn_idx: 4, reasoning: 'Answered in English.' },
        { source: 'user', error_tags: ['other'], severity: 'critical_hindered', turn_idx: 5, reasoning: 'Stopped too early.' },
      ],
    };
    const correctness = { expected_language: 'th', assistant_turn_count: 2, correct_turn_count: 1, score: 0.5, incorrect_turn_indices: [4] };
    const t = await openOne(simulation('s1', '1', 0, { messages, review, reward_info: reward(0, { info: { language_correctness: correctness } }) }));
    const byCheck = (check: string) => t.judge.filter((j) => j.check === check);
    expect(byCheck('review:critical')).toEqual([
      {
        oracleId: null,
        tool: 'cancel_reservation',
        matched: false,
        check: 'review:critical',
        rationale: 'agent error · critical · incorrect_interpretation (step 3)\nCancelled XYZ999, not ABC123.\nCorrect behaviour: Cancel ABC123.',
        llm: true,
        turn: 2,
        agentArgs: { reservation_id: 'XYZ999' },
      },
    ]);
    expect(byCheck('review:minor')).toEqual([expect.objectContaining({ turn: 4, tool: null, rationale: expect.stringMatching(/^agent error · minor · guideline_violation \(step 4\)/) })]);
    expect(byCheck('review:critical_hindered')).toEqual([expect.objectContaining({ turn: 5, rationale: expect.stringMatching(/^user error/) })]);
    expect(byCheck('language_correctness')).toEqual([
      expect.objectContaining({ turn: 4, matched: false, rationale: 'assistant turn 4 (step 4) is not in th: Your reservation has been cancelled.' }),
    ]);
    expect(t.checks).toContainEqual({ name: 'review', passed: false, detail: '3 errors (2 critical): Wrong reservation.' });
    expect(t.checks).toContainEqual({ name: 'language_correctness', passed: false, detail: 'score 0.5: 1 of 2 assistant turns in th; in another language: turn 4 (step 4)' });
  });

  it('opens dir-format simulations from their own file, and a run without reward_info as unknown with its steps', async () => {
    const { runs, open } = await openAll({
      [`${RUN}/results.json`]: json({ info: results([]).info, tasks: [task('1')], simulation_index: [{ id: 'd1', task_id: '1', trial: 0, reward: null, termination_reason: 'too_many_errors' }] }),
      [`${RUN}/simulations/d1.json`]: json(simulation('d1', '1', 0, { reward_info: null, termination_reason: 'too_many_errors' })),
    });
    expect(runs).toEqual([expect.objectContaining({ outcome: 'unknown', failureFamily: 'too_many_errors', runIndex: 0 })]);
    const t = await open('d1');
    expect(t.steps).toHaveLength(5);
    expect(t.checks).toEqual([
      { name: 'reward', passed: null, detail: 'not evaluated: no reward recorded' },
      { name: 'termination', passed: false, detail: 'too_many_errors' },
    ]);
    expect(t.oracle).toHaveLength(1);
    expect(t.judge).toEqual([]);
  });

  it('reads reviews from results_reviewed.json when it is there', async () => {
    const review = { summary: 'Fine.', agent_error: false, user_error: false, has_errors: false, errors: [] };
    const { open } = await openAll({
      [`${RUN}/results.json`]: json(results([simulation('s1', '1', 0)])),
      [`${RUN}/results_reviewed.json`]: json(results([simulation('s1', '1', 0, { review })])),
    });
    expect((await open('s1')).checks).toContainEqual({ name: 'review', passed: true, detail: 'no errors: Fine.' });
  });

  it('parses a results file once, while indexing, for all the simulations opened from it, and again when it changes', async () => {
    const said = (text: string) => ({ messages: [assistant(text)] });
    const sims = [simulation('s1', '1', 0, said('First.')), simulation('s2', '1', 1, said('Second.')), simulation('s3', '1', 2, said('Third.'))];
    const disk = await tree({ [`${RUN}/results.json`]: json(results(sims)) });
    const parse = vi.mocked(streamJson);
    parse.mockClear();
    const { runs } = await buildIndex(disk);
    expect(parse).toHaveBeenCalledTimes(1);
    const opened = await Promise.all(runs.map((run) => loadTrajectory(disk, run)));
    await loadTrajectory(disk, runs[0] as RunSummary);
    expect(parse).toHaveBeenCalledTimes(1);
    // Each simulation was read by its byte range: its own messages, not its neighbours'.
    expect(opened.map((t) => [t.run.id.split('#').pop(), outline(t.steps)])).toEqual([
      ['s1', ['assistant: First.']],
      ['s2', ['assistant: Second.']],
      ['s3', ['assistant: Third.']],
    ]);
    expect(opened.map((t) => t.diagnostics.map((d) => d.message))).toEqual([[], [], []]);

    await writeFile(join(disk.root, RUN, 'results.json'), json(results([simulation('s1', '1', 0, { messages: [assistant('Changed.')] })])));
    const changed = await loadTrajectory(disk, runs.find((r) => r.id.endsWith('#s1')) as RunSummary);
    expect(parse).toHaveBeenCalledTimes(2);
    expect(outline(changed.steps)).toEqual(['assistant: Changed.']);
  });

  it('parses a results file once when the index goes through the index cache too', async () => {
    const disk = await tree({ [`${RUN}/results.json`]: json(results([simulation('s1', '1', 0), simulation('s2', '1', 1)])) });
    const parse = vi.mocked(streamJson);
    parse.mockClear();
    const { runs } = await buildIndex(disk, { cache: {} });
    await Promise.all(runs.map((run) => loadTrajectory(disk, run)));
    expect(parse).toHaveBeenCalledTimes(1);
  });

  it('with check, also reports a broken results.json passed over for results_reviewed.json', async () => {
    const fs = await tree({ [`${RUN}/results.json`]: '{"simulations": [', [`${RUN}/results_reviewed.json`]: json(results([simulation('s1', '1', 0)])) });
    const [run] = (await buildIndex(fs)).runs;
    if (run === undefined) throw new Error('not indexed');
    expect((await loadTrajectory(fs, run)).diagnostics).toEqual([]);
    expect((await loadTrajectory(fs, run, { check: true })).diagnostics).toEqual([
      expect.objectContaining({ path: `${RUN}/results.json`, line: 1, message: expect.stringContaining('invalid JSON') }),
    ]);
  });

  it('takes the task text from plain-string instructions and the persona', async () => {
    const tasks = [task('1', { user_scenario: { persona: 'A busy nurse.', instructions: 'Change your flight to Friday.' } })];
    expect((await openOne(simulation('s1', '1', 0), {}, tasks)).task).toBe('Persona:\nA busy nurse.\n\nChange your flight to Friday.');
  });
});

describe('tau2 reader: malformed input gives diagnostics, never a crash', () => {
  it('reports a truncated results file at its line and indexes nothing', async () => {
    const text = json(results([simulation('s1', '1', 0)]));
    const { runs, diagnostics } = await indexRun({ [`${RUN}/results.json`]: text.slice(0, text.length / 2) });
    expect(runs).toEqual([]);
    expect(diagnostics).toEqual([expect.objectContaining({ path: `${RUN}/results.json`, severity: 'error', line: expect.any(Number), message: expect.stringContaining('invalid JSON') })]);
  });

  it('reports an empty file, a JSON array and a results.json of another tool', async () => {
    for (const [content, message] of [
      ['', 'file is empty'],
      ['[1, 2]', 'unrecognised: a JSON array, not a tau2 results file'],
      ['{"accuracy": 0.5, "model": "x"}', 'unrecognised: an object without `simulations` or `simulation_index`, not a tau2 results file'],
    ] as const) {
      const { runs, diagnostics } = await indexRun({ [`${RUN}/results.json`]: content });
      expect(runs).toEqual([]);
      expect(diagnostics).toEqual([expect.objectContaining({ path: `${RUN}/results.json`, message })]);
    }
  });

  it('skips simulations of the wrong type or without a task id, and survives wrong types inside a simulation', async () => {
    const weird = simulation('weird', '1', 'zero' as unknown as number, {
      termination_reason: 42,
      reward_info: { reward: '1', db_check: 'yes', action_checks: 'none', nl_assertions: [null, 3], communicate_checks: {} },
      messages: [
        null,
        { role: 'robot', content: 'beep' },
        { role: 'assistant', content: { text: 'object content' }, tool_calls: { name: 'x' } },
        { role: 'assistant', content: null, tool_calls: [null, { arguments: {} }, { id: 'q', name: 'lookup', arguments: '{"a": 1}' }, { id: 'r', name: 'lookup', arguments: 'not json' }] },
        { role: 'tool', id: 'nobody', content: 'orphan' },
        { role: 'tool', tool_messages: 'oops' },
      ],
      review: { errors: [{ severity: 5, turn_idx: 'x' }, 'bad'] },
    });
    const { runs, diagnostics } = await indexRun({ [`${RUN}/results.json`]: json(results([17, 'str', { task_id: null }, weird, simulation('good', '1', 1)])) });
    expect(runs.map((r) => [r.key, r.outcome, r.runIndexHint])).toEqual([
      ['weird', 'unknown', 0],
      ['good', 'pass', 1],
    ]);
    expect(diagnostics.map((d) => d.message)).toEqual([
      'simulations[0] is not an object; skipped',
      'simulations[1] is not an object; skipped',
      'simulations[2] has no task_id; skipped',
      // The weird simulation's reward is the string "1": named, and the run counted as not evaluated.
      'field simulations[3].reward_info.reward is "1", not a finite number: counted as not evaluated (unknown)',
    ]);

    const fs = await tree({ [`${RUN}/results.json`]: json(results([weird])) });
    const [run] = (await buildIndex(fs)).runs;
    if (run === undefined) throw new Error('not indexed');
    const t = await loadTrajectory(fs, run, { check: true });
    expect(outline(t.steps)).toEqual(['lookup {"a":1} → null', 'lookup {"arguments":"not json"} → null']);
    expect(t.diagnostics.map((d) => d.message)).toEqual([
      'simulations[0].messages[0] is not an object; skipped',
      'simulations[0].messages[1] has an unknown role "robot"; skipped',
      'simulations[0].messages[2]: content is not text; not shown',
      'simulations[0].messages[2]: tool_calls is not a list; skipped',
      'simulations[0].messages[3].tool_calls[0] is not an object; skipped',
      'simulations[0].messages[3].tool_calls[1] has no tool name; skipped',
      'simulations[0].messages[3].tool_calls[3]: arguments are not an object; shown as recorded',
      'simulations[0].messages[4]: tool result "nobody" answers no tool call; not shown',
      'simulations[0].messages[5].tool_messages is not a list; skipped',
    ]);
    expect(t.judge.every((j) => typeof j.rationale === 'string')).toBe(true);
  });

  it('bounds diagnostics and keeps working on huge arrays', async () => {
    const messages = Array.from({ length: 20_000 }, (_, i) => (i % 2 === 0 ? assistant(`turn ${i}`) : 7));
    const sims = Array.from({ length: 2_000 }, (_, i) => simulation(`s${i}`, String(i % 50), Math.floor(i / 50), { messages: [] }));
    sims[0] = simulation('big', '0', 99, { messages });
    const { open, runs } = await openAll({ [`${RUN}/results.json`]: json(results(sims)) });
    expect(runs).toHaveLength(2_000);
    const t = await open('big');
    expect(t.steps).toHaveLength(10_000);
    const messageProblems = t.diagnostics.filter((d) => d.message.includes('messages'));
    expect(messageProblems).toHaveLength(21);
    expect(messageProblems.slice(0, 20).every((d) => / is not an object; skipped$/.test(d.message))).toBe(true);
    expect(messageProblems[20]?.message).toBe("9980 more problems in this simulation's messages are not listed");
    expect(t.diagnostics).toHaveLength(22);
    expect(t.diagnostics).toContainEqual(expect.objectContaining({ message: 'task "0" is not among the file\'s tasks', severity: 'warning' }));
  });

  it('reports a simulation that is no longer in the file, and a missing dir-format simulation file', async () => {
    const fs = await tree({ [`${RUN}/results.json`]: json(results([simulation('s1', '1', 0)])) });
    const [run] = (await buildIndex(fs)).runs;
    if (run === undefined) throw new Error('not indexed');
    const gone = await loadTrajectory(fs, { ...run, id: `${RUN}#s9` });
    expect(gone.steps).toEqual([]);
    expect(gone.diagnostics).toEqual([expect.objectContaining({ severity: 'error', message: 'simulation "s9" is not in this file' })]);

    const dirFs = await tree({
      [`${RUN}/results.json`]: json({ info: results([]).info, tasks: [], simulation_index: [{ id: 'd1', task_id: '1', trial: 0, reward: 1 }] }),
      [`${RUN}/simulations/other.json`]: json(simulation('other', '1', 1)),
    });
    const dirRun = (await buildIndex(dirFs)).runs.find((r) => r.id.endsWith('#d1'));
    if (dirRun === undefined) throw new Error('not indexed');
    const missing = await loadTrajectory(dirFs, dirRun);
    expect(missing.diagnostics).toEqual([expect.objectContaining({ path: `${RUN}/simulations/d1.json`, message: expect.stringContaining('cannot read file') })]);
  });

  it('reads messages whose text is a list of content parts', async () => {
    const messages = [{ role: 'assistant', content: [{ type: 'text', text: 'Part one.' }, { type: 'text', text: 'Part two.' }] }];
    const t = await openOne(simulation('s1', '1', 0, { messages }));
    expect((t.steps[0] as MessageStep).text).toBe('Part one.\nPart two.');
  });
});
