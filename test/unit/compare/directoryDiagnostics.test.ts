// A comparison reads files of the run directory besides its two runs: the translated domain's value sets
// (data_model.json) and the term tables. Their problems reach the compare view's state, the Problems panel's
// reporter and the CLI, and the view may open those files.
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../src/cli/runCli';
import { buildIndex } from '../../../src/core/index/buildIndex';
import type { Diagnostic, RunSummary } from '../../../src/core/model';
import { NodeFileSource } from '../../../src/core/nodeFileSource';
import { CompareSession } from '../../../src/host/compare/compareSession';
import { noLabels } from '../../webview/fixtures/labels';

const DATA_MODEL = 'data/tau2/domains/airline/th/data_model.json';
const GROUP = 'data/simulations/airline_gpt-4.1_gpt-4.1#3';

let root = '';

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'compare-diagnostics-'));
  await cp(join(__dirname, '../../../examples/tau2-seatau'), root, { recursive: true });
  await writeFile(join(root, DATA_MODEL), '{\n  "value_sets": {\n    "CabinClass": [\n');
  await writeFile(join(root, 'terms.csv'), 'english,thai\ngift card,บัตรของขวัญ\n');
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function comparedPair(): Promise<{ fs: NodeFileSource; runs: readonly RunSummary[]; eng: RunSummary; tha: RunSummary }> {
  const fs = new NodeFileSource(root);
  const { runs } = await buildIndex(fs);
  const find = (language: string) => runs.find((r) => r.scenarioId === '3' && r.language === language && r.runIndex === 0);
  const eng = find('eng');
  const tha = find('tha');
  if (!eng || !tha) throw new Error('task 3 runs missing from the SEATau example');
  return { fs, runs, eng, tha };
}

describe('problems of the files a comparison reads besides the runs', () => {
  it('reach the compare state, once each, and are reported for the Problems panel', async () => {
    const { fs, runs, eng, tha } = await comparedPair();
    const reported = new Map<string, readonly Diagnostic[]>();
    const session = new CompareSession(
      {
        uri: 'file:///runs',
        current: () => ({ fs, index: { runs: [...runs], diagnostics: [] } }),
        labels: async () => noLabels(),
        reportProblems: (key, diagnostics) => reported.set(key, diagnostics),
      },
      eng,
      tha,
    );
    const state = await session.state(null);

    // data_model.json is read both for the literal mapping and for the entity aliases: listed once.
    expect(state.directoryDiagnostics.map((d) => d.path)).toEqual([DATA_MODEL, 'terms.csv']);
    expect(state.directoryDiagnostics[0]).toMatchObject({ severity: 'error', line: 4, message: expect.stringContaining('invalid JSON') });
    expect(state.directoryDiagnostics[1]).toMatchObject({ severity: 'warning', message: expect.stringContaining('no terms read') });
    // Both sources are reported: the value sets by the comparison, the value sets and term table by the aliases.
    expect([...reported.values()].map((list) => list.map((d) => d.path).sort())).toEqual([[DATA_MODEL], [DATA_MODEL, 'terms.csv'].sort()]);

    // The view may open the files its problems name, and still nothing else outside the two runs.
    expect(session.allowsFile(DATA_MODEL)).toBe(true);
    expect(session.allowsFile('terms.csv')).toBe(true);
    expect(session.allowsFile('trajectory-lens.json')).toBe(false);
  });

  it('are none for a directory whose files read cleanly', async () => {
    const fs = new NodeFileSource(join(__dirname, '../../../examples/tau2-seatau'));
    const { runs } = await buildIndex(fs);
    const eng = runs.find((r) => r.scenarioId === '3' && r.language === 'eng');
    const tha = runs.find((r) => r.scenarioId === '3' && r.language === 'tha');
    const directory = { uri: 'file:///runs', current: () => ({ fs, index: { runs, diagnostics: [] } }), labels: async () => noLabels() };
    const state = await new CompareSession(directory, eng!, tha!).state(null);
    expect(state.directoryDiagnostics).toEqual([]);
  });

  it('are printed by `trajectory-lens compare`, the term table included', async () => {
    let err = '';
    const code = await runCli(['compare', root, '--group', GROUP, '--language', 'tha', '--json'], {
      out: () => undefined,
      err: (text) => (err += text),
    });
    expect(code).toBe(0);
    expect(err).toMatch(/data_model\.json:4\s+error\s+invalid JSON/);
    expect(err).toMatch(/terms\.csv\s+warning\s+no terms read/);
  });
});
