import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { INDEX_CACHE_PATH } from '../../../src/core/index/indexCache';
import { KEPT_INDEX_PATH } from '../../../src/cli/keptIndex';
import { buildCli, cliWith, FIXTURES } from './cliProcess';

// A command on an unchanged directory reuses the last index after stat calls alone, and `index` prints what it printed
// last time; whatever changed since (a verdict, a run added or removed, the configuration) is indexed as usual. Each
// case compares the output with a fresh index that keeps no cache.

const RUN = 'gpt-4o/en/run_2/search/scenario_b';
const roots: string[] = [];

beforeAll(buildCli, 60_000);
vi.setConfig({ testTimeout: 60_000 });
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function copy(): string {
  const root = mkdtempSync(join(tmpdir(), 'trajectory-lens-index-output-'));
  roots.push(root);
  // Without what other tests' runs of the CLI keep there.
  cpSync(join(FIXTURES, 'agent-lang-run'), root, { recursive: true, filter: (source) => !source.includes('.trajectory-lens') });
  return root;
}

/** Dates every folder an hour back: a directory whose runs have not changed in a while (listings trusted by mtime). */
function settle(root: string): void {
  const past = new Date(Date.now() - 3_600_000);
  for (const entry of readdirSync(root, { withFileTypes: true, recursive: true })) {
    if (entry.isDirectory()) utimesSync(join(entry.parentPath, entry.name), past, past);
  }
  utimesSync(root, past, past);
}

/** The tests' environment turns the cache off for every other test. */
const WITH_CACHE = { ...process.env, TRAJECTORY_LENS_NO_CACHE: undefined };

async function stdout(...args: string[]): Promise<string> {
  const { code, stdout: out, stderr } = await cliWith({ env: WITH_CACHE }, args);
  expect(stderr).toBe('');
  expect(code).toBe(0);
  return out;
}

/** `index` as it is now, read afresh. */
const fresh = (root: string, ...args: string[]): Promise<string> => stdout('index', root, '--no-cache', ...args);

describe('index of an unchanged directory', () => {
  it('prints what it printed last time, without the index cache, in a settled directory and in a fresh one', async () => {
    for (const settled of [true, false]) {
      const root = copy();
      if (settled) settle(root);
      const first = await stdout('index', root, '--json');
      expect(existsSync(join(root, KEPT_INDEX_PATH))).toBe(true);
      // A broken cache would be discarded with a warning by an index: the output is given again without reading it.
      writeFileSync(join(root, INDEX_CACHE_PATH), 'not a cache\n');
      expect(await stdout('index', root, '--json')).toBe(first);
      expect(first).toBe(await fresh(root, '--json'));
    }
  });

  it('sees a changed verdict, an added run and a removed one, in a settled directory and in a fresh one', async () => {
    for (const settled of [true, false]) {
      const root = copy();
      if (settled) settle(root);
      await stdout('index', root, '--json');
      const verdict = join(root, RUN, 'result.json');
      writeFileSync(verdict, JSON.stringify({ ...JSON.parse(readFileSync(verdict, 'utf8')), success: true, reward: 1, failure_reasons: [] }));
      const changed = await stdout('index', root, '--json');
      expect(changed).toBe(await fresh(root, '--json'));
      expect((JSON.parse(changed) as { runs: { id: string; outcome: string }[] }).runs.find((r) => r.id === RUN)?.outcome).toBe('pass');
      cpSync(join(root, RUN), join(root, 'gpt-4o/en/run_2/search/scenario_c'), { recursive: true });
      const added = await stdout('index', root, '--json');
      expect(added).toContain('"gpt-4o/en/run_2/search/scenario_c"');
      expect(added).toBe(await fresh(root, '--json'));
      rmSync(join(root, RUN), { recursive: true });
      const removed = await stdout('index', root, '--json');
      expect(removed).not.toContain(`"${RUN}"`);
      expect(removed).toBe(await fresh(root, '--json'));
    }
  });

  it('sees a new configuration, and keeps the table and the JSON apart', async () => {
    const root = copy();
    await stdout('index', root, '--json');
    const table = await stdout('index', root);
    expect(table).toMatch(/^ID +LANGUAGE/);
    expect(table).toBe(await fresh(root));
    expect(await stdout('index', root)).toBe(table);
    writeFileSync(join(root, 'trajectory-lens.json'), JSON.stringify({ exclude: ['gpt-4o/en/**'] }));
    const excluded = await stdout('index', root);
    expect(excluded).not.toContain('gpt-4o/en/run_1');
    expect(excluded).toBe(await fresh(root));
  });

  it('does not print a kept output that is not what index prints, or that names paths out of the directory', async () => {
    const root = copy();
    const first = await stdout('index', root);
    const kept = readFileSync(join(root, KEPT_INDEX_PATH), 'utf8');
    const [header, dependencies, index] = kept.split('\n');
    // Terminal control sequences: the table shows control characters made visible, never raw.
    writeFileSync(join(root, KEPT_INDEX_PATH), `${header}\n${dependencies}\n${index}\n\u001b]0;owned\u0007${first}`);
    expect(await stdout('index', root)).toBe(first);
    const outside = JSON.parse(dependencies ?? '') as { files: unknown[] };
    outside.files.push(['../elsewhere/result.json', -1, -1]);
    writeFileSync(join(root, KEPT_INDEX_PATH), `${header}\n${JSON.stringify(outside)}\n${index}\nforged\n`);
    expect(await stdout('index', root)).toBe(first);
    const otherBuild = JSON.parse(header ?? '') as Record<string, unknown>;
    writeFileSync(join(root, KEPT_INDEX_PATH), `${JSON.stringify({ ...otherBuild, tool: 'another build' })}\n${dependencies}\n${index}\nforged\n`);
    expect(await stdout('index', root)).toBe(first);
    // An index whose runs are not runs is not used by any command.
    const broken = JSON.parse(index ?? '') as { runs: Array<Record<string, unknown>> };
    for (const run of broken.runs) run.runIndex = 'first';
    writeFileSync(join(root, KEPT_INDEX_PATH), `${JSON.stringify({ ...otherBuild, command: null })}\n${dependencies}\n${JSON.stringify(broken)}\n`);
    expect(await stdout('index', root)).toBe(first);
  });

  it('serves the other commands, and --check, with the kept index', async () => {
    const root = copy();
    await stdout('index', root, '--json');
    // As read afresh (the tests' environment turns the cache off), and as reopened: the same runs and diagnostics.
    const afresh = await cliWith({}, ['regressions', root, '--json']);
    expect(afresh.stdout).toContain('"scenarioId"');
    expect(afresh.stderr).toMatch(/^2 diagnostics while indexing/);
    writeFileSync(join(root, INDEX_CACHE_PATH), 'not a cache\n');
    // Not read: a command that read the cache would count its warning among the diagnostics.
    expect(await cliWith({ env: WITH_CACHE }, ['regressions', root, '--json'])).toEqual(afresh);
    writeFileSync(join(root, RUN, 'events.jsonl'), '{"broken\n');
    const checked = await stdout('index', root, '--json', '--check');
    expect(checked).toContain(`${RUN}/events.jsonl`);
    expect(checked).not.toContain('index-cache');
    expect(checked).toBe(await fresh(root, '--json', '--check'));
  });

  it('checks a directory changed since the kept index as it is now', async () => {
    for (const settled of [true, false]) {
      const root = copy();
      if (settled) settle(root);
      await stdout('index', root, '--json');
      // The kept runs are being checked when the change is seen: that check is dropped, and the new run checked too.
      const added = 'gpt-4o/en/run_2/search/scenario_c';
      cpSync(join(root, RUN), join(root, added), { recursive: true });
      writeFileSync(join(root, added, 'events.jsonl'), '{"broken\n');
      const checked = await stdout('index', root, '--json', '--check');
      expect(checked).toContain(`${added}/events.jsonl`);
      expect(checked).toBe(await fresh(root, '--json', '--check'));
    }
  });

  it('keeps nothing with --no-cache, and --check reads every file again', async () => {
    const root = copy();
    await fresh(root, '--json');
    expect(existsSync(join(root, KEPT_INDEX_PATH))).toBe(false);
    expect(existsSync(join(root, INDEX_CACHE_PATH))).toBe(false);
    await stdout('index', root, '--json');
    writeFileSync(join(root, RUN, 'events.jsonl'), '{"broken\n');
    const checked = await stdout('index', root, '--json', '--check');
    expect(checked).toContain(`${RUN}/events.jsonl`);
  });
});
