import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { buildIndex } from '../../../src/core/index/buildIndex';
import { loadTrajectory } from '../../../src/core/index/loadTrajectory';
import { NodeFileSource } from '../../../src/core/nodeFileSource';
import type { RunSummary, Trajectory } from '../../../src/core/model';
import { buildCli, cli, REPO } from './cliProcess';

const EXAMPLES = join(REPO, 'examples/gaia2-multilingual');

interface SearchJson {
  matches: { run: string; step: number | null; field: string; snippet: string }[];
  runs: number;
  scanned: number;
}

let runs: RunSummary[];
let trajectories: Map<string, Trajectory>;

beforeAll(async () => {
  await buildCli();
  const fs = new NodeFileSource(EXAMPLES);
  runs = (await buildIndex(fs)).runs;
  trajectories = new Map(await Promise.all(runs.map(async (r) => [r.id, await loadTrajectory(fs, r)] as const)));
}, 120_000);
vi.setConfig({ testTimeout: 60_000 });

async function search(query: string): Promise<SearchJson> {
  const { code, stdout } = await cli('search', EXAMPLES, query, '--json');
  expect(code).toBe(0);
  return JSON.parse(stdout) as SearchJson;
}

describe('trajectory-lens search on the examples', () => {
  it('prints matches with exactly the documented keys: every search_contacts call of the Japanese runs, in run order', async () => {
    const output = await search('tool:Contacts.search_contacts lang:ja');
    expect(Object.keys(output)).toEqual(['matches', 'runs', 'scanned']);
    for (const match of output.matches) expect(Object.keys(match)).toEqual(['run', 'step', 'field', 'snippet']);

    const japanese = runs.filter((r) => r.language === 'jpn');
    const expected = japanese.flatMap((r) =>
      (trajectories.get(r.id)?.steps ?? []).flatMap((step, i) =>
        step.kind === 'tool_call' && step.tool === 'Contacts__search_contacts' ? [{ run: r.id, step: i, field: 'tool' }] : [],
      ),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(output.matches.map(({ run, step, field }) => ({ run, step, field }))).toEqual(expected);
    expect(output.runs).toBe(new Set(expected.map((m) => m.run)).size);
    // Only the Japanese runs were loaded.
    expect(output.scanned).toBe(japanese.length);
    expect(output.matches[0]?.snippet).toMatch(/^Contacts\.search_contacts\(\{"query":/);
  });

  it('matches the App__fn spelling and substrings of argument values', async () => {
    const dotted = await search('tool:Contacts.search_contacts arg:query~張 lang:jpn');
    expect(dotted.matches.length).toBeGreaterThan(0);
    for (const match of dotted.matches) expect(match.snippet).toMatch(/^query: .*張/);
    expect(await search('tool:Contacts__search_contacts arg:query~張 lang:jpn')).toEqual(dotted);
  });

  it('answers index-level queries from the index without loading runs', async () => {
    const output = await search('outcome:fail family:tool_count lang:cmn,jpn');
    const expected = runs.filter((r) => r.outcome === 'fail' && r.failureFamily === 'tool_count' && ['cmn', 'jpn'].includes(r.language));
    expect(expected.length).toBeGreaterThan(0);
    expect(output.matches.map((m) => [m.run, m.step, m.field])).toEqual(expected.map((r) => [r.id, null, 'run']));
    expect(output.scanned).toBe(0);
  });

  it('streams one line per match without --json', async () => {
    const { code, stdout, stderr } = await cli('search', EXAMPLES, 'tool:Contacts.search_contacts lang:jpn');
    expect(code).toBe(0);
    const json = await search('tool:Contacts.search_contacts lang:jpn');
    const lines = stdout.trimEnd().split('\n');
    expect(lines).toEqual(json.matches.map((m) => `${m.run}  step ${(m.step ?? 0) + 1} tool  ${m.snippet}`));
    expect(stderr).toContain(`${json.runs} runs matched`);
  });

  it('exits 2 naming the bad term of a bad query', async () => {
    const { code, stdout, stderr } = await cli('search', EXAMPLES, 'lang:jpn colour:red');
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain('bad query: unknown field `colour` in `colour:red`');
    const unbalanced = await cli('search', EXAMPLES, 'text:"Zhang');
    expect(unbalanced.code).toBe(2);
    expect(unbalanced.stderr).toContain('unbalanced quote in `text:"Zhang`');
  });
});
