import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { compareRegressions } from '../../../src/core/analysis/regressions';
import type { Regression } from '../../../src/core/analysis/regressionTypes';
import { readers } from '../../../src/core/formats/registry';
import { buildCli, cli, FIXTURES, REPO } from './cliProcess';

const CORPUS = join(FIXTURES, 'agent-lang-run');
const RUN_KEYS = [
  'id', 'path', 'format', 'group', 'scenarioId', 'language', 'languageLabel', 'runIndex', 'outcome', 'capability', 'failureFamily',
  'setting', 'agent',
];

beforeAll(buildCli, 60_000);
// Each case starts a Node process; the machine may be busy.
vi.setConfig({ testTimeout: 30_000 });

describe('trajectory-lens index', () => {
  it('prints runs and diagnostics with exactly the documented keys, in order', async () => {
    const { code, stdout, stderr } = await cli('index', CORPUS, '--json');
    expect(code).toBe(0);
    expect(stderr).toBe('');
    const output = JSON.parse(stdout) as { runs: Record<string, unknown>[]; diagnostics: Record<string, unknown>[] };
    expect(Object.keys(output)).toEqual(['runs', 'diagnostics']);
    expect(output.runs).toHaveLength(26);
    for (const run of output.runs) expect(Object.keys(run)).toEqual(RUN_KEYS);
    for (const diagnostic of output.diagnostics) expect(Object.keys(diagnostic)).toEqual(['path', 'line', 'message']);
    expect(output.runs.find((r) => r.id === 'gpt-4o/zh-CN/run_2/execution/scenario_a')).toEqual({
      id: 'gpt-4o/zh-CN/run_2/execution/scenario_a',
      path: 'gpt-4o/zh-CN/run_2/execution/scenario_a',
      format: 'gaia2-cli',
      group: 'gpt-4o/execution/scenario_a',
      scenarioId: 'scenario_a',
      language: 'cmn',
      languageLabel: 'zh-CN',
      runIndex: 2,
      outcome: 'fail',
      capability: 'execution',
      failureFamily: 'tool_count',
      setting: null,
      agent: 'gpt-4o',
    });
    expect(output.runs.find((r) => r.id === 'gpt-4o/en/run_1/execution/scenario_a')).toMatchObject({
      outcome: 'pass',
      failureFamily: null,
    });
    expect(output.diagnostics).toContainEqual({
      path: 'notes.json',
      line: null,
      message: `unrecognised: a JSON object with keys "owner", "comment", not part of a run of any known format (${readers.map((r) => r.format).join(', ')}); ignored`,
    });
  });

  it('gives the same ids, in the same order, on every invocation', async () => {
    const ids = async (): Promise<unknown[]> =>
      (JSON.parse((await cli('index', CORPUS, '--json')).stdout) as { runs: { id: string }[] }).runs.map((r) => r.id);
    const first = await ids();
    expect(new Set(first).size).toBe(first.length);
    expect(await ids()).toEqual(first);
  });

  it('prints the same index with --jobs 2 and refuses a --jobs that is not a positive whole number', async () => {
    const alone = await cli('index', CORPUS, '--json', '--no-cache');
    expect((await cli('index', CORPUS, '--json', '--no-cache', '--jobs', '2')).stdout).toBe(alone.stdout);
    for (const bad of ['0', '1.5', 'many']) {
      const refused = await cli('index', CORPUS, '--jobs', bad);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain(`--jobs must be a whole number of at least 1, not "${bad}"`);
    }
  });

  it('with --check also reports problems in files indexing does not read', async () => {
    const plain = JSON.parse((await cli('index', CORPUS, '--json')).stdout) as { diagnostics: { path: string }[] };
    const { code, stdout } = await cli('index', CORPUS, '--json', '--check');
    expect(code).toBe(0);
    const checked = JSON.parse(stdout) as { diagnostics: { path: string; line: number | null; message: string }[] };
    expect(plain.diagnostics.map((d) => d.path)).not.toContain('gpt-4o/ja/run_2/execution/scenario_a/events.jsonl');
    expect(checked.diagnostics).toContainEqual({
      path: 'gpt-4o/ja/run_2/execution/scenario_a/events.jsonl',
      line: 5,
      message: expect.stringMatching(/^line 5 is truncated/),
    });
    for (const diagnostic of plain.diagnostics) expect(checked.diagnostics).toContainEqual(diagnostic);
  });

  it('prints an aligned table without --json', async () => {
    const { code, stdout } = await cli('index', CORPUS);
    expect(code).toBe(0);
    const lines = stdout.split('\n');
    expect(lines[0]).toMatch(/^ID\s+LANGUAGE\s+RUN\s+OUTCOME\s+CAPABILITY\s+FAILURE$/);
    const row = lines.find((l) => l.startsWith('gpt-4o/ja/run_1/execution/scenario_a'));
    expect(row).toMatch(/^gpt-4o\/ja\/run_1\/execution\/scenario_a\s+jpn \(ja\)\s+1\s+fail\s+execution\s+soft_check:email_checker$/);
    expect(lines[0]?.indexOf('LANGUAGE')).toBe(row?.indexOf('jpn (ja)'));
    expect(stdout).toContain('26 runs in 4 groups · 3 languages (cmn, eng, jpn) · 13 pass · 11 fail · 2 infra · 2 diagnostics');
  });
});

describe('trajectory-lens show', () => {
  it('prints one run in the canonical model with the documented keys', async () => {
    const { code, stdout } = await cli('show', CORPUS, '--id', 'gpt-4o/ja/run_1/execution/scenario_a', '--json');
    expect(code).toBe(0);
    const shown = JSON.parse(stdout) as Record<string, unknown> & { steps: Record<string, unknown>[]; run: Record<string, unknown> };
    expect(Object.keys(shown)).toEqual(['run', 'task', 'steps', 'finalAnswer', 'oracle', 'checks', 'judge']);
    expect(Object.keys(shown.run)).toEqual(RUN_KEYS);
    expect(shown.run).toMatchObject({ language: 'jpn', languageLabel: 'ja', outcome: 'fail', failureFamily: 'soft_check:email_checker' });
    expect(shown.task).toBe('張偉さんとの会議を金曜日の午後3時に移動し、新しい時間をメールで伝えてください。');
    for (const step of shown.steps) {
      expect(Object.keys(step)).toEqual(
        step.kind === 'message'
          ? ['kind', 'role', 'text', 'reasoning']
          : ['kind', 'tool', 'args', 'result', 'error', 'write', 'requestor'],
      );
    }
    expect(shown.steps).toContainEqual({
      kind: 'tool_call',
      tool: 'Contacts__search_contacts',
      args: { query: 'Zhang Wei' },
      result: [{ first_name: 'Wei', last_name: 'Zhang', email: 'zhang.wei@example.com' }],
      error: null,
      write: false,
      requestor: 'assistant',
    });
    expect(shown.finalAnswer).toBe('Done.');
    expect(shown.oracle).toEqual([expect.objectContaining({ id: 'oracle_3', tool: 'EmailClientV2__send_email' })]);
    expect(shown.judge).toContainEqual(expect.objectContaining({ oracleId: 'oracle_3', matched: false, llm: true }));
  });

  it('prints a readable document without --json', async () => {
    const { code, stdout } = await cli('show', CORPUS, '--id', 'gpt-4o/ja/run_1/execution/scenario_a');
    expect(code).toBe(0);
    expect(stdout).toContain('張偉さんとの会議を金曜日の午後3時に移動し');
    expect(stdout).toContain('soft_check:email_checker');
  });

  it('rejects an unknown id or a missing --id with exit code 2', async () => {
    const unknown = await cli('show', CORPUS, '--id', 'nope', '--json');
    expect(unknown.code).toBe(2);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toContain('no run with id "nope"');
    const missing = await cli('show', CORPUS);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('missing --id');
  });
});

describe('trajectory-lens regressions', () => {
  it('prints the worklist with exactly the documented keys', async () => {
    const { code, stdout } = await cli('regressions', CORPUS, '--json');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual([
      {
        group: 'gpt-4o/execution/scenario_a',
        scenarioId: 'scenario_a',
        language: 'jpn',
        baseline: { passes: 3, runs: 3 },
        target: { passes: 0, runs: 3 },
        stratum: 'deterministic',
        cell: 'pass->fail',
        failureFamily: 'soft_check:email_checker',
      },
      {
        group: 'gpt-4o/search/scenario_b',
        scenarioId: 'scenario_b',
        language: 'jpn',
        baseline: { passes: 2, runs: 3 },
        target: { passes: 0, runs: 2 },
        stratum: 'deterministic',
        cell: 'partial->fail',
        failureFamily: 'hard_check:eq_checker',
      },
      {
        group: 'gpt-4o/execution/scenario_a',
        scenarioId: 'scenario_a',
        language: 'cmn',
        baseline: { passes: 3, runs: 3 },
        target: { passes: 2, runs: 3 },
        stratum: 'stochastic',
        cell: 'pass->partial',
        failureFamily: 'tool_count',
      },
    ]);
    for (const regression of JSON.parse(stdout) as Record<string, unknown>[]) {
      expect(Object.keys(regression)).toEqual([
        'group', 'scenarioId', 'language', 'baseline', 'target', 'stratum', 'cell', 'failureFamily',
      ]);
    }
  });

  it('prints the ground-truth worklist of examples/gaia2-multilingual', async () => {
    const example = join(REPO, 'examples/gaia2-multilingual');
    const truth = JSON.parse(readFileSync(join(example, 'ground-truth.json'), 'utf8')) as { expectedRegressions: Regression[] };
    const { code, stdout } = await cli('regressions', example, '--json');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual([...truth.expectedRegressions].sort(compareRegressions));
  });

  it('takes another baseline with --baseline, in any common form', async () => {
    const { code, stdout } = await cli('regressions', CORPUS, '--baseline', 'zh-CN', '--json');
    expect(code).toBe(0);
    const worklist = JSON.parse(stdout) as { group: string; language: string; cell: string }[];
    expect(worklist.map((r) => `${r.group} ${r.language} ${r.cell}`)).toEqual([
      'gpt-4o/execution/scenario_a jpn partial->fail',
      'gpt-4o/search/scenario_b jpn pass->fail',
      'gpt-4o/search/scenario_b eng pass->partial',
    ]);
  });

  it('uses the baseline named in trajectory-lens.json and prints a table', async () => {
    const { code, stdout } = await cli('regressions', join(FIXTURES, 'configured'));
    expect(code).toBe(0);
    expect(stdout).toMatch(/^STRATUM\s+CELL\s+GROUP\s+LANGUAGE\s+ENG\s+TARGET\s+FAILURE\n/);
    expect(stdout).toMatch(/stochastic\s+pass->partial\s+execution\/scenario_a\s+jpn\s+2\/2\s+1\/2\s+tool_count/);
    expect(stdout).toContain('1 regression against eng in 1 group (0 deterministic, 1 stochastic)');
  });

  it('says so when no run is in the baseline language', async () => {
    const { code, stdout, stderr } = await cli('regressions', join(FIXTURES, 'no-language'), '--json');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual([]);
    expect(stderr).toContain('no run is in the baseline language eng; languages found: und');
  });
});

describe('trajectory-lens compare', () => {
  const example = join(REPO, 'examples/gaia2-multilingual');
  const sideKeys = ['path', 'language', 'runIndex', 'outcome', 'failureFamily', 'setting'];

  it('aligns the script-variant scenario: the baseline write has no target counterpart and its oracle event fails', async () => {
    const group = 'agent-a/execution/scn_email_budget';
    const { code, stdout } = await cli('compare', example, '--group', group, '--language', 'jpn', '--json');
    expect(code).toBe(0);
    const out = JSON.parse(stdout) as {
      baseline: Record<string, unknown>;
      target: Record<string, unknown>;
      rows: { kind: string; baseline: { step: number; tool: string | null; write: boolean } | null; target: unknown; argDiff: unknown[] }[];
      oracle: { id: string; tool: string; baseline: Record<string, unknown>; target: Record<string, unknown> }[];
      firstDivergence: unknown;
    };
    expect(Object.keys(out)).toEqual(['baseline', 'target', 'rows', 'oracle', 'firstDivergence']);
    expect(Object.keys(out.baseline)).toEqual(sideKeys);
    expect(Object.keys(out.target)).toEqual(sideKeys);
    // Defaults: the first passing baseline run against the first failing target run.
    expect(out.baseline).toMatchObject({ language: 'eng', runIndex: 1, outcome: 'pass', failureFamily: null });
    expect(out.target).toMatchObject({ language: 'jpn', outcome: 'fail', failureFamily: 'tool_count' });
    for (const row of out.rows) expect(Object.keys(row)).toEqual(['kind', 'baseline', 'target', 'argDiff']);

    const missingWrite = out.rows.find((r) => r.kind === 'baseline-only' && r.baseline?.tool === 'EmailClientV2__send_email');
    expect(missingWrite?.baseline?.write).toBe(true);
    const search = out.rows.find((r) => r.kind === 'changed' && r.baseline?.tool === 'Contacts__search_contacts');
    expect(search?.argDiff).toContainEqual({ path: 'query', baseline: 'Zhang Wei', target: '張偉', equivalent: false, normalForm: null });

    const send = out.oracle.find((o) => o.tool === 'EmailClientV2__send_email');
    expect(Object.keys(send?.baseline ?? {})).toEqual(['matched', 'step', 'check', 'rationale']);
    expect(send?.baseline).toMatchObject({ matched: true, step: missingWrite?.baseline?.step });
    expect(send?.target).toMatchObject({ matched: false, step: null, check: 'tool_count' });
    expect(String(send?.target.rationale)).toMatch(/^Tool count mismatch/);

    // The search for the name in Japanese script finds nobody where the English one found the contact.
    expect(out.firstDivergence).toEqual({
      row: 1,
      kind: 'different-arguments',
      tool: 'Contacts__search_contacts',
      argument: 'query',
      baselineStep: search?.baseline?.step,
      targetStep: 1,
      summary: 'First divergence: row 1 — different arguments of read Contacts.search_contacts: query "Zhang Wei" → "張偉"; the result differs',
    });
  });

  it('takes explicit runs and rejects a run that does not exist', async () => {
    const group = 'agent-a/execution/scn_email_budget';
    const ok = await cli('compare', example, '--group', group, '--language', 'hin', '--baseline-run', '2', '--target-run', '3', '--json');
    expect(ok.code).toBe(0);
    const out = JSON.parse(ok.stdout) as { baseline: { runIndex: number }; target: { runIndex: number; language: string } };
    expect([out.baseline.runIndex, out.target.runIndex, out.target.language]).toEqual([2, 3, 'hin']);
    const missing = await cli('compare', example, '--group', group, '--language', 'hin', '--target-run', '9', '--json');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/9/);
  });
});

describe('usage', () => {
  it('exits 2 with a clear message for bad usage or an unreadable directory', async () => {
    const cases: [string[], RegExp][] = [
      [[], /Usage: trajectory-lens <command>/],
      [['frobnicate'], /unknown command "frobnicate"/],
      [['index'], /missing <dir>/],
      [['index', join(FIXTURES, 'no-such-dir')], /cannot read directory .*no-such-dir: it does not exist/],
      [['index', join(CORPUS, 'README.md')], /not a directory/],
      [['index', CORPUS, '--jsn'], /Unknown option '--jsn'/],
      [['index', CORPUS, 'extra'], /unexpected argument: extra/],
      [['regressions', CORPUS, '--baseline', 'elvish'], /--baseline elvish: not a language code/],
    ];
    const results = await Promise.all(cases.map(([args]) => cli(...args)));
    cases.forEach(([args, message], i) => {
      expect(results[i]?.code, args.join(' ')).toBe(2);
      expect(results[i]?.stdout, args.join(' ')).toBe('');
      expect(results[i]?.stderr, args.join(' ')).toMatch(message);
    });
  });

  it('prints help per command with exit code 0', async () => {
    const general = await cli('--help');
    expect(general.code).toBe(0);
    for (const name of ['index', 'show', 'regressions']) expect(general.stdout).toContain(`  ${name}`);
    const index = await cli('index', '--help');
    expect(index.code).toBe(0);
    expect(index.stdout).toContain('Usage: trajectory-lens index <dir> [options]');
    expect(index.stdout).toMatch(/--check\s+also read every file/);
    const regressions = await cli('regressions', '-h');
    expect(regressions.stdout).toMatch(/--baseline <code>/);
  });
});
