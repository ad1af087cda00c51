import { describe, expect, it, vi } from 'vitest';
import { cli } from './cliProcess';
import { useExampleCopy } from './exampleCopy';

// `--setting` of `label` and `compare` on the SEATau example, where task 14 runs in Vietnamese in two settings:
// l2_interaction (passes) and l2_tools (fails), each compared with the English setting.

const GROUP = 'data/simulations/airline_gpt-4.1_gpt-4.1#14';
const copy = useExampleCopy('tau2-seatau');

vi.setConfig({ testTimeout: 60_000 });

const label = (...extra: string[]) => cli('label', copy.runs, '--group', GROUP, '--language', 'vie', '--code', 'T3', '--annotator', 'Ana', ...extra);

describe('labelling one setting', () => {
  it('asks which setting when the language runs in several, and names them', async () => {
    const { code, stderr } = await label();
    expect(code).not.toBe(0);
    expect(stderr).toContain('pass --setting <s>, one of: l2_interaction, l2_tools');
    expect((await label('--setting', 'l2_domain')).stderr).toContain('settings: l2_interaction, l2_tools');
  });

  it('saves the setting with the label and lists it in the table, JSON and CSV', async () => {
    const saved = await label('--setting', 'l2_tools');
    expect(saved.code, saved.stderr).toBe(0);
    expect(saved.stdout).toContain(`Labelled ${GROUP} vie (l2_tools) as T3`);
    const json = JSON.parse((await cli('labels', copy.runs, '--json')).stdout) as { current: Array<{ item: Record<string, unknown> }> };
    expect(json.current.map((r) => r.item)).toEqual([{ group: GROUP, language: 'vie', run: null, setting: 'l2_tools' }]);
    const table = (await cli('labels', copy.runs)).stdout;
    expect(table).toMatch(/GROUP\s+LANGUAGE\s+SETTING\s+RUN/);
    expect(table).toMatch(/vie\s+l2_tools\s+label T3/);
    const csv = (await cli('labels', copy.runs, '--csv')).stdout.trimEnd().split('\n');
    expect(csv[0]?.endsWith(',tool,setting')).toBe(true);
    expect(csv[1]?.endsWith(',l2_tools')).toBe(true);
  });

  it('takes a language’s only setting without --setting', async () => {
    const saved = await cli('label', copy.runs, '--group', GROUP, '--language', 'tha', '--code', 'A1', '--annotator', 'Ana', '--json');
    expect(saved.code, saved.stderr).toBe(0);
    expect((JSON.parse(saved.stdout) as { item: unknown }).item).toEqual({ group: GROUP, language: 'tha', run: null, setting: 'l2_domain' });
  });

  it('labels a tau2 run by its trial number, which starts at 0', async () => {
    const saved = await cli('label', copy.runs, '--group', GROUP, '--language', 'tha', '--run', '0', '--code', 'A1', '--annotator', 'Ana', '--json');
    expect(saved.code, saved.stderr).toBe(0);
    expect((JSON.parse(saved.stdout) as { item: unknown }).item).toEqual({ group: GROUP, language: 'tha', run: 0, setting: 'l2_domain' });
    const json = JSON.parse((await cli('labels', copy.runs, '--json')).stdout) as { current: Array<{ item: { run: number | null } }> };
    expect(json.current.some((r) => r.item.run === 0)).toBe(true);
  });
});

describe('comparing within one setting', () => {
  const compare = async (...extra: string[]) => {
    const out = await cli('compare', copy.runs, '--group', GROUP, '--language', 'vie', '--json', ...extra);
    expect(out.code, out.stderr).toBe(0);
    return JSON.parse(out.stdout) as {
      baseline: { language: string; outcome: string; setting: string | null };
      target: { path: string; outcome: string; setting: string | null };
    };
  };

  it('compares the first failing setting by default, and the named one with --setting, both against English', async () => {
    const byDefault = await compare();
    expect([byDefault.baseline.language, byDefault.target.outcome]).toEqual(['eng', 'fail']);
    expect([byDefault.baseline.setting, byDefault.target.setting]).toEqual(['english', 'l2_tools']);
    const tools = await compare('--setting', 'l2_tools');
    expect(tools.target.path).toBe(byDefault.target.path);
    const interaction = await compare('--setting', 'l2_interaction', '--target-run', '0');
    expect(interaction.target.outcome).toBe('pass');
    expect(interaction.target.setting).toBe('l2_interaction');
    expect(interaction.target.path).not.toBe(tools.target.path);
  });

  it('names each run’s setting in the index', async () => {
    const { runs: indexed } = JSON.parse((await cli('index', copy.runs, '--json')).stdout) as { runs: Array<{ language: string; setting: string | null }> };
    const settings = new Set(indexed.filter((r) => r.language === 'vie').map((r) => r.setting));
    expect([...settings].sort()).toEqual(['l2_interaction', 'l2_tools']);
    expect(new Set(indexed.filter((r) => r.language === 'eng').map((r) => r.setting))).toEqual(new Set(['english']));
  });

  it('counts a simulation without reward_info as unknown, apart from the crashed one', async () => {
    expect((await cli('index', copy.runs)).stdout).toContain('22 pass · 6 fail · 1 infra · 1 unknown · 0 diagnostics');
  });

  it('refuses a setting the language has no run in', async () => {
    const out = await cli('compare', copy.runs, '--group', GROUP, '--language', 'vie', '--setting', 'l2_domain');
    expect(out.code).not.toBe(0);
    expect(out.stderr).toContain('--setting l2_domain: no data/simulations/airline_gpt-4.1_gpt-4.1#14 vie run in it; settings: l2_interaction, l2_tools');
  });
});
