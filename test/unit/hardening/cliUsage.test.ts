import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../cli/cliProcess';
import { cli, TEST_TIMEOUT_MS, useScratch } from './hardening';

describe('command-line usage', { timeout: TEST_TIMEOUT_MS }, () => {
  useScratch();

  it('index "" is a usage error, not the current directory', async () => {
    const { code, stdout, stderr } = await cli('index', '');
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/<dir> is empty/);
  });

  it('regressions --baseline with a language no run is in exits 2, as compare does', async () => {
    const dir = join(REPO, 'examples/canonical');
    const regressions = await cli('regressions', dir, '--baseline', 'qqq');
    expect(regressions.code).toBe(2);
    expect(regressions.stderr).toContain('--baseline qqq: no run is in qqq; languages found: deu, eng');
    const compare = await cli('compare', dir, '--group', 'refund_damaged_order', '--language', 'deu', '--baseline', 'qqq');
    expect(compare.code).toBe(2);
  });

  it('--version prints the version of package.json', async () => {
    const { version } = JSON.parse(await readFile(join(REPO, 'package.json'), 'utf8')) as { version: string };
    const { code, stdout } = await cli('--version');
    expect(code).toBe(0);
    expect(stdout).toBe(`${version}\n`);
  });
});
