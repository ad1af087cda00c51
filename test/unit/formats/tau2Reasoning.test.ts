import { describe, expect, it } from 'vitest';
import { buildIndex } from '../../../src/core/index/buildIndex';
import { loadTrajectory } from '../../../src/core/index/loadTrajectory';
import type { Step } from '../../../src/core/model';
import { assistant, call, json, results, simulation, toolResult, user } from '../../fixtures/tau2/builders';
import { tempTrees } from '../index/tempTree';

// A thinking model's reasoning reaches a tau2 file only inside each message's raw_data (the provider reply): the
// reader shows it on the agent's message, or on its tool call when the agent only called a tool.

const tree = tempTrees();
const RUN = 'data/simulations/20260101_retail_en_thinker_sim/results.json';

/** raw_data as one choice of the reply. */
function choice(message: Record<string, unknown>): Record<string, unknown> {
  return { finish_reason: 'stop', index: 0, message: { role: 'assistant', content: null, ...message } };
}

/** raw_data as the whole reply. */
function response(message: Record<string, unknown>): Record<string, unknown> {
  return { id: 'reply-1', object: 'chat.completion', choices: [{ finish_reason: 'tool_calls', index: 0, message: { role: 'assistant', ...message } }] };
}

async function stepsOf(messages: Record<string, unknown>[]): Promise<Step[]> {
  const fs = await tree({ [RUN]: json(results([simulation('s1', '1', 0, { messages })])) });
  const [run] = (await buildIndex(fs)).runs;
  if (run === undefined) throw new Error('no run indexed');
  return (await loadTrajectory(fs, run)).steps;
}

function reasoningByStep(steps: readonly Step[]): string[] {
  return steps.map((s) => `${s.kind === 'message' ? s.role : s.tool}: ${s.reasoning ?? '-'}`);
}

describe('tau2 reasoning recorded in raw_data', () => {
  it("shows the agent's reasoning on its message, or on its first tool call when it wrote no text", async () => {
    const steps = await stepsOf([
      assistant('Hello, how can I help?', null, { raw_data: null }),
      user('Where is my parcel?', { raw_data: choice({ reasoning_content: 'The simulated user thinks.' }) }),
      assistant(null, [call('c1', 'find_order', { q: 'parcel' }), call('c2', 'get_tracking', {})], {
        raw_data: response({ content: null, reasoning_content: '\nFirst find the order, then its tracking.\n' }),
      }),
      toolResult('c1', { order: 'O-1' }),
      toolResult('c2', { status: 'shipped' }),
      assistant('It has shipped.', null, { raw_data: choice({ content: 'It has shipped.', thinking_blocks: [{ type: 'thinking', thinking: 'Report the status.' }] }) }),
      assistant('Anything else?', null, { raw_data: choice({ content: 'Anything else?', thinking_blocks: [] }) }),
    ]);
    expect(reasoningByStep(steps)).toEqual([
      'assistant: -',
      'user: -',
      'find_order: First find the order, then its tracking.',
      'get_tracking: -',
      'assistant: Report the status.',
      'assistant: -',
    ]);
  });
});
