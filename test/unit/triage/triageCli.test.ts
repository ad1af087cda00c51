import { appendFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { cliWith, REPO, type CliResult } from '../cli/cliProcess';
import { useExampleCopy } from '../cli/exampleCopy';

// The documented shapes of `label`, `labels`, `triage` and `agreement`, run as a user runs them.

const EXAMPLE = join(REPO, 'examples/gaia2-multilingual');
const YOGA = 'agent-a/execution/scn_yoga_cleanup';
const EMAIL = 'agent-a/execution/scn_email_budget';
const RECORD_KEYS = ['schema', 'id', 'item', 'kind', 'code', 'confidence', 'note', 'annotator', 'at', 'tool', 'verdict', 'side'];

const copy = useExampleCopy('gaia2-multilingual');

beforeAll(async () => {
  await writeFile(join(copy.work, 'gitconfig'), '[user]\n\tname = Test Person\n');
  await writeFile(join(copy.work, 'empty-gitconfig'), '');
});

vi.setConfig({ testTimeout: 60_000 });

function cli(args: string[], options: { gitconfig?: string; input?: string } = {}): Promise<CliResult> {
  // git reads only the configuration named here: the machine's own user name cannot leak into the test.
  const env = { ...process.env, HOME: join(copy.work, 'home'), GIT_CONFIG_GLOBAL: join(copy.work, options.gitconfig ?? 'gitconfig'), GIT_CONFIG_NOSYSTEM: '1' };
  return cliWith({ cwd: copy.work, env, input: options.input ?? '' }, args);
}

describe('trajectory-lens triage', () => {
  it('prints every regression and run without a verdict with its suggested code and evidence', async () => {
    const { code, stdout } = await cli(['triage', EXAMPLE, '--json']);
    expect(code).toBe(0);
    const items = JSON.parse(stdout) as Array<{ group: string; language: string; run: number | null; suggested: { code: string; evidence: string[] } }>;
    expect(items).toHaveLength(12);
    for (const item of items) {
      expect(Object.keys(item)).toEqual(['group', 'language', 'run', 'suggested']);
      expect(Object.keys(item.suggested)).toEqual(['code', 'evidence']);
      expect(item.suggested.evidence.length).toBeGreaterThan(0);
    }
    const codes = items.map((i) => `${i.group} ${i.language} ${i.run ?? '-'} ${i.suggested.code}`);
    expect(codes).toContain(`${EMAIL} jpn - T4`);
    expect(codes).toContain('agent-a/execution/scn_viewing_reply spa - K1');
    expect(codes).toContain('agent-a/ambiguity/scn_coffee_reorder cmn 2 I1');
  });

  it('uses translation problems handed to it, and reports entries it cannot use', async () => {
    const problems = join(copy.work, 'problems.json');
    await writeFile(
      problems,
      JSON.stringify([
        { scenarioId: 'scn_yoga_cleanup', language: 'ja', code: 'T3', message: 'plural reading', source: 'the yoga class on Saturday', translation: '土曜日のヨガのクラス' },
        { scenarioId: 'scn_yoga_cleanup', language: 'jpn', code: 'A3', message: 'not a translation code' },
      ]),
    );
    const { code, stdout, stderr } = await cli(['triage', EXAMPLE, '--json', '--translation-problems', problems]);
    expect(code).toBe(0);
    expect(stderr).toContain(`${problems}: entry 2: code is not one of T1, T2, T3, T4; left out`);
    const yoga = (JSON.parse(stdout) as Array<{ group: string; language: string; suggested: { code: string; evidence: string[] } }>).find(
      (i) => i.group === YOGA && i.language === 'jpn',
    );
    expect(yoga?.suggested).toEqual({ code: 'T3', evidence: ['translation problem: plural reading: "the yoga class on Saturday" → "土曜日のヨガのクラス"'] });
  });
});

describe('trajectory-lens label and labels', () => {
  it('appends records and lists every record in file order and the current one per item', async () => {
    const first = await cli(['label', copy.runs, '--group', YOGA, '--language', 'ja', '--code', 'a3', '--confidence', 'low', '--note', 'deleted both']);
    expect(first).toMatchObject({ code: 0, stderr: '' });
    expect(first.stdout).toBe(`Labelled ${YOGA} jpn as A3 (extra action) by Test Person; saved to ${join(copy.runs, '.trajectory-lens/labels.jsonl')}\n`);
    const second = await cli(['label', copy.runs, '--group', YOGA, '--language', 'jpn', '--code', 'T3', '--annotator', 'Ana', '--json', '--note-file', '-'], {
      input: 'Japanese has no article:\nthe translation admits a plural reading.',
    });
    expect(second.code).toBe(0);
    const saved = JSON.parse(second.stdout) as Record<string, unknown>;
    expect(Object.keys(saved)).toEqual(RECORD_KEYS);
    expect(saved).toMatchObject({
      schema: 1, item: { group: YOGA, language: 'jpn', run: null }, kind: 'label', code: 'T3', confidence: null,
      note: 'Japanese has no article:\nthe translation admits a plural reading.', annotator: 'Ana', verdict: null, side: null,
      tool: expect.stringMatching(/^trajectory-lens \d+\.\d+\.\d+/),
    });
    const third = await cli(['label', copy.runs, '--group', 'agent-a/execution/scn_offsite_planning', '--language', 'fra', '--run', '2', '--code', 'I2', '--annotator', 'Ana']);
    expect(third.code).toBe(0);

    const listed = await cli(['labels', copy.runs, '--json']);
    expect(listed).toMatchObject({ code: 0, stderr: '' });
    const { records, current } = JSON.parse(listed.stdout) as { records: Array<Record<string, unknown>>; current: Array<Record<string, unknown>> };
    expect(Object.keys(JSON.parse(listed.stdout) as object)).toEqual(['records', 'current']);
    // Printed record by record as the file is read, yet laid out as every other command's JSON.
    expect(listed.stdout).toBe(`${JSON.stringify({ records, current }, null, 2)}\n`);
    expect(records.map((r) => [r.code, r.annotator])).toEqual([['A3', 'Test Person'], ['T3', 'Ana'], ['I2', 'Ana']]);
    for (const r of records) expect(Object.keys(r)).toEqual(RECORD_KEYS);
    expect(current.map((r) => [r.item, r.code])).toEqual([
      [{ group: 'agent-a/execution/scn_offsite_planning', language: 'fra', run: 2 }, 'I2'],
      [{ group: YOGA, language: 'jpn', run: null }, 'T3'],
    ]);
  });

  it('reports a line cut off by a crash on stderr and still lists every complete record', async () => {
    const before = JSON.parse((await cli(['labels', copy.runs, '--json'])).stdout) as { records: unknown[] };
    await appendFile(join(copy.runs, '.trajectory-lens/labels.jsonl'), '{"schema":1,"id":"cut');
    const { code, stdout, stderr } = await cli(['labels', copy.runs, '--json']);
    expect(code).toBe(0);
    expect((JSON.parse(stdout) as { records: unknown[] }).records).toEqual(before.records);
    expect(stderr).toMatch(/\.trajectory-lens\/labels\.jsonl:\d+\s+warning\s+incomplete last line: a write was cut off/);
    // The next label starts on a new line and is read back whole.
    expect((await cli(['label', copy.runs, '--group', EMAIL, '--language', 'cmn', '--code', 'T4', '--annotator', 'Ana'])).code).toBe(0);
    const after = JSON.parse((await cli(['labels', copy.runs, '--json'])).stdout) as { records: Array<{ code: string }> };
    expect(after.records.map((r) => r.code)).toEqual([...before.records.map((r) => (r as { code: string }).code), 'T4']);
  });

  it('refuses labels that would be wrong, naming what is valid, and saves nothing', async () => {
    const file = join(copy.runs, '.trajectory-lens/labels.jsonl');
    const before = await readFile(file, 'utf8');
    const badCode = await cli(['label', copy.runs, '--group', YOGA, '--language', 'jpn', '--code', 'X1', '--annotator', 'Ana']);
    expect(badCode.code).toBe(2);
    expect(badCode.stderr).toContain('--code X1: not a triage code; codes: I1, I2, T1, T2, T3, T4, K1, K2, K3, A1, A2, A3, A4, A5, A6, A7, E1');
    const badGroup = await cli(['label', copy.runs, '--group', 'agent-a/nope', '--language', 'jpn', '--code', 'A1', '--annotator', 'Ana']);
    expect(badGroup.stderr).toContain('no group "agent-a/nope"');
    const badRun = await cli(['label', copy.runs, '--group', YOGA, '--language', 'jpn', '--run', '7', '--code', 'A1', '--annotator', 'Ana']);
    expect(badRun.stderr).toContain('--run 7: no such jpn run; runs: 1, 2, 3');
    const nobody = await cli(['label', copy.runs, '--group', YOGA, '--language', 'jpn', '--code', 'A1'], { gitconfig: 'empty-gitconfig' });
    expect(nobody.code).toBe(2);
    expect(nobody.stderr).toContain('no annotator: pass --annotator <name> or set git’s user.name');
    expect(await readFile(file, 'utf8')).toBe(before);
  });
});

describe('trajectory-lens agreement', () => {
  it('prints the report as JSON, CSV or JSON lines', async () => {
    await cli(['label', copy.runs, '--group', EMAIL, '--language', 'jpn', '--code', 'T4', '--annotator', 'Bo']);
    await cli(['label', copy.runs, '--group', EMAIL, '--language', 'cmn', '--code', 'A2', '--annotator', 'Bo']);
    const json = await cli(['agreement', copy.runs, '--json', '--replicates', '100']);
    expect(json.code).toBe(0);
    const report = JSON.parse(json.stdout) as {
      annotators: string[];
      pairs: Array<{ a: string; b: string | null; code: { n: number; agreed: number } }>;
      decomposition: { regressions: number; labelled: number; bootstrap: { replicates: number } };
    };
    expect(Object.keys(report)).toEqual(['annotators', 'pairs', 'reviews', 'decomposition']);
    expect(report.annotators).toEqual(['Ana', 'Bo', 'Test Person']);
    // Ana and Bo both labelled scn_email_budget in cmn, both T4 then A2: the latest of each disagree.
    expect(report.pairs.find((p) => p.a === 'Ana' && p.b === 'Bo')?.code).toMatchObject({ n: 1, agreed: 0 });
    // Against the prior: Ana's T3 (yoga, prior A3), I2 (offsite run 2, prior I2), T4 (email cmn, prior T4).
    expect(report.pairs.find((p) => p.a === 'Ana' && p.b === null)?.code).toMatchObject({ n: 3, agreed: 2 });
    expect(report.decomposition).toMatchObject({ regressions: 9, labelled: 3, bootstrap: { replicates: 100 } });

    const csv = await cli(['agreement', copy.runs, '--csv', '--replicates', '100']);
    expect(csv.stdout.split('\n')[0]).toBe('section,a,b,level,subset,n,agreed,estimate,low,high,kappa');
    const jsonl = await cli(['agreement', copy.runs, '--jsonl', '--replicates', '100']);
    const rows = jsonl.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as { section: string });
    expect(rows.length).toBe(csv.stdout.trimEnd().split('\n').length - 1);
    expect(new Set(rows.map((r) => r.section))).toEqual(new Set(['agreement', 'review', 'share']));

    const both = await cli(['agreement', copy.runs, '--csv', '--json']);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('choose one of --json, --csv');
  });
});
