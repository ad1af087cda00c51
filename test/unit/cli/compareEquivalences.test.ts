// `trajectory-lens compare` on two runs that write the same date and amount in their own languages' forms: the
// argument diffs are flagged equivalent by default, and plain changes with --no-equivalences.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli, cli } from './cliProcess';

let dir: string;

function run(language: string, outcome: string, date: string, amount: string): string[] {
  const id = `pay-${language}-1`;
  const header = { type: 'run', schema: 'trajectory-lens/v1', id, scenarioId: 'pay_deposit', language, runIndex: 1, model: 'm', setting: null, outcome, capability: 'payments', score: outcome === 'pass' ? 1 : 0, task: 'Pay the deposit.' };
  const call = { type: 'tool_call', tool: 'Payments__pay', args: { date, amount }, result: { ok: true }, error: null, write: true, requestor: 'assistant', time: null, callId: 'c1' };
  return [JSON.stringify(header), JSON.stringify(call)];
}

beforeAll(async () => {
  await buildCli();
  dir = await mkdtemp(join(tmpdir(), 'tl-equivalences-'));
  const lines = [...run('eng', 'pass', '2024-10-16', '1,234.50'), ...run('deu', 'fail', '16.10.2024', '1.243,50')];
  await writeFile(join(dir, 'runs.trajectory.jsonl'), `${lines.join('\n')}\n`);
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

interface Out {
  rows: { kind: string; argDiff: { path: string; equivalent: boolean; normalForm: string | null }[] }[];
}

describe('trajectory-lens compare and equivalent forms', () => {
  it('flags a date written in another form as equivalent, and a different amount as changed', async () => {
    const { code, stdout } = await cli('compare', dir, '--group', 'pay_deposit', '--language', 'deu', '--json');
    expect(code).toBe(0);
    const out = JSON.parse(stdout) as Out;
    expect(out.rows.flatMap((r) => r.argDiff)).toEqual([
      { path: 'date', baseline: '2024-10-16', target: '16.10.2024', equivalent: true, normalForm: '2024-10-16' },
      { path: 'amount', baseline: '1,234.50', target: '1.243,50', equivalent: false, normalForm: null },
    ]);
  });

  it('marks the equivalent argument with ≈ in the readable output', async () => {
    const { code, stdout } = await cli('compare', dir, '--group', 'pay_deposit', '--language', 'deu');
    expect(code).toBe(0);
    expect(stdout).toContain('date (≈), amount');
  });

  it('counts every difference as a change with --no-equivalences', async () => {
    const { code, stdout } = await cli('compare', dir, '--group', 'pay_deposit', '--language', 'deu', '--no-equivalences', '--json');
    expect(code).toBe(0);
    const out = JSON.parse(stdout) as Out;
    expect(out.rows.flatMap((r) => r.argDiff).map((d) => [d.path, d.equivalent])).toEqual([
      ['date', false],
      ['amount', false],
    ]);
  });
});
