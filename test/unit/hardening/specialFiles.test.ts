import { execFileSync } from 'node:child_process';
import { rm, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, TEST_TIMEOUT_MS, useScratch, type IndexJson } from './hardening';

// Special files where a run directory has files: a FIFO never opens for reading without a writer, and /dev/zero
// never ends. Each command must finish, name the file and read every other run.

const mkfifo = (path: string): void => {
  execFileSync('mkfifo', [path]);
};
const PW_TASK = 'full_tasks/LOC-07_de_product_manual';
const PW_RUN = 'output/codex/LOC-07_de_product_manual/gpt-5.1-codex_20250612_1002_c47d0a';

describe('special files in a run directory', { timeout: TEST_TIMEOUT_MS }, () => {
  const scratch = useScratch();

  it('a FIFO named trajectory-lens.json is named, and the runs are indexed with the defaults', async () => {
    const dir = await scratch.copy('canonical');
    mkfifo(join(dir, 'trajectory-lens.json'));
    const result = await cli('index', dir, '--json');
    expect(result.killed).toBe(false);
    const index = JSON.parse(result.stdout) as IndexJson;
    expect(index.runs).toHaveLength(8);
    expect(index.diagnostics).toContainEqual(expect.objectContaining({ path: 'trajectory-lens.json', message: expect.stringMatching(/FIFO/) }));
  });

  it('a trajectory-lens.json linked to /dev/zero is never read', async () => {
    const dir = await scratch.copy('canonical');
    await symlink('/dev/zero', join(dir, 'trajectory-lens.json'));
    const result = await cli('index', dir, '--json');
    expect(result.killed).toBe(false);
    const index = JSON.parse(result.stdout) as IndexJson;
    expect(index.runs).toHaveLength(8);
    expect(index.diagnostics).toContainEqual(
      expect.objectContaining({ path: 'trajectory-lens.json', message: expect.stringMatching(/outside the run directory/) }),
    );
  });

  it('a FIFO named task.toml in a PolyWorkBench task folder found by its prefix is named, not opened', async () => {
    const dir = await scratch.copy('polywork');
    // The folder found only by the prefix fallback: `<task_id>_v2`.
    const renamed = `${PW_TASK}_v2`;
    execFileSync('mv', [join(dir, PW_TASK), join(dir, renamed)]);
    await rm(join(dir, renamed, 'task.toml'));
    mkfifo(join(dir, renamed, 'task.toml'));
    const result = await cli('index', dir, '--json');
    expect(result.killed).toBe(false);
    const index = JSON.parse(result.stdout) as IndexJson;
    expect(index.runs).toHaveLength(4);
    expect(index.diagnostics).toContainEqual(expect.objectContaining({ path: `${renamed}/task.toml`, message: expect.stringMatching(/FIFO/) }));
  });

  it('a FIFO named chat.jsonl in a PolyWorkBench run is named by index --check and by show', async () => {
    const dir = await scratch.copy('polywork');
    await rm(join(dir, PW_RUN, 'chat.jsonl'));
    mkfifo(join(dir, PW_RUN, 'chat.jsonl'));
    const checked = await cli('index', dir, '--check', '--json');
    expect(checked.killed).toBe(false);
    const index = JSON.parse(checked.stdout) as IndexJson;
    expect(index.runs).toHaveLength(4);
    expect(index.diagnostics).toContainEqual(expect.objectContaining({ path: `${PW_RUN}/chat.jsonl`, message: expect.stringMatching(/FIFO/) }));
    const shown = await cli('show', dir, '--id', PW_RUN);
    expect(shown.killed).toBe(false);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(/chat\.jsonl.*FIFO/);
  });
});
