import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCli, cli, REPO } from './cliProcess';

const GAIA2 = join(REPO, 'examples/gaia2-multilingual');
const SEATAU = join(REPO, 'examples/tau2-seatau');

const CELL_KEYS = [
  'agent', 'setting', 'capability', 'language', 'scenarios', 'runs', 'infra', 'pass1', 'passHatK', 'passAtK', 'wilson',
  'deltaPass1', 'bootstrap', 'mcnemar', 'passes', 'infraRate', 'rhoK', 'grade',
];

interface Cell {
  agent: string;
  capability: string | null;
  language: string;
  pass1: number;
  mcnemar: { b: number; c: number; p: number; pHolm: number } | null;
}

describe('trajectory-lens metrics', () => {
  beforeAll(buildCli, 60_000);

  it('prints the documented JSON: cells, totals, verifier, signatures, estimators', async () => {
    const { code, stdout } = await cli('metrics', GAIA2, '--json');
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as Record<string, unknown> & { cells: Cell[]; totals: Cell[]; signatures: unknown[]; verifier: unknown[] };
    expect(Object.keys(report)).toEqual(['cells', 'totals', 'verifier', 'signatures', 'estimators', 'baseline', 'baselineSetting']);
    for (const cell of [...report.cells, ...report.totals]) expect(Object.keys(cell)).toEqual(CELL_KEYS);
    expect(report.totals.every((c) => c.capability === null)).toBe(true);
    const hin = report.cells.find((c) => c.capability === 'execution' && c.language === 'hin');
    expect(hin?.pass1).toBeCloseTo(0.6, 12);
    expect(hin?.mcnemar).toMatchObject({ b: 6, c: 0 });
    expect(Object.keys(report.signatures[0] as object)).toEqual([
      'agent', 'setting', 'language', 'pairs', 'toolCountDelta', 'writeShare', 'writeShareBaseline', 'jsdPooled',
      'jsdPerScenario', 'toolCountDeltaRegressed', 'toolCountDeltaHeld',
    ]);
    expect(Object.keys(report.verifier[0] as object)).toEqual(['agent', 'setting', 'language', 'family', 'rate', 'delta']);
  });

  it('prints a table of pass^1 with its interval, Δ and p-values by default', async () => {
    const { code, stdout } = await cli('metrics', GAIA2);
    expect(code).toBe(0);
    expect(stdout).toContain('All capabilities');
    expect(stdout).toMatch(/PASS\^1\s+95% CI\s+ΔPASS\^1\s+95% CI\s+P\s+P HOLM/);
    // execution, hin: 9 of 15 → 60.0%, 40 points below eng, exact p = 2/64 = 0.031, Holm 0.156
    expect(stdout).toMatch(/agent-a\s+execution\s+hin\s+15\s+0\s+60\.0%\s+\[35\.7%, 80\.2%\]\s+-40\.0 pp\s+\[[^\]]+\]\s+0\.031\s+0\.156/);
    expect(stdout).toContain('Behavioural signatures');
    const quick = await cli('metrics', GAIA2, '--no-signatures');
    expect(quick.stdout).toContain('All capabilities');
    expect(quick.stdout).not.toContain('Behavioural signatures');
  });

  it('writes the cells as CSV, with a column per k', async () => {
    const { code, stdout } = await cli('metrics', GAIA2, '--csv');
    expect(code).toBe(0);
    const [header, ...rows] = stdout.trim().split('\n');
    expect(header).toMatch(/^agent,setting,capability,language,scenarios,runs,infra,passes,infraRate,pass1,passHat1,passHat2,passHat3,/);
    expect(rows.find((r) => r.startsWith('agent-a,,execution,fra,'))).toMatch(/^agent-a,,execution,fra,5,13,2,12,/);
  });

  it('compares one setting with --setting, and refuses a setting no run is in', async () => {
    const { code, stdout } = await cli('metrics', SEATAU, '--setting', 'l2_tools', '--json');
    expect(code).toBe(0);
    const { cells } = JSON.parse(stdout) as { cells: Array<Cell & { setting: string }> };
    expect(cells.map((c) => `${c.setting} ${c.language}`)).toEqual(['english eng', 'l2_tools cmn', 'l2_tools vie']);
    const wrong = await cli('metrics', SEATAU, '--setting', 'l3');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('settings: english, l2_domain, l2_interaction, l2_tools');
  });
});
