import { appendFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { zipArchive } from '../../../scripts/examples/inspect/zipWriter';
import { openZip } from '../../../src/core/formats/inspect';
import { NodeFileSource } from '../../../src/core/nodeFileSource';
import { cli, TEST_TIMEOUT_MS, useScratch, type IndexJson } from './hardening';

// `index --check` reads every file a run has, also those the view does not need, and names each broken one.

const GAIA2_ROOT = 'agent-a/eng/run_2';
const PW_RUN = 'output/codex/LOC-07_de_product_manual/gpt-5.1-codex_20250612_1002_c47d0a';

async function checked(dir: string): Promise<IndexJson> {
  const result = await cli('index', dir, '--check', '--json');
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout) as IndexJson;
}

async function findFile(dir: string, suffix: string): Promise<string> {
  const entries = await readdir(dir, { recursive: true });
  const found = entries.find((name) => name.endsWith(suffix));
  if (found === undefined) throw new Error(`no ${suffix} under ${dir}`);
  return found;
}

describe('index --check reads every file of every run', { timeout: TEST_TIMEOUT_MS }, () => {
  const scratch = useScratch();

  it("names a broken gaia2-cli run_config.json and a broken line of the output root's results.jsonl", async () => {
    const dir = await scratch.copy('gaia2-multilingual');
    await writeFile(join(dir, GAIA2_ROOT, 'run_config.json'), '{"model": ');
    await appendFile(join(dir, GAIA2_ROOT, 'results.jsonl'), '{"scenario_id": \n');
    const { diagnostics } = await checked(dir);
    expect(diagnostics).toContainEqual(expect.objectContaining({ path: `${GAIA2_ROOT}/run_config.json`, message: expect.stringMatching(/invalid JSON/) }));
    expect(diagnostics).toContainEqual(expect.objectContaining({ path: `${GAIA2_ROOT}/results.jsonl`, message: expect.stringMatching(/not valid JSON/) }));
  });

  it('names a broken codex session of a PolyWorkBench run that also has chat.jsonl', async () => {
    const dir = await scratch.copy('polywork');
    const rollout = await findFile(join(dir, PW_RUN, 'codex_sessions'), '.jsonl');
    await appendFile(join(dir, PW_RUN, 'codex_sessions', rollout), '{"type": \n');
    const { diagnostics } = await checked(dir);
    expect(diagnostics).toContainEqual(
      expect.objectContaining({ path: `${PW_RUN}/codex_sessions/${rollout}`, message: expect.stringMatching(/not valid JSON/) }),
    );
  });

  it("names a broken _journal member of an Inspect .eval that has consolidated summaries", async () => {
    const dir = await scratch.copy('inspect');
    const log = `logs/${await findFile(join(dir, 'logs'), '.eval')}`;
    const opened = await openZip(new NodeFileSource(dir), log);
    if (opened.archive === null) throw new Error(opened.error);
    const names = [...opened.archive.entries.keys()];
    expect(names).toContain('summaries.json');
    const members = await opened.archive.read(names, 64 * 1024 * 1024);
    const inputs = names.map((name) => {
      const read = members.get(name);
      const text = name === '_journal/summaries/1.json' ? '[{"id": ' : new TextDecoder().decode(read?.bytes ?? new Uint8Array());
      return { name, text };
    });
    await writeFile(join(dir, log), zipArchive(inputs));
    const { runs, diagnostics } = await checked(dir);
    expect(runs).toHaveLength(8);
    expect(diagnostics).toContainEqual(expect.objectContaining({ path: log, message: expect.stringMatching(/_journal\/summaries\/1\.json: not valid JSON/) }));
  });
});
