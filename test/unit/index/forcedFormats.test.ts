import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { matchOracle } from '../../../src/core/analysis/matchOracle';
import { buildIndex } from '../../../src/core/index/buildIndex';
import { loadTrajectory } from '../../../src/core/index/loadTrajectory';
import { NodeFileSource } from '../../../src/core/nodeFileSource';
import { makeTree, removeTree } from './tempTree';

// Loose ARE traces under other names, by content or forced; `formats` in trajectory-lens.json forcing gaia2-cli and
// PolyWorkBench on folders holding only their verdict, and naming the loose files those formats cannot read.

const EXAMPLES = join(__dirname, '../../../examples');
const ARE_RUN = 'are-traces/eng/standard/execution';
const HF = `${ARE_RUN}/hf/scn_contact_email_run_1_afb994e2.json`;
const LITE = `${ARE_RUN}/lite/scn_contact_email_run_1_afb994e2.json`;
const GAIA2_RUN = 'gaia2-multilingual/agent-a/eng/run_2/execution/scn_email_budget';
const POLYWORK_RUN = 'polywork/output/openclaw/LOC-07_de_product_manual';

const roots: string[] = [];
afterEach(async () => {
  await Promise.all(roots.splice(0).map(removeTree));
});

async function tree(files: Record<string, string>, formats?: Record<string, string>): Promise<NodeFileSource> {
  const root = await makeTree(formats === undefined ? files : { ...files, 'trajectory-lens.json': JSON.stringify({ formats }) });
  roots.push(root);
  return new NodeFileSource(root);
}

const example = (path: string): Promise<string> => readFile(join(EXAMPLES, path), 'utf8');

async function polyworkResult(): Promise<string> {
  const first = (await readdir(join(EXAMPLES, POLYWORK_RUN))).sort()[0] ?? '';
  return example(`${POLYWORK_RUN}/${first}/result.json`);
}

describe('ARE traces under other names', () => {
  it('recognises an hf and a lite trace by their content, each as a run of its own, and opens them', async () => {
    const fs = await tree({ 'exports/contact-email.json': await example(HF), 'exports/lite/contact.json': await example(LITE) });
    const index = await buildIndex(fs);
    expect(index.diagnostics).toEqual([]);
    expect(index.runs.map((r) => [r.id, r.format, r.scenarioId, r.runIndex, r.outcome, r.group])).toEqual([
      ['exports/contact-email.json#contact-email', 'are-trace', 'scn_contact_email', 1, 'pass', 'exports#scn_contact_email'],
      ['exports/lite/contact.json#contact', 'are-trace', 'scn_contact_email', 1, 'pass', 'exports/lite#scn_contact_email'],
    ]);
    const [hf, lite] = index.runs;
    if (hf === undefined || lite === undefined) return;
    const hfRun = await loadTrajectory(fs, hf);
    expect(hfRun.diagnostics).toEqual([]);
    expect(hfRun.oracle.length).toBeGreaterThan(0);
    expect(matchOracle(hfRun).every((v) => v.matched === true)).toBe(true);
    expect(hfRun.steps.some((s) => s.kind === 'tool_call')).toBe(true);
    const liteRun = await loadTrajectory(fs, lite);
    expect(liteRun.diagnostics).toEqual([]);
    expect(liteRun.steps.some((s) => s.kind === 'message' && s.role === 'user')).toBe(true);
  });

  it('reads an hf trace whose head shows nothing of ARE when are-trace is forced on its folder', async () => {
    const { world_logs: worldLogs, ...rest } = JSON.parse(await example(HF)) as Record<string, unknown>;
    // The app state first and no format version: the first 64 KB look like any JSON object.
    const { version: _version, ...unversioned } = rest;
    const files = { 'exports/trace.json': JSON.stringify({ ...unversioned, world_logs: worldLogs }) };
    expect((await buildIndex(await tree(files))).runs).toEqual([]);
    const index = await buildIndex(await tree(files, { exports: 'are-trace' }));
    expect(index.runs.map((r) => [r.id, r.format, r.scenarioId, r.outcome])).toEqual([['exports/trace.json#trace', 'are-trace', 'scn_contact_email', 'pass']]);
  });

  it('names a forced file that is no ARE trace', async () => {
    const fs = await tree({ 'exports/notes.json': '{"owner": "qa", "comment": "rerun"}' }, { exports: 'are-trace' });
    const index = await buildIndex(fs);
    expect(index.runs).toEqual([]);
    expect(index.diagnostics).toEqual([
      {
        path: 'exports/notes.json',
        line: null,
        message: 'unrecognised: neither an ARE hf trace (metadata.definition) nor a lite trace (per_agent_interaction_histories)',
        severity: 'warning',
      },
    ]);
  });
});

describe('forcing a format whose runs are folders', () => {
  it('reads a gaia2-cli run folder holding only result.json, and names a loose file it cannot read', async () => {
    const files = {
      'legacy/en/scn_email_budget/result.json': await example(`${GAIA2_RUN}/result.json`),
      'legacy/en/summary.json': '{"runs": 1}',
    };
    const sniffed = await buildIndex(await tree(files));
    expect(sniffed.runs).toEqual([]);

    const index = await buildIndex(await tree(files, { legacy: 'gaia2-cli' }));
    expect(index.runs.map((r) => [r.id, r.format, r.scenarioId, r.language])).toEqual([
      ['legacy/en/scn_email_budget', 'gaia2-cli', 'scn_email_budget', 'eng'],
    ]);
    expect(index.diagnostics).toEqual([
      {
        path: 'legacy/en/summary.json',
        line: null,
        message: 'not read: trajectory-lens.json forces gaia2-cli here ("formats": {"legacy": "gaia2-cli"}), and gaia2-cli runs are folders, not single files',
        severity: 'warning',
      },
    ]);
  });

  it('reads a PolyWorkBench run folder holding only result.json, and names a loose transcript', async () => {
    const files = {
      'pw/output/openclaw/LOC-07_de_product_manual/gpt-5_20250612_1002_aaaaaa/result.json': await polyworkResult(),
      'pw/chat.jsonl': '{"role": "user", "content": "Hallo"}\n',
    };
    const index = await buildIndex(await tree(files, { pw: 'polywork' }));
    expect(index.runs.map((r) => [r.format, r.scenarioId, r.setting])).toEqual([['polywork', 'LOC-07_de_product_manual', 'openclaw']]);
    expect(index.runs[0]?.outcome).not.toBe('unknown');
    expect(index.diagnostics.map((d) => [d.path, d.message])).toEqual([
      ['pw/chat.jsonl', 'not read: trajectory-lens.json forces polywork here ("formats": {"pw": "polywork"}), and polywork runs are folders, not single files'],
    ]);
  });
});
