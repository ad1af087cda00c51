import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildIndex } from '../../../src/core/index/buildIndex';
import { readers } from '../../../src/core/formats/registry';
import { NodeFileSource } from '../../../src/core/nodeFileSource';
import type { RunSummary } from '../../../src/core/model';
import { tempTrees, verdictTxtReader } from './tempTree';

const KNOWN_FORMATS = readers.map((r) => r.format).join(', ');

const FIXTURES = join(__dirname, '../../fixtures/index');
const EXAMPLES = join(__dirname, '../../../examples');

function fixture(name: string): NodeFileSource {
  return new NodeFileSource(join(FIXTURES, name));
}

function table(runs: readonly RunSummary[]): string[] {
  return runs.map((r) => `${r.group} ${r.language} ${r.runIndex} ${r.outcome} ${r.failureFamily ?? '-'}`);
}

const tree = tempTrees();

describe('buildIndex on gaia2-cli corpora', () => {
  it('indexes <agent>/<lang>/run_<n>/<split>/<scenario_id>/ with every outcome and the stray files reported', async () => {
    const index = await buildIndex(fixture('agent-lang-run'));
    expect(index.runs).toHaveLength(26);
    expect(table(index.runs.filter((r) => r.group === 'gpt-4o/search/scenario_b'))).toEqual([
      'gpt-4o/search/scenario_b cmn 1 pass -',
      'gpt-4o/search/scenario_b cmn 2 pass -',
      'gpt-4o/search/scenario_b cmn 3 infra infra',
      'gpt-4o/search/scenario_b eng 1 pass -',
      'gpt-4o/search/scenario_b eng 2 fail no_candidates',
      'gpt-4o/search/scenario_b eng 3 pass -',
      'gpt-4o/search/scenario_b jpn 1 infra infra',
      'gpt-4o/search/scenario_b jpn 2 fail hard_check:eq_checker',
      'gpt-4o/search/scenario_b jpn 3 fail no_candidates',
    ]);
    expect(new Set(index.runs.map((r) => r.group))).toEqual(
      new Set(['gpt-4o/execution/scenario_a', 'gpt-4o/search/scenario_b', 'qwen3/execution/scenario_a', 'qwen3/search/scenario_b']),
    );
    expect(index.runs.find((r) => r.languageLabel === 'zh-CN')).toMatchObject({ language: 'cmn', capability: 'execution' });
    // README.md beside the runs is documentation, not a problem.
    expect(index.diagnostics.map((d) => [d.path, d.line, d.message])).toEqual([
      ['gpt-4o/zh-CN/run_3/search/scenario_b/result.json', 6, expect.stringMatching(/^invalid JSON/)],
      ['notes.json', null, `unrecognised: a JSON object with keys "owner", "comment", not part of a run of any known format (${KNOWN_FORMATS}); ignored`],
    ]);
  });

  it('indexes <lang>/<agent>/run-<n>/… with 639-3 and BCP 47 folder names', async () => {
    const index = await buildIndex(fixture('lang-agent-run'));
    expect(table(index.runs)).toEqual([
      'claude/execution/scenario_a eng 1 pass -',
      'claude/execution/scenario_a eng 2 pass -',
      'claude/execution/scenario_a jpn 1 fail soft_check:email_checker',
      'claude/execution/scenario_a jpn 2 pass -',
      'claude/execution/scenario_a por 1 fail soft_check:email_checker',
      'claude/execution/scenario_a por 2 fail soft_check:email_checker',
    ]);
    expect(index.diagnostics).toEqual([]);
  });

  it('lists runs of a layout without languages as und, ignoring the runner files beside them', async () => {
    const index = await buildIndex(fixture('no-language'));
    expect(table(index.runs)).toEqual([
      'out/execution/scenario_a und 1 pass -',
      'out/execution/scenario_a und 2 pass -',
      'out/search/scenario_b und 1 fail no_candidates',
      'out/search/scenario_b und 2 fail no_candidates',
    ]);
    expect(index.diagnostics).toEqual([]);
  });

  it('follows trajectory-lens.json: language map, run pattern, exclusions and baseline', async () => {
    const index = await buildIndex(fixture('configured'));
    expect(index.baseline).toBe('eng');
    expect(index.runs.map((r) => `${r.id} ${r.language} ${r.languageLabel} ${r.runIndex} ${r.group}`)).toEqual([
      'english/attempt-1/execution/scenario_a eng english 1 execution/scenario_a',
      'english/attempt-2/execution/scenario_a eng english 2 execution/scenario_a',
      'japanese/attempt-1/execution/scenario_a jpn japanese 1 execution/scenario_a',
      'japanese/attempt-2/execution/scenario_a jpn japanese 2 execution/scenario_a',
    ]);
    expect(index.diagnostics).toEqual([]);
  });
});

describe('buildIndex walking', () => {
  it('reports 3,000 unrelated files in a folder as one diagnostic', async () => {
    const files: Record<string, string> = { 'en/scn_1/verdict.txt': 'pass' };
    for (let i = 0; i < 3000; i++) files[`en/dump/frame_${String(i).padStart(4, '0')}.png`] = 'x';
    const fs = await tree(files);
    const index = await buildIndex(fs, { readers: [verdictTxtReader] });
    expect(index.runs).toHaveLength(1);
    expect(index.diagnostics).toEqual([
      {
        path: 'en/dump',
        line: null,
        message: '3000 files here are not part of any run and ignored: frame_0000.png, frame_0001.png, frame_0002.png, …',
        severity: 'warning',
      },
    ]);
  });

  it('takes term tables for what they are, at the root and in language folders, not for stray files', async () => {
    const files: Record<string, string> = {
      'en/scn_1/verdict.txt': 'pass',
      'terms.csv': 'source,translation,language\nZhang Wei,张伟,zh\n',
      'zh/terms.json': '[{"source":"Zhang Wei","translation":"张伟"}]',
      'zh/notes.bin': 'x',
    };
    const index = await buildIndex(await tree(files), { readers: [verdictTxtReader] });
    expect(index.diagnostics.map((d) => `${d.path}: ${d.message}`)).toEqual(['zh: 1 file here is not part of any run and ignored: notes.bin']);
  });

  it('reports stray JSON files one by one, up to a limit per folder', async () => {
    const files: Record<string, string> = { 'ja/scn_1/verdict.txt': 'fail', 'stray.json': '{"a":1}' };
    for (let i = 0; i < 25; i++) files[`exports/part_${String(i).padStart(2, '0')}.jsonl`] = '{}\n';
    const index = await buildIndex(await tree(files), { readers: [verdictTxtReader] });
    const messages = index.diagnostics.map((d) => `${d.path}: ${d.message}`);
    expect(messages).toHaveLength(22);
    expect(messages[0]).toBe('exports: 5 more unrecognised JSON files in this folder are not listed');
    const unrecognised = `not part of a run of any known format (${verdictTxtReader.format}); ignored`;
    expect(messages[1]).toBe(`exports/part_00.jsonl: unrecognised: its first line is an empty JSON object, ${unrecognised}`);
    expect(messages[21]).toBe(`stray.json: unrecognised: a JSON object with keys "a", ${unrecognised}`);
    expect(index.runs.map((r) => r.id)).toEqual(['ja/scn_1']);
  });

  it('skips hidden folders, node_modules and .trajectory-lens, and does not descend into runs', async () => {
    const fs = await tree({
      'en/scn_1/verdict.txt': 'pass',
      'en/scn_1/nested/scn_9/verdict.txt': 'pass',
      'en/scn_1/nested/unrelated.json': '{}',
      '.cache/ja/scn_1/verdict.txt': 'pass',
      'node_modules/pkg/ja/scn_1/verdict.txt': 'pass',
      'en/README.md': '# notes',
      'LICENSE': 'MIT',
      '.trajectory-lens/labels.jsonl': '{}\n',
      'en/notes.yaml': 'auxiliary',
      '.DS_Store': 'x',
    });
    const index = await buildIndex(fs, { readers: [verdictTxtReader] });
    expect(index.runs.map((r) => r.id)).toEqual(['en/scn_1']);
    expect(index.diagnostics).toEqual([]);
  });

  it('reports a bad trajectory-lens.json and applies what is valid in it', async () => {
    const fs = await tree({
      'trajectory-lens.json': JSON.stringify({
        baseline: 'elvish',
        languages: { map: { japanese: 'jpn', martian: 42 } },
        runPattern: '^attempt$',
        exclude: ['old/**', 7],
        formats: { legacy: 'tau3' },
        colour: 'blue',
      }),
      'japanese/scn_1/verdict.txt': 'pass',
      'old/english/scn_1/verdict.txt': 'pass',
    });
    const index = await buildIndex(fs, { readers: [verdictTxtReader] });
    expect(index.runs.map((r) => [r.id, r.language])).toEqual([['japanese/scn_1', 'jpn']]);
    expect(index.baseline).toBeUndefined();
    expect(index.diagnostics.map((d) => `${d.severity}: ${d.message}`)).toEqual([
      'error: "baseline" must be a language code such as "eng" or "en"; got "elvish"',
      'error: "exclude" entries must be non-empty strings; got 7',
      'error: "formats.legacy": unknown format "tau3" (known: canonical)',
      'error: "languages.map.martian" must be a language code; got 42',
      'error: "runPattern" needs a capture group for the run number, e.g. "^seed(\\\\d+)$"',
      'warning: unknown key "colour" ignored (known: baseline, languages, runPattern, groupBy, exclude, formats, tau2Domains, polywork, settings, review)',
    ]);
    expect(index.diagnostics.every((d) => d.path === 'trajectory-lens.json')).toBe(true);
  });

  it('reports an unparsable trajectory-lens.json at its line and indexes with defaults', async () => {
    const fs = await tree({ 'trajectory-lens.json': '{\n  "baseline": "jpn",\n  oops\n}', 'en/scn_1/verdict.txt': 'pass' });
    const index = await buildIndex(fs, { readers: [verdictTxtReader] });
    expect(index.runs.map((r) => r.language)).toEqual(['eng']);
    expect(index.diagnostics).toMatchObject([
      { path: 'trajectory-lens.json', line: 3, message: expect.stringMatching(/^invalid JSON: .*; defaults used$/) },
    ]);
  });

  it('looks only for the configured format in a subtree', async () => {
    const fs = await tree({
      'trajectory-lens.json': JSON.stringify({ formats: { legacy: 'gaia2-cli' } }),
      'legacy/en/scn_1/verdict.txt': 'pass',
      'current/en/scn_1/verdict.txt': 'pass',
    });
    const gaia2Named = { ...verdictTxtReader, format: 'gaia2-cli' as const, claimsDirectory: () => false };
    const index = await buildIndex(fs, { readers: [verdictTxtReader, gaia2Named] });
    expect(index.runs.map((r) => r.id)).toEqual(['current/en/scn_1']);
  });

  it('turns a reader that throws into a diagnostic and keeps the other runs', async () => {
    const fs = await tree({ 'en/scn_1/verdict.txt': 'pass', 'en/scn_2/verdict.txt': 'boom' });
    const fragile = {
      ...verdictTxtReader,
      indexDirectory: (source: NodeFileSource, dir: string, entries: Parameters<typeof verdictTxtReader.indexDirectory>[2]) =>
        dir.endsWith('scn_2') ? Promise.reject(new Error('disk on fire')) : verdictTxtReader.indexDirectory(source, dir, entries),
    };
    const index = await buildIndex(fs, { readers: [fragile] });
    expect(index.runs.map((r) => r.id)).toEqual(['en/scn_1']);
    expect(index.diagnostics).toEqual([
      { path: 'en/scn_2', line: null, message: 'canonical reader failed: disk on fire', severity: 'error' },
    ]);
  });

  it('reports a folder it cannot list and indexes the rest, listing at once or in promises', async () => {
    const fs = await tree({ 'en/scn_1/verdict.txt': 'pass', 'ja/scn_1/verdict.txt': 'fail' });
    const denied = new Error("EACCES: permission denied, scandir 'ja'");
    const atOnce = Object.create(fs) as NodeFileSource;
    atOnce.listSync = (path: string) => {
      if (path === 'ja') throw denied;
      return fs.listSync(path);
    };
    const inPromises = Object.create(fs) as NodeFileSource;
    inPromises.list = (path: string) => (path === 'ja' ? Promise.reject(denied) : fs.list(path));
    Object.assign(inPromises, { listSync: undefined });
    for (const locked of [atOnce, inPromises]) {
      const index = await buildIndex(locked, { readers: [verdictTxtReader] });
      expect(index.runs.map((r) => r.id)).toEqual(['en/scn_1']);
      expect(index.diagnostics).toEqual([
        { path: 'ja', line: null, message: "cannot list folder: EACCES: permission denied, scandir 'ja'", severity: 'error' },
      ]);
    }
  });

  it('finds in every example directory what a source without synchronous calls finds', async () => {
    for (const example of readdirSync(EXAMPLES)) {
      const atOnce = new NodeFileSource(join(EXAMPLES, example));
      const inPromises = new NodeFileSource(join(EXAMPLES, example));
      Object.assign(inPromises, { listSync: undefined, readSync: undefined });
      const index = await buildIndex(atOnce);
      expect(index.runs.length, example).toBeGreaterThan(0);
      expect(index, example).toEqual(await buildIndex(inPromises));
    }
  });

  it('turns a reader that throws at once into a diagnostic and keeps the other runs', async () => {
    const fs = await tree({ 'en/scn_1/verdict.txt': 'pass', 'en/scn_2/verdict.txt': 'boom' });
    const fragile = {
      ...verdictTxtReader,
      indexDirectorySync: (source: NodeFileSource, dir: string) => {
        if (dir.endsWith('scn_2')) throw new Error('disk on fire');
        return null;
      },
    };
    const index = await buildIndex(fs, { readers: [fragile] });
    expect(index.runs.map((r) => r.id)).toEqual(['en/scn_1']);
    expect(index.diagnostics).toEqual([
      { path: 'en/scn_2', line: null, message: 'canonical reader failed: disk on fire', severity: 'error' },
    ]);
  });

  it('throws when the root cannot be read, and stops when aborted', async () => {
    await expect(buildIndex(new NodeFileSource(join(FIXTURES, 'no-such-dir')))).rejects.toThrow(/cannot read directory/);
    const controller = new AbortController();
    controller.abort(new Error('cancelled by the user'));
    await expect(buildIndex(fixture('agent-lang-run'), { signal: controller.signal })).rejects.toThrow('cancelled by the user');
  });

  it('reports progress as runs are found', async () => {
    const seen: number[] = [];
    const index = await buildIndex(fixture('lang-agent-run'), { onProgress: (n) => seen.push(n) });
    expect(seen.at(-1)).toBe(index.runs.length);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  });
});
