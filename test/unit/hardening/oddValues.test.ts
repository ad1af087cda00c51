import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, TEST_TIMEOUT_MS, useScratch, type IndexJson } from './hardening';

// A value the reader cannot interpret is named with its file and field; the outcome it leads to is said, not silent.

const GAIA2_PASS = 'agent-a/eng/run_2/ambiguity/scn_coffee_reorder';
const TAU2_ENG = 'data/simulations/20250612_101500_airline_en_gpt-4.1_gpt-4.1';

async function edit(path: string, change: (text: string) => string): Promise<void> {
  const before = await readFile(path, 'utf8');
  const after = change(before);
  expect(after).not.toBe(before);
  await writeFile(path, after);
}

async function index(dir: string): Promise<IndexJson> {
  const result = await cli('index', dir, '--json');
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout) as IndexJson;
}

describe('values a reader cannot interpret', { timeout: TEST_TIMEOUT_MS }, () => {
  const scratch = useScratch();

  it('a broken trajectory-lens.json beside canonical files is named once, as the configuration it is', async () => {
    const dir = await scratch.copy('canonical');
    await writeFile(join(dir, 'trajectory-lens.json'), '{"baseline": ');
    await writeFile(join(dir, 'terms.json'), '[]');
    const { runs, diagnostics } = await index(dir);
    expect(runs).toHaveLength(8);
    expect(diagnostics).toEqual([expect.objectContaining({ path: 'trajectory-lens.json', line: 1, message: expect.stringMatching(/^invalid JSON.*defaults used$/) })]);
  });

  it('gaia2-cli "success": null with "reward": 1 is named, with the outcome it leads to', async () => {
    const dir = await scratch.copy('gaia2-multilingual');
    const path = `${GAIA2_PASS}/result.json`;
    await edit(join(dir, path), (text) => text.replace('"success": true', '"success": null').replace(/"reward": [0-9.]+/, '"reward": 1'));
    const { runs, diagnostics } = await index(dir);
    expect(runs.find((r) => r.id === GAIA2_PASS)?.outcome).toBe('infra');
    expect(diagnostics).toContainEqual(
      expect.objectContaining({ path, message: expect.stringMatching(/field "success" is null while "reward" is 1.*infrastructure/) }),
    );
  });

  it('gaia2-cli "reward": "1" (a string) is named with its field', async () => {
    const dir = await scratch.copy('gaia2-multilingual');
    const path = `${GAIA2_PASS}/result.json`;
    await edit(join(dir, path), (text) => text.replace(/"reward": [0-9.]+/, '"reward": "1"'));
    const { runs, diagnostics } = await index(dir);
    expect(runs.find((r) => r.id === GAIA2_PASS)?.outcome).toBe('pass');
    expect(diagnostics).toContainEqual(expect.objectContaining({ path, message: expect.stringMatching(/field "reward" is "1", not a number/) }));
  });

  it('tau2 "reward": 1e400 is named with the file and field, and the run is shown as not evaluated', async () => {
    const dir = await scratch.copy('tau2-seatau');
    const path = `${TAU2_ENG}/results.json`;
    const before = await index(dir);
    await edit(join(dir, path), (text) => text.replace(/("reward_info": \{\s*"reward": )1(?:\.0)?,/, '$11e400,'));
    const after = await index(dir);
    const unknown = (i: IndexJson): number => i.runs.filter((r) => r.outcome === 'unknown').length;
    expect(unknown(after)).toBe(unknown(before) + 1);
    expect(after.diagnostics).toContainEqual(
      expect.objectContaining({ path, message: expect.stringMatching(/field simulations\[0\]\.reward_info\.reward is a number out of range/) }),
    );
  });
});
