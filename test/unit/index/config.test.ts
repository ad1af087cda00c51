import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readers } from '../../../src/core/formats/registry';
import { configuredFormat, isExcluded, parseConfig } from '../../../src/core/index/config';
import { globToRegExp } from '../../../src/core/index/glob';

const DOC = readFileSync(join(__dirname, '../../../docs/trajectory-lens-json.md'), 'utf8');

function jsonBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');
}

describe('globToRegExp', () => {
  it.each([
    ['scratch/**', ['scratch', 'scratch/a', 'scratch/a/b.json'], ['scratchpad', 'x/scratch']],
    ['**/*.bak', ['a.bak', 'x/y/a.bak'], ['a.bak/x', 'a.baks']],
    ['old-*', ['old-1', 'old-runs'], ['x/old-1', 'old']],
    ['run_?', ['run_1'], ['run_12']],
    ['a.b+c', ['a.b+c'], ['aXb+c', 'a.bbc']],
  ])('%s', (pattern, matching, other) => {
    const regex = globToRegExp(pattern);
    for (const path of matching) expect(regex.test(path), path).toBe(true);
    for (const path of other) expect(regex.test(path), path).toBe(false);
  });
});

describe('parseConfig', () => {
  it('reads every key', () => {
    const { config, diagnostics } = parseConfig(
      {
        baseline: 'en',
        languages: { segment: 2, map: { English: 'eng', 'Chinese (Simplified)': 'zh-CN', Minang: 'min' } },
        runPattern: '^seed(\\d+)$',
        groupBy: 'scenario',
        exclude: ['scratch/**'],
        formats: { './gaia2/': 'gaia2-cli' },
        polywork: { passThreshold: 0.7 },
        settings: { baseline: 'original', level: true },
      },
      ['gaia2-cli'],
    );
    expect(diagnostics).toEqual([]);
    expect(config.polyworkPassThreshold).toBe(0.7);
    expect(config.settings).toEqual({ baseline: 'original', level: true });
    expect(config.baseline).toBe('eng');
    expect(config.languageSegment).toBe(2);
    expect([...config.languageMap]).toEqual([['english', 'eng'], ['chinese (simplified)', 'cmn'], ['minang', 'min']]);
    expect(config.runPattern?.exec('seed4')?.[1]).toBe('4');
    expect(config.groupBy).toBe('scenario');
    expect(isExcluded(config, 'scratch/x')).toBe(true);
    expect(isExcluded(config, 'runs/x')).toBe(false);
    expect(configuredFormat(config, 'gaia2/en/run_1')).toBe('gaia2-cli');
    expect(configuredFormat(config, 'gaia2-old')).toBeNull();
  });

  it('reports values of the wrong kind', () => {
    const { diagnostics } = parseConfig(
      { languages: { segment: -1, map: ['jpn'], depth: 2 }, groupBy: 'agent', exclude: 'old', runPattern: '(' },
      ['gaia2-cli'],
    );
    expect(diagnostics.map((d) => d.message)).toEqual([
      'unknown key "languages.depth" ignored (known: segment, map)',
      '"languages.segment" must be a whole number ≥ 0 (0 = first folder); got -1',
      '"languages.map" must map folder names to language codes',
      expect.stringMatching(/^"runPattern" is not a valid regular expression: /),
      '"groupBy" must be "path" or "scenario"; got "agent"',
      '"exclude" must be a list of path patterns',
    ]);
  });

  it('names the key of a bad polywork threshold or settings entry, and keeps the defaults for it', () => {
    const { config, diagnostics } = parseConfig(
      { polywork: { passThreshold: '70%' }, settings: { level: 'yes', baseline: '', split: true } },
      ['gaia2-cli'],
    );
    expect(diagnostics.map((d) => `${d.path}: ${d.message}`)).toEqual([
      'trajectory-lens.json: "polywork.passThreshold" must be a Grade between 0 and 1, e.g. 0.7; got "70%"; 0.5 used',
      'trajectory-lens.json: unknown key "settings.split" ignored (known: baseline, level)',
      'trajectory-lens.json: "settings.baseline" must be a setting name such as "english"; got ""',
      'trajectory-lens.json: "settings.level" must be true or false; got "yes"',
    ]);
    expect(config.polyworkPassThreshold).toBeNull();
    expect(config.settings).toEqual({ baseline: 'english', level: true });
    expect(parseConfig({ polywork: 0.7, settings: true }, ['gaia2-cli']).diagnostics.map((d) => d.message)).toEqual([
      '"polywork" must be an object such as {"passThreshold": 0.7}; got 0.7',
      '"settings" must be an object such as {"baseline": "english", "level": true}; got true',
    ]);
  });

  it('refuses a file that is not an object', () => {
    expect(parseConfig(['eng'], ['gaia2-cli']).diagnostics.map((d) => d.message)).toEqual(['must be a JSON object; ignored']);
  });
});

describe('docs/trajectory-lens-json.md', () => {
  const [bad, ...valid] = jsonBlocks(DOC).reverse();

  it('has examples that are all valid configurations', () => {
    expect(valid.length).toBeGreaterThanOrEqual(4);
    for (const block of valid) expect(parseConfig(JSON.parse(block), readers.map((r) => r.format)).diagnostics, block).toEqual([]);
  });

  it('lists exactly the diagnostics its bad example gives', () => {
    const { diagnostics } = parseConfig(JSON.parse(bad ?? ''), ['gaia2-cli']);
    const documented = DOC.slice(DOC.indexOf('### Diagnostics for a bad file'));
    for (const d of diagnostics) expect(documented).toContain(`${d.severity}: \`${d.message}\``);
    expect(diagnostics).toHaveLength(4);
  });
});
