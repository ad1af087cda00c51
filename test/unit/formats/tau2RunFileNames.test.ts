import { describe, expect, it } from 'vitest';
import { holdsInspectLogs } from '../../../src/core/formats/inspect/inspectReader';
import { buildIndex } from '../../../src/core/index/buildIndex';
import { loadTrajectory } from '../../../src/core/index/loadTrajectory';
import type { RunSummary } from '../../../src/core/model';
import { assistant, call, json, results, reward, simulation, toolResult, user } from '../../fixtures/tau2/builders';
import { tempTrees } from '../index/tempTree';

// tau2-bench saves a run without --save-to as data/simulations/<ISO time with microseconds>_<domain>_<agent>_<llm>_
// <user>_<llm>.json, with colons in the time, or dashes where colons are not allowed in file names. Such a folder
// must be read as tau2 results, not taken for a folder of Inspect logs, whose names also start with a time.

const tree = tempTrees();

const COLON_NAME = 'data/simulations/2026-01-05T09:15:30.123456_hotel_llm_agent_model-a_user_simulator_model-b.json';
const DASH_NAME = 'data/simulations/2026-01-05T09-15-30.123456_hotel_llm_agent_model-a_user_simulator_model-b.json';

/** A booking conversation: a call whose text is kept beside it, a failing call, and a retry that succeeds. */
function bookingMessages(): Record<string, unknown>[] {
  return [
    assistant('Welcome! What can I do for you?'),
    user('I would like a double room for two nights.'),
    assistant('Let me check that for you.', [call('c1', 'check_room', { room: 'double', nights: 2 })]),
    toolResult('c1', { available: true, total: 300 }),
    assistant(null, [call('c2', 'book_room', { room: 'double', guest: null })]),
    toolResult('c2', "Error: guest name missing", { error: true }),
    user('My name is Ada Lovelace.'),
    assistant(null, [call('c3', 'book_room', { room: 'double', guest: 'Ada Lovelace' })]),
    toolResult('c3', { reservation: 'R-1' }),
    assistant('Booked: reservation R-1.'),
    user('Thanks ###STOP###'),
  ];
}

function resultsFile(): string {
  return json(
    results([
      simulation('s-pass', '1', 0, { messages: bookingMessages() }),
      simulation('s-fail', '1', 1, { reward_info: reward(0) }),
      simulation('s-unscored', '1', 2, { reward_info: null }),
    ]),
  );
}

function byKey(runs: readonly RunSummary[], key: string): RunSummary {
  const run = runs.find((r) => r.id.endsWith(`#${key}`));
  if (run === undefined) throw new Error(`no run ${key} among ${runs.map((r) => r.id).join(', ')}`);
  return run;
}

describe('tau2 results saved under tau2-bench’s timestamped file names', () => {
  for (const name of [COLON_NAME, DASH_NAME]) {
    it(`indexes every simulation of ${name.split('/').pop()?.slice(0, 26)}… with its verdict, and opens it`, async () => {
      const fs = await tree({ [name]: resultsFile() });
      const { runs, diagnostics } = await buildIndex(fs);

      expect(diagnostics).toEqual([]);
      expect(runs.map((r) => `${r.format} ${r.scenarioId}/${r.runIndex} ${r.outcome}`).sort()).toEqual([
        'tau2 1/0 pass',
        'tau2 1/1 fail',
        'tau2 1/2 unknown',
      ]);

      const steps = (await loadTrajectory(fs, byKey(runs, 's-pass'))).steps;
      const messages = steps.filter((s) => s.kind === 'message');
      const calls = steps.filter((s) => s.kind === 'tool_call');
      expect(messages.map((m) => m.text)).toEqual([
        'Welcome! What can I do for you?',
        'I would like a double room for two nights.',
        'Let me check that for you.',
        'My name is Ada Lovelace.',
        'Booked: reservation R-1.',
        'Thanks ###STOP###',
      ]);
      expect(calls.map((c) => `${c.tool} ${c.error === null ? 'ok' : 'error'}`)).toEqual(['check_room ok', 'book_room error', 'book_room ok']);
    });
  }

  it('says so when a results file holds no simulations, rather than listing nothing without a word', async () => {
    const fs = await tree({ [COLON_NAME]: json(results([])) });
    const { runs, diagnostics } = await buildIndex(fs);
    expect(runs).toEqual([]);
    expect(diagnostics).toEqual([
      expect.objectContaining({ path: COLON_NAME, severity: 'warning', message: expect.stringContaining('holds no simulations') }),
    ]);
  });

  it('still claims a folder of Inspect logs, whose names carry a UTC offset', () => {
    const file = (name: string) => ({ name, type: 'file' as const });
    expect(holdsInspectLogs([file('2025-03-01T10-00-00+00-00_qa_AbCdEf.json')])).toBe(true);
    expect(holdsInspectLogs([file(COLON_NAME.split('/').pop() ?? ''), file(DASH_NAME.split('/').pop() ?? '')])).toBe(false);
  });
});
