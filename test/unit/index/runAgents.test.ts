import { cp, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildIndex } from '../../../src/core/index/buildIndex';
import { NodeFileSource } from '../../../src/core/nodeFileSource';

// The system under test of every run, as each format names it.

const EXAMPLES = join(__dirname, '../../../examples');
const FIXTURES = join(__dirname, '../../fixtures');

async function agentsOf(dir: string): Promise<string[]> {
  const { runs } = await buildIndex(new NodeFileSource(dir));
  return [...new Set(runs.map((r) => String(r.agent)))].sort();
}

const temporary: string[] = [];
async function scratch(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'run-agents-'));
  temporary.push(dir);
  return dir;
}
afterAll(async () => {
  await Promise.all(temporary.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('the agent of a run', () => {
  it('is the <agent> folder above the language folder for gaia2-cli runs', async () => {
    expect(await agentsOf(join(EXAMPLES, 'gaia2-multilingual'))).toEqual(['agent-a']);
  });

  it('is info.agent_info implementation and llm for tau2 / SEATau results', async () => {
    expect(await agentsOf(join(EXAMPLES, 'tau2-seatau'))).toEqual(['llm_agent gpt-4.1']);
  });

  it('is the run name without timestamp, domain and language when a tau2 results file has no agent_info', async () => {
    const dir = await scratch();
    const source = join(EXAMPLES, 'tau2-seatau/data/simulations/20250612_101500_airline_en_gpt-4.1_gpt-4.1/results.json');
    const results = JSON.parse(await readFile(source, 'utf8')) as { info: Record<string, unknown> };
    delete results.info.agent_info;
    const run = join(dir, '20250601_120000_airline_en_my-agent_gpt-4.1');
    await mkdir(run);
    await writeFile(join(run, 'results.json'), JSON.stringify(results));
    expect(await agentsOf(dir)).toEqual(['my-agent_gpt-4.1']);
  });

  it('is the runner agent and model of classic ARE traces; for output.jsonl sweeps, the folder above the language', async () => {
    const dir = await scratch();
    await cp(join(EXAMPLES, 'are-traces/eng/standard/search'), join(dir, 'eng/search'), { recursive: true });
    await rm(join(dir, 'eng/search/output.jsonl'));
    expect(await agentsOf(dir)).toEqual(['default llama-3.3-70b-instruct']);
    // output.jsonl is read alone (the traces are large): it names no agent, the sweep's folder does
    const sweep = await scratch();
    await cp(join(EXAMPLES, 'are-traces'), join(sweep, 'my-agent'), { recursive: true });
    expect(await agentsOf(sweep)).toEqual(['my-agent']);
  });

  it('is the model of PolyWorkBench runs', async () => {
    expect(await agentsOf(join(EXAMPLES, 'polywork'))).toEqual(['minimax/MiniMax-M2.7', 'openai/gpt-5.1-codex']);
  });

  it('is eval.model, with the solver when the Inspect log names one', async () => {
    expect(await agentsOf(join(EXAMPLES, 'inspect'))).toEqual(['openai/gpt-4o-mini']);
    const dir = await scratch();
    const name = (await readdir(join(FIXTURES, 'inspect/eng')))[0] as string;
    const log = JSON.parse(await readFile(join(FIXTURES, 'inspect/eng', name), 'utf8')) as { eval: Record<string, unknown> };
    log.eval.solver = 'react';
    await writeFile(join(dir, name), JSON.stringify(log));
    expect(await agentsOf(dir)).toEqual(['anthropic/claude-3-5-haiku react']);
  });

  it('is the canonical header’s agent, else its model', async () => {
    expect(await agentsOf(join(EXAMPLES, 'canonical'))).toEqual(['support-bot-7b']);
    const dir = await scratch();
    const text = await readFile(join(EXAMPLES, 'canonical/support-bot.trajectory.jsonl'), 'utf8');
    const named = text.replace(/"model":"support-bot-7b"/g, '"model":"support-bot-7b","agent":"router support-bot-7b"');
    await writeFile(join(dir, 'runs.trajectory.jsonl'), named);
    expect(await agentsOf(dir)).toEqual(['router support-bot-7b']);
  });
});
