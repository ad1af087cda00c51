import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildIndex } from '../../../src/core/index/buildIndex';
import { loadTrajectory } from '../../../src/core/index/loadTrajectory';
import type { RunSummary, Step, Trajectory } from '../../../src/core/model';
import { NodeFileSource } from '../../../src/core/nodeFileSource';
import { renderTrajectoryText } from '../../../src/core/render/renderTrajectoryText';
import { call, dirResults, json, results, reward, simulation, toolResult, voiceSimulation, voiceTick, type Json } from '../../fixtures/tau2/builders';
import { makeTree, tempTrees } from '../index/tempTree';

// tau2's "dir" format as tau2 itself reads it (Results._detect_format, Results.load): the simulations/ folder beside
// results.json decides the format, simulation_index is optional and checked against the files when present, and
// voice (full-duplex) simulations are read from their ticks.

const RUN = 'data/simulations/20250601_retail_voice';
const VOICE_EXPERIMENT = join(__dirname, '../../fixtures/tau2/voice-experiment');
const VOICE_EXAMPLE = join(__dirname, '../../../examples/tau2-voice');
const tree = tempTrees();

async function index(files: Record<string, string>) {
  const fs = await tree(files);
  const built = await buildIndex(fs);
  const open = async (key: string): Promise<Trajectory> => {
    const run = built.runs.find((r) => r.id.endsWith(`#${key}`));
    if (run === undefined) throw new Error(`no run ${key} among ${built.runs.map((r) => r.id).join(', ')}`);
    return loadTrajectory(fs, run);
  };
  return { runs: built.runs, diagnostics: built.diagnostics, open };
}

function keys(runs: readonly RunSummary[]): string[] {
  return runs.map((r) => r.id.slice(r.id.indexOf('#') + 1)).sort();
}

function outline(steps: readonly Step[]): string[] {
  return steps.map((s) => (s.kind === 'message' ? `${s.role}: ${s.text}` : `${s.tool} ${JSON.stringify(s.args)} → ${JSON.stringify(s.result)}`));
}

describe('tau2 "dir" format: detected by the simulations/ folder', () => {
  it('reads a results.json without simulation_index (only timestamp, info, tasks) from its simulation files', async () => {
    const { runs, diagnostics, open } = await index({
      [`${RUN}/results.json`]: json(dirResults()),
      [`${RUN}/simulations/s-pass.json`]: json(simulation('s-pass', '1', 0)),
      [`${RUN}/simulations/s-fail.json`]: json(simulation('s-fail', '2', 0, { reward_info: reward(0) })),
    });
    expect(diagnostics).toEqual([]);
    expect(runs.map((r) => [r.scenarioId, r.outcome, r.failureFamily]).sort()).toEqual([
      ['1', 'pass', null],
      ['2', 'fail', 'db_mismatch'],
    ]);
    const opened = await open('s-fail');
    expect(opened.diagnostics).toEqual([]);
    expect(opened.steps).toHaveLength(5);
  });

  it('reads a results.json with simulation_index the same way, from the files', async () => {
    const { runs, diagnostics, open } = await index({
      [`${RUN}/results.json`]: json(dirResults({ simulation_index: [{ id: 's1', task_id: '1', trial: 0, reward: 1, termination_reason: 'user_stop' }] })),
      [`${RUN}/simulations/s1.json`]: json(simulation('s1', '1', 0)),
    });
    expect(diagnostics).toEqual([]);
    expect(runs.map((r) => [r.scenarioId, r.outcome])).toEqual([['1', 'pass']]);
    expect((await open('s1')).steps).toHaveLength(5);
  });

  it('reads simulations from the folder, not inline ones beside it, and says so', async () => {
    const { runs, diagnostics, open } = await index({
      [`${RUN}/results.json`]: json(results([simulation('inline', '9', 0)])),
      [`${RUN}/simulations/from-folder.json`]: json(simulation('from-folder', '1', 0, { reward_info: reward(0) })),
    });
    expect(keys(runs)).toEqual(['from-folder']);
    expect(diagnostics).toEqual([
      expect.objectContaining({ path: `${RUN}/results.json`, severity: 'warning', message: expect.stringContaining('1 inline simulations, not read') }),
    ]);
    expect((await open('from-folder')).diagnostics).toEqual([]);
  });

  it('reports a metadata-only results.json without a simulations/ folder, and a folder without simulation files', async () => {
    const alone = await index({ [`${RUN}/results.json`]: json(dirResults()) });
    expect(alone.runs).toEqual([]);
    expect(alone.diagnostics).toEqual([expect.objectContaining({ path: `${RUN}/results.json`, message: expect.stringContaining('not a tau2 results file') })]);

    const root = await makeTree({ [`${RUN}/results.json`]: json(dirResults()) });
    await mkdir(join(root, RUN, 'simulations'));
    const empty = await buildIndex(new NodeFileSource(root));
    expect(empty.runs).toEqual([]);
    expect(empty.diagnostics).toEqual([
      expect.objectContaining({ path: `${RUN}/results.json`, severity: 'warning', message: expect.stringContaining('holds no simulation files') }),
    ]);
  });
});

describe('tau2 "dir" format: simulation_index checked against the files', () => {
  const indexed = {
    [`${RUN}/results.json`]: json(
      dirResults({
        simulation_index: [
          { id: 'listed', task_id: '1', trial: 0, reward: 1, termination_reason: 'user_stop' },
          { id: 'gone', task_id: '2', trial: 0, reward: 1, termination_reason: 'user_stop' },
        ],
      }),
    ),
    [`${RUN}/simulations/listed.json`]: json(simulation('listed', '1', 0)),
    [`${RUN}/simulations/extra.json`]: json(simulation('extra', '3', 0, { reward_info: reward(0) })),
  };

  it('names a missing and an extra simulation file in diagnostics, and lists every simulation', async () => {
    const { runs, diagnostics } = await index(indexed);
    expect(keys(runs)).toEqual(['extra', 'gone', 'listed']);
    expect(diagnostics).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: `${RUN}/results.json`, severity: 'error', message: expect.stringContaining('simulations/gone.json is missing') }),
        expect.objectContaining({ path: `${RUN}/simulations/extra.json`, severity: 'warning', message: expect.stringContaining('not listed in results.json') }),
      ]),
    );
    expect(diagnostics).toHaveLength(2);
  });

  it('still opens the listed and the extra simulation; opening the missing one names its file', async () => {
    const { open } = await index(indexed);
    const listed = await open('listed');
    expect([listed.run.outcome, listed.steps.length, listed.diagnostics]).toEqual(['pass', 5, []]);
    const extra = await open('extra');
    expect([extra.run.outcome, extra.steps.length, extra.diagnostics]).toEqual(['fail', 5, []]);
    const gone = await open('gone');
    expect(gone.steps).toEqual([]);
    expect(gone.diagnostics).toEqual([expect.objectContaining({ path: `${RUN}/simulations/gone.json`, severity: 'error' })]);
  });
});

describe('tau2 voice (full-duplex) simulations', () => {
  /** Agent speaks at ticks 1–3, the user 4–5 (the agent answering over the user's tick 5), a lookup at tick 7, the agent again 8–9. */
  function conversationTicks(): Json[] {
    const lookup = call('v1', 'get_order_details', { order_id: '#W0001' });
    return [
      voiceTick(0, {}),
      voiceTick(1, { agent: true }),
      voiceTick(2, { agent: true }),
      voiceTick(3, { agent: true }),
      voiceTick(4, { user: true }),
      voiceTick(5, { user: true, agent: true }),
      voiceTick(6, { agent: true }),
      voiceTick(7, {}, { agent_tool_calls: [lookup], agent_tool_results: [toolResult('v1', { status: 'delivered' })] }),
      voiceTick(8, { agent: true }),
      voiceTick(9, { agent: true }),
      voiceTick(10, {}),
    ];
  }

  it('reads speech without transcripts as one step per stretch of speech, with tool calls and results, in tick order', async () => {
    const { open } = await index({
      [`${RUN}/results.json`]: json(dirResults()),
      [`${RUN}/simulations/v.json`]: json(voiceSimulation('v', '1', conversationTicks())),
    });
    const t = await open('v');
    expect(outline(t.steps)).toEqual([
      'assistant: [speech without transcript · ticks 1–3]',
      'user: [speech without transcript · ticks 4–5]',
      'assistant: [speech without transcript · ticks 5–6]',
      'get_order_details {"order_id":"#W0001"} → {"status":"delivered"}',
      'assistant: [speech without transcript · ticks 8–9]',
    ]);
    expect(t.finalAnswer).toBeNull();
    expect(t.diagnostics).toEqual([]);
  });

  it('shows the mode, the termination reason and the tick count in the run header', async () => {
    const { open } = await index({
      [`${RUN}/results.json`]: json(dirResults()),
      [`${RUN}/simulations/v.json`]: json(voiceSimulation('v', '1', conversationTicks(), { termination_reason: 'agent_stop' })),
    });
    const t = await open('v');
    expect(t.details).toEqual([
      { name: 'Mode', value: 'full_duplex' },
      { name: 'Termination', value: 'agent_stop' },
      { name: 'Ticks', value: '11' },
    ]);
    const header = renderTrajectoryText(t).split('\n## ')[0];
    expect(header).toContain('- **Mode:** `full_duplex`');
    expect(header).toContain('- **Termination:** `agent_stop`');
    expect(header).toContain('- **Steps:** 5 (0 writes)');
  });

  it('has no verdict without reward_info: unknown, shown as "no verdict", not as infra', async () => {
    const { runs, open } = await index({
      [`${RUN}/results.json`]: json(dirResults()),
      [`${RUN}/simulations/v.json`]: json(voiceSimulation('v', '1', conversationTicks())),
    });
    expect(runs).toEqual([expect.objectContaining({ outcome: 'unknown', failureFamily: 'no_verdict', score: null })]);
    const document = renderTrajectoryText(await open('v'));
    expect(document).toContain('- **Verdict:** unknown\n');
    expect(document).toContain('**Why there is no verdict**');
    expect(document).toContain('no verdict: no reward_info (termination: user_stop)');
    expect(document).not.toMatch(/infra|Failure reason/);
  });

  it('joins the words of an utterance by its id, also when the other speaker talks over its end', async () => {
    const word = (side: 'agent' | 'user', text: string, utterance: string): Json => ({
      [`${side}_chunk`]: { role: side === 'agent' ? 'assistant' : 'user', content: text, contains_speech: true, utterance_ids: [utterance] },
    });
    const ticks = [
      voiceTick(0, {}, word('agent', 'Shall', 'a1')),
      voiceTick(1, {}, word('agent', ' I cancel', 'a1')),
      voiceTick(2, {}, { ...word('agent', ' it?', 'a1'), ...word('user', 'Yes,', 'u1') }),
      voiceTick(3, {}, word('user', ' please.', 'u1')),
    ];
    const { open } = await index({
      [`${RUN}/results.json`]: json(dirResults()),
      [`${RUN}/simulations/v.json`]: json(voiceSimulation('v', '1', ticks)),
    });
    const t = await open('v');
    expect(outline(t.steps)).toEqual(['assistant: Shall I cancel it?', 'user: Yes, please.']);
    expect(t.finalAnswer).toBe('Shall I cancel it?');
  });

  it("lists all 3 simulations of a run shaped like tau2's voice test experiment, each with its speech in tick order", async () => {
    const fs = new NodeFileSource(VOICE_EXPERIMENT);
    const { runs, diagnostics } = await buildIndex(fs);
    expect(diagnostics).toEqual([]);
    expect(runs.map((r) => [r.scenarioId, r.format, r.outcome, r.failureFamily, r.capability, r.model]).sort()).toEqual([
      ['12', 'tau2', 'unknown', 'no_verdict', 'retail', 'demo:voice-agent-1'],
      ['31', 'tau2', 'unknown', 'no_verdict', 'retail', 'demo:voice-agent-1'],
      ['7', 'tau2', 'unknown', 'no_verdict', 'retail', 'demo:voice-agent-1'],
    ]);
    const first = runs.find((r) => r.scenarioId === '7');
    if (first === undefined) throw new Error('task 7 not listed');
    const t = await loadTrajectory(fs, first);
    expect(t.diagnostics).toEqual([]);
    expect(outline(t.steps)).toEqual([
      'assistant: [speech without transcript · ticks 2–8]',
      'user: [speech without transcript · ticks 9–13]',
      'assistant: [speech without transcript · ticks 15–20]',
      'user: [speech without transcript · tick 17]',
      'get_order_details {"order_id":"#W0000001"} → {"order_id":"#W0000001","status":"delivered"}',
      'assistant: [speech without transcript · ticks 23–27]',
      'user: [speech without transcript · ticks 28–29]',
    ]);
    expect(t.details).toEqual([
      { name: 'Mode', value: 'full_duplex' },
      { name: 'Termination', value: 'user_stop' },
      { name: 'Ticks', value: '31' },
    ]);
  });

  it('reads the generated voice example: an evaluated pass and a run without a verdict, each with its transcript', async () => {
    const fs = new NodeFileSource(VOICE_EXAMPLE);
    const { runs, diagnostics } = await buildIndex(fs);
    expect(diagnostics).toEqual([]);
    expect(runs.map((r) => [r.scenarioId, r.runIndex, r.outcome, r.failureFamily]).sort()).toEqual([
      ['14', 0, 'pass', null],
      ['14', 1, 'unknown', 'no_verdict'],
    ]);
    const passed = runs.find((r) => r.outcome === 'pass');
    if (passed === undefined) throw new Error('no passing run');
    const t = await loadTrajectory(fs, passed);
    expect(t.diagnostics).toEqual([]);
    expect(outline(t.steps).slice(6, 9)).toEqual([
      'assistant: I found your Chicago trip, reservation Q T R five two M, with travel insurance. Shall I cancel it?',
      'user: Yes, please.',
      expect.stringMatching(/^cancel_reservation \{"reservation_id":"QTR52M"\}/),
    ]);
    expect(t.finalAnswer).toBe('Done. It is cancelled, and you will get a full refund of 327 dollars.');
    expect(t.judge.map((j) => j.matched)).toEqual([true, true, true, true]);
  });
});
