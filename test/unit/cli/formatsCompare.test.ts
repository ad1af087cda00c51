import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCli, cli, REPO } from './cliProcess';

// Every example set opens in the compare analysis: `index --json` lists its runs, and `compare --json` of two runs of
// one group aligns tool calls of both. Formats whose runs share one language compare two runs of that language.

interface IndexedRunJson {
  group: string;
  format: string;
  language: string;
  runIndex: number;
}

interface ComparisonJson {
  baseline: Record<string, unknown>;
  target: Record<string, unknown>;
  rows: { kind: string; baseline: { tool: string | null } | null; target: { tool: string | null } | null; argDiff: unknown[] }[];
  oracle: unknown[];
}

interface ExampleCase {
  example: string;
  format: string;
  baseline: string;
  target: string;
}

const CASES: ExampleCase[] = [
  { example: 'gaia2-multilingual', format: 'gaia2-cli', baseline: 'eng', target: 'jpn' },
  { example: 'tau2-seatau', format: 'tau2', baseline: 'eng', target: 'tha' },
  { example: 'are-traces', format: 'are-trace', baseline: 'eng', target: 'jpn' },
  { example: 'canonical', format: 'canonical', baseline: 'eng', target: 'deu' },
  { example: 'polywork', format: 'polywork', baseline: 'deu', target: 'deu' },
  { example: 'inspect', format: 'inspect', baseline: 'eng', target: 'jpn' },
];
const SIDE_KEYS = ['path', 'language', 'runIndex', 'outcome', 'failureFamily', 'setting'];

/** The first group (in index order) with runs in both languages, or with two runs when both are the same language. */
function pickGroup(runs: readonly IndexedRunJson[], { baseline, target }: ExampleCase): { group: string; runs: string[] } | null {
  const groups = [...new Set(runs.map((r) => r.group))];
  for (const group of groups) {
    const of = (language: string): number[] =>
      [...new Set(runs.filter((r) => r.group === group && r.language === language).map((r) => r.runIndex))].sort((a, b) => a - b);
    const [first, second] = of(target);
    if (baseline === target) {
      if (first !== undefined && second !== undefined) return { group, runs: ['--baseline-run', String(first), '--target-run', String(second)] };
    } else if (first !== undefined && of(baseline).length > 0) {
      return { group, runs: [] };
    }
  }
  return null;
}

describe('every example format opens in compare', () => {
  beforeAll(buildCli, 60_000);

  it.each(CASES)('$example: index, then compare two runs of one group with tool calls on both sides', async (c) => {
    const dir = join(REPO, 'examples', c.example);
    const indexed = await cli('index', dir, '--json');
    expect(indexed.code, indexed.stderr).toBe(0);
    const runs = (JSON.parse(indexed.stdout) as { runs: IndexedRunJson[] }).runs;
    expect(new Set(runs.map((r) => r.format))).toEqual(new Set([c.format]));
    const picked = pickGroup(runs, c);
    expect(picked, 'a group with two runs to compare').not.toBeNull();
    if (picked === null) return;

    const args = ['--group', picked.group, '--language', c.target, '--baseline', c.baseline, ...picked.runs, '--json'];
    const compared = await cli('compare', dir, ...args);
    expect(compared.code, compared.stderr).toBe(0);
    const out = JSON.parse(compared.stdout) as ComparisonJson;
    expect(Object.keys(out)).toEqual(['baseline', 'target', 'rows', 'oracle', 'firstDivergence']);
    expect(Object.keys(out.baseline)).toEqual(SIDE_KEYS);
    expect(Object.keys(out.target)).toEqual(SIDE_KEYS);
    expect(out.baseline.language).toBe(c.baseline);
    expect(out.target.language).toBe(c.target);
    // Two different runs, even when both are in one language.
    const side = (s: Record<string, unknown>): unknown[] => [s.path, s.language, s.runIndex];
    expect(side(out.baseline)).not.toEqual(side(out.target));
    for (const row of out.rows) expect(Object.keys(row)).toEqual(['kind', 'baseline', 'target', 'argDiff']);
    expect(out.rows.some((r) => typeof r.baseline?.tool === 'string'), 'a baseline tool call').toBe(true);
    expect(out.rows.some((r) => typeof r.target?.tool === 'string'), 'a target tool call').toBe(true);
  }, 60_000);
});
