import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readers } from '../../../src/core/formats/registry';
import { buildIndex } from '../../../src/core/index/buildIndex';
import { loadTrajectory } from '../../../src/core/index/loadTrajectory';
import type { RunIndex } from '../../../src/core/index/runIndex';
import { tempTrees } from '../index/tempTree';

const REPO = join(__dirname, '../../..');
const TAU2_TH = 'examples/tau2-seatau/data/simulations/20250612_113000_airline_th_gpt-4.1_gpt-4.1/results.json';
const INSPECT_JSON = 'test/fixtures/inspect/logs/2025-03-01T10-00-00+00-00_mgsm-tools_AbCdEfGhIjKlMnOp.json';
const CANONICAL = 'examples/canonical/support-bot-retry.jsonl';
const KNOWN_FORMATS = readers.map((r) => r.format).join(', ');

const tree = tempTrees();

const source = (path: string): Promise<string> => readFile(join(REPO, path), 'utf8');

/** Loose run files under names and in folders no reader claims by listing, among files that are not runs. */
async function looseFiles(): Promise<Record<string, string>> {
  return {
    'data/simulations/20250612_113000_airline_th_gpt-4.1_gpt-4.1.json': await source(TAU2_TH),
    'data/simulations/settings.json': '{"agent": "llm_agent", "trials": 2}',
    'evals/mgsm-run.json': await source(INSPECT_JSON),
    'evals/plots/curve.png': 'not an image',
    'exports/retry.jsonl': await source(CANONICAL),
    'exports/archive/old.txt': 'kept for reference',
  };
}

function runsPerFile(index: RunIndex): Record<string, string> {
  const counts: Record<string, string> = {};
  for (const run of index.runs) {
    const [format, count] = (counts[run.path] ?? `${run.format} 0`).split(' ');
    counts[run.path] = `${format} ${Number(count) + 1}`;
  }
  return counts;
}

describe('recognising loose run files by their content', () => {
  it('indexes a tau2 results file, an Inspect .json log and a canonical .jsonl outside their usual folders', async () => {
    const fs = await tree(await looseFiles());
    const index = await buildIndex(fs);
    expect(runsPerFile(index)).toEqual({
      'data/simulations/20250612_113000_airline_th_gpt-4.1_gpt-4.1.json': 'tau2 6',
      'evals/mgsm-run.json': 'inspect 4',
      'exports/retry.jsonl': 'canonical 4',
    });
    expect(index.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(index.diagnostics).toContainEqual({
      path: 'data/simulations/settings.json',
      line: null,
      message: `unrecognised: a JSON object with keys "agent", "trials", not part of a run of any known format (${KNOWN_FORMATS}); ignored`,
      severity: 'warning',
    });
  });

  it('names and pairs a loose tau2 file like a run folder of the same name, and opens its simulations', async () => {
    const fs = await tree(await looseFiles());
    const index = await buildIndex(fs);
    const tau2 = index.runs.filter((r) => r.format === 'tau2');
    expect(tau2.map((r) => `${r.scenarioId}/${r.runIndex} ${r.language} ${r.group}`)).toContain(
      '14/0 tha data/simulations/airline_gpt-4.1_gpt-4.1#14',
    );
    const run = tau2.find((r) => r.scenarioId === '14' && r.runIndex === 0);
    expect(run?.id).toBe('data/simulations/20250612_113000_airline_th_gpt-4.1_gpt-4.1.json#57962b6a-5896-4cfd-a596-2844569629d7');
    if (run === undefined) return;
    const trajectory = await loadTrajectory(fs, run);
    expect(trajectory.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(trajectory.steps.some((s) => s.kind === 'tool_call')).toBe(true);
    expect(trajectory.task).not.toBeNull();
  });

  it('opens runs of a loose Inspect log and a loose canonical file', async () => {
    const fs = await tree(await looseFiles());
    const index = await buildIndex(fs);
    for (const format of ['inspect', 'canonical'] as const) {
      const run = index.runs.find((r) => r.format === format);
      expect(run, format).toBeDefined();
      if (run === undefined) continue;
      const trajectory = await loadTrajectory(fs, run);
      expect(trajectory.diagnostics.filter((d) => d.severity === 'error'), format).toEqual([]);
      expect(trajectory.steps.length, format).toBeGreaterThan(0);
    }
  });

  it('says what an unrecognised file looked like: empty, not JSON, an array, broken JSON, a .jsonl line', async () => {
    const fs = await tree({
      // A sub-folder keeps the canonical reader from claiming misc/ as a leaf folder of .jsonl files.
      'misc/a/README.md': 'notes',
      'misc/empty.json': '',
      'misc/list.json': '[1, 2, 3]',
      'misc/broken.json': '{"results": [1, 2',
      'misc/log.jsonl': '{"event": "start", "t": 0}\n{"event": "stop", "t": 1}\n',
      'misc/page.json': '<html>\u0001</html>',
    });
    const index = await buildIndex(fs);
    const reasons = index.diagnostics.map((d) => `${d.path}: ${d.message.replace(/, not part of a run.*$/, '')}`);
    expect(reasons.sort()).toEqual([
      'misc/broken.json: unrecognised: a JSON object starting with key "results", not valid JSON',
      'misc/empty.json: unrecognised: the file is empty',
      'misc/list.json: unrecognised: a JSON array',
      'misc/log.jsonl: unrecognised: its first line is a JSON object with keys "event", "t"',
      'misc/page.json: unrecognised: not JSON (it starts with "<html>·</html>")',
    ]);
  });

  it('does not read files that cannot hold runs, nor excluded ones', async () => {
    const fs = await tree({
      ...(await looseFiles()),
      'trajectory-lens.json': JSON.stringify({ exclude: ['exports/**'] }),
    });
    const read: string[] = [];
    const readHead = fs.readHead.bind(fs);
    fs.readHead = (path, maxBytes) => {
      read.push(path);
      return readHead(path, maxBytes);
    };
    const index = await buildIndex(fs);
    expect(read.sort()).toEqual([
      'data/simulations/20250612_113000_airline_th_gpt-4.1_gpt-4.1.json',
      'data/simulations/settings.json',
      'evals/mgsm-run.json',
    ]);
    expect(index.runs.some((r) => r.path.startsWith('exports/'))).toBe(false);
  });

  it('lets trajectory-lens.json force a format on a subtree: its reader alone, whatever the file looks like', async () => {
    const log = JSON.parse(await source(INSPECT_JSON)) as Record<string, unknown>;
    // Keys in another order than Inspect writes them: not recognisable from the head, but an Inspect log all the same.
    const reordered = JSON.stringify({ eval: log.eval, samples: log.samples, version: log.version, status: log.status, results: log.results });
    const files = { 'other-tool/eval.json': reordered, 'exports/retry.jsonl': await source(CANONICAL), 'exports/archive/old.txt': '' };
    const sniffed = await buildIndex(await tree(files));
    expect(runsPerFile(sniffed)).toEqual({ 'exports/retry.jsonl': 'canonical 4' });
    expect(sniffed.diagnostics.map((d) => d.path)).toContain('other-tool/eval.json');

    const forced = await buildIndex(
      await tree({ ...files, 'trajectory-lens.json': JSON.stringify({ formats: { 'other-tool': 'inspect', exports: 'tau2' } }) }),
    );
    expect(runsPerFile(forced)).toEqual({ 'other-tool/eval.json': 'inspect 4' });
    // Forced to tau2, the canonical file is read as a tau2 results file and reported, not sniffed as canonical.
    expect(forced.diagnostics.map((d) => d.path)).toContain('exports/retry.jsonl');
  });
});
