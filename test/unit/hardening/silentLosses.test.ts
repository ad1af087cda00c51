import { execFileSync } from 'node:child_process';
import { mkdir, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, TEST_TIMEOUT_MS, useScratch, type IndexJson } from './hardening';

// A run listed before a file changed is still listed after, or the file is named in a diagnostic.

const GAIA2_RUN = 'agent-a/eng/run_2/search/scn_flat_search';
const TAU2_ENG = 'data/simulations/20250612_101500_airline_en_gpt-4.1_gpt-4.1';

async function index(dir: string, ...options: string[]): Promise<IndexJson> {
  const result = await cli('index', dir, '--json', ...options);
  expect(result.killed).toBe(false);
  return JSON.parse(result.stdout) as IndexJson;
}

describe('runs that lose a file are named', { timeout: TEST_TIMEOUT_MS }, () => {
  const scratch = useScratch();

  it('an emptied *.trajectory.jsonl is named by index --check', async () => {
    const dir = await scratch.copy('canonical');
    await writeFile(join(dir, 'support-bot.trajectory.jsonl'), '');
    const { runs, diagnostics } = await index(dir, '--check');
    expect(runs).toHaveLength(4);
    expect(diagnostics).toContainEqual(expect.objectContaining({ path: 'support-bot.trajectory.jsonl', message: expect.stringMatching(/empty/) }));
  });

  it('a FIFO or a link leading out in place of a *.trajectory.jsonl is named', async () => {
    const dir = await scratch.copy('canonical');
    await rename(join(dir, 'support-bot.trajectory.jsonl'), join(scratch.outside(), 'moved.trajectory.jsonl'));
    await symlink(join(scratch.outside(), 'moved.trajectory.jsonl'), join(dir, 'support-bot.trajectory.jsonl'));
    execFileSync('mkfifo', [join(dir, 'other.trajectory.jsonl')]);
    const { runs, diagnostics } = await index(dir);
    expect(runs).toHaveLength(4);
    expect(diagnostics).toContainEqual(
      expect.objectContaining({ path: 'support-bot.trajectory.jsonl', message: expect.stringMatching(/outside the run directory/) }),
    );
    expect(diagnostics).toContainEqual(expect.objectContaining({ path: 'other.trajectory.jsonl', message: expect.stringMatching(/FIFO/) }));
  });

  it('a tau2 results.json that is a folder is named: the baseline does not disappear unnoticed', async () => {
    const dir = await scratch.copy('tau2-seatau');
    await rm(join(dir, TAU2_ENG, 'results.json'));
    await mkdir(join(dir, TAU2_ENG, 'results.json'));
    const { runs, diagnostics } = await index(dir);
    expect(runs.some((r) => r.language === 'eng')).toBe(false);
    expect(diagnostics).toContainEqual(expect.objectContaining({ path: `${TAU2_ENG}/results.json`, message: expect.stringMatching(/folder/) }));
  });

  it.each([
    ['a FIFO', (path: string) => execFileSync('mkfifo', [path])],
    ['a folder', (path: string) => mkdir(path)],
  ])('show names a gaia2-cli events.jsonl that is %s', async (_what, make) => {
    const dir = await scratch.copy('gaia2-multilingual');
    const events = join(dir, GAIA2_RUN, 'events.jsonl');
    await rm(events);
    await make(events);
    const shown = await cli('show', dir, '--id', GAIA2_RUN);
    expect(shown.killed).toBe(false);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(/Reader diagnostics[\s\S]*scn_flat_search\/events\.jsonl.*not read/);
  });
});
