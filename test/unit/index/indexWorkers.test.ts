import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { buildIndex, openIndex, type BuildIndexOptions } from '../../../src/core/index/buildIndex';
import { startCheckWorkers, type CheckWorkers } from '../../../src/core/index/checkOnWorkers';
import { checkRuns } from '../../../src/core/index/checkRuns';
import { mergeDiagnostics } from '../../../src/core/index/diagnosticOrder';
import { INDEX_CACHE_PATH } from '../../../src/core/index/indexCache';
import { NodeFileSource } from '../../../src/core/nodeFileSource';

// Indexing on worker threads (as the CLI does with --jobs from dist/) must find what the walk on the calling thread
// finds, keep the cache it would keep, and leave a run directory that can be re-read run by run. Checking on them
// (index --check) must report exactly what the check on the calling thread reports.

const EXAMPLES = join(__dirname, '../../../examples');
const outdir = mkdtempSync(join(tmpdir(), 'trajectory-lens-index-worker-'));
const temporary: string[] = [];
let script: string;

/** A NodeFileSource that notes every file read on this thread. */
class NotingFileSource extends NodeFileSource {
  readonly reads: string[] = [];
  override read(path: string, maxBytes?: number): Promise<Uint8Array> {
    this.reads.push(path);
    return super.read(path, maxBytes);
  }
  override readSync(path: string, maxBytes?: number): Uint8Array {
    this.reads.push(path);
    return super.readSync(path, maxBytes);
  }
  override readStream(path: string): AsyncIterable<Uint8Array> {
    this.reads.push(path);
    return super.readStream(path);
  }
}

beforeAll(async () => {
  const entryPoints = { indexWorker: join(__dirname, '../../../src/core/index/indexWorker.ts') };
  await build({ entryPoints, outdir, bundle: true, platform: 'node', format: 'cjs', target: 'node20', mainFields: ['module', 'main'], logLevel: 'silent' });
  script = join(outdir, 'indexWorker.js');
  // Two workers of which one (the one with the even thread id) fails on the first request it is sent.
  writeFileSync(
    join(outdir, 'halfBrokenWorker.js'),
    [
      "const { threadId, parentPort } = require('node:worker_threads');",
      "if (threadId % 2 === 0) parentPort.on('message', () => { throw new Error('broken worker'); });",
      "else require('./indexWorker.js');",
    ].join('\n'),
  );
}, 120_000);
afterAll(() => {
  for (const dir of [outdir, ...temporary]) rmSync(dir, { recursive: true, force: true });
});

function workersFor(root: string, count = 2): NonNullable<BuildIndexOptions['workers']> {
  return { script, count, root };
}

function copyOf(example: string): string {
  const root = mkdtempSync(join(tmpdir(), 'trajectory-lens-index-workers-'));
  temporary.push(root);
  cpSync(join(EXAMPLES, example), root, { recursive: true });
  // Settled an hour ago, so that a reopening may trust the folders' listings.
  const past = new Date(Date.now() - 3_600_000);
  for (const entry of readdirSync(root, { withFileTypes: true, recursive: true })) {
    if (entry.isDirectory()) utimesSync(join(entry.parentPath, entry.name), past, past);
  }
  utimesSync(root, past, past);
  return root;
}

describe('indexing on worker threads', () => {
  it('finds every example directory’s runs and diagnostics as the walk on this thread does', async () => {
    for (const example of readdirSync(EXAMPLES)) {
      const root = join(EXAMPLES, example);
      const here = await buildIndex(new NodeFileSource(root));
      const shared = await buildIndex(new NodeFileSource(root), { workers: workersFor(root, 3) });
      expect(shared, example).toEqual(here);
    }
  });

  it('reads the verdicts on the workers, not on this thread', async () => {
    const root = join(EXAMPLES, 'gaia2-multilingual');
    const here = new NotingFileSource(root);
    const runs = (await buildIndex(here)).runs.length;
    const fs = new NotingFileSource(root);
    const index = await buildIndex(fs, { workers: workersFor(root) });
    expect(index.runs).toHaveLength(runs);
    expect(here.reads.filter((p) => p.endsWith('result.json'))).toHaveLength(runs);
    expect(fs.reads.filter((p) => p.endsWith('result.json'))).toEqual([]);
  });

  it('keeps the cache the workers recorded: reopening reads no verdict again, and a changed run is read again', async () => {
    const root = copyOf('gaia2-multilingual');
    const first = await buildIndex(new NodeFileSource(root), { workers: workersFor(root), cache: {} });
    const again = new NotingFileSource(root);
    expect(await buildIndex(again, { cache: {} })).toEqual(first);
    expect(again.reads).toContain(INDEX_CACHE_PATH);
    expect(again.reads.filter((p) => p.endsWith('result.json'))).toEqual([]);

    const run = first.runs.find((r) => r.format === 'gaia2-cli' && r.outcome === 'pass');
    if (run === undefined) throw new Error('the example has no passing gaia2-cli run');
    writeFileSync(join(root, run.path, 'result.json'), '{"status": "failed"');
    const changed = new NotingFileSource(root);
    const after = await buildIndex(changed, { cache: {} });
    expect(changed.reads.filter((p) => p.endsWith('result.json'))).toEqual([`${run.path}/result.json`]);
    expect(after.diagnostics.some((d) => d.path === `${run.path}/result.json`)).toBe(true);
  });

  it('re-reads one changed run of a directory walked on workers', async () => {
    const root = copyOf('gaia2-multilingual');
    const live = await openIndex(new NodeFileSource(root), { workers: workersFor(root) });
    const run = live.index.runs.find((r) => r.format === 'gaia2-cli' && r.outcome === 'pass');
    if (run === undefined) throw new Error('the example has no passing gaia2-cli run');
    writeFileSync(join(root, run.path, 'result.json'), '{"status": "failed"');
    const reindexed = await live.reindex([`${run.path}/result.json`]);
    expect(reindexed?.runs.find((r) => r.path === run.path)?.outcome).not.toBe('pass');
    expect(reindexed?.runs).toHaveLength(live.index.runs.length);
  });

  it('walks here what a worker cannot', async () => {
    const root = join(EXAMPLES, 'gaia2-multilingual');
    const broken = { ...workersFor(root), script: join(outdir, 'missing.js') };
    expect(await buildIndex(new NodeFileSource(root), { workers: broken })).toEqual(await buildIndex(new NodeFileSource(root)));
  });

  it('stops when cancelled', async () => {
    const root = join(EXAMPLES, 'gaia2-multilingual');
    const controller = new AbortController();
    const all = (await buildIndex(new NodeFileSource(root))).runs.length;
    const reported: number[] = [];
    const indexing = buildIndex(new NodeFileSource(root), {
      workers: workersFor(root),
      signal: controller.signal,
      // Cancelled once the first worker has answered, while the others still walk.
      onProgress: (found) => {
        reported.push(found);
        if (found > 0) controller.abort(new Error('cancelled'));
      },
    });
    await expect(indexing).rejects.toThrow('cancelled');
    expect(Math.max(...reported)).toBeGreaterThan(0);
    expect(Math.max(...reported)).toBeLessThan(all);
  });
});

/** Check workers for the run directory at `root` (the bundled index worker unless another script is named), closed after the test. */
function checkWorkersFor(root: string, count = 2, script = 'indexWorker.js'): CheckWorkers {
  const workers = startCheckWorkers({ script: join(outdir, script), count, root });
  onTestFinished(() => workers.close());
  return workers;
}

/** The run directory's runs, and every problem the check on this thread finds in them. */
async function checkedHere(root: string): Promise<{ runs: Awaited<ReturnType<typeof buildIndex>>['runs']; diagnostics: Awaited<ReturnType<typeof checkRuns>> }> {
  const { runs } = await buildIndex(new NodeFileSource(root));
  return { runs, diagnostics: await checkRuns(new NodeFileSource(root), runs) };
}

function runFilesRead(fs: NotingFileSource): string[] {
  return fs.reads.filter((p) => p.endsWith('/events.jsonl') || p.endsWith('/result.json'));
}

describe('checking runs on worker threads', () => {
  it('reports every example directory’s problems as the check on this thread does, in the same order', async () => {
    let problems = 0;
    for (const example of readdirSync(EXAMPLES)) {
      const root = join(EXAMPLES, example);
      const here = await checkedHere(root);
      const shared = await checkRuns(new NodeFileSource(root), here.runs, { workers: checkWorkersFor(root, 3) });
      expect(shared, example).toEqual(here.diagnostics);
      expect(mergeDiagnostics(shared), example).toEqual(mergeDiagnostics(here.diagnostics));
      problems += here.diagnostics.length;
    }
    // The examples hold a truncated line, an empty verdict, invalid JSON and NUL bytes: the check is not vacuous.
    expect(problems).toBeGreaterThanOrEqual(4);
  });

  it('reports damaged files and a run gone since indexing as the check on this thread does', async () => {
    const root = copyOf('gaia2-multilingual');
    const { runs } = await buildIndex(new NodeFileSource(root));
    const gaia2 = runs.filter((r) => r.format === 'gaia2-cli').map((r) => r.path).sort();
    const runAt = (i: number): string => {
      const path = gaia2[i];
      if (path === undefined) throw new Error('the example has fewer gaia2-cli runs than this test damages');
      return path;
    };
    const [badLine, nul, gone, noEvents] = [runAt(3), runAt(40), runAt(77), runAt(120)];
    const events = (path: string): string => join(root, path, 'events.jsonl');
    const lines = readFileSync(events(badLine), 'utf8').split('\n');
    writeFileSync(events(badLine), [lines[0], '{"app": "Contacts", "fn": ', ...lines.slice(1)].join('\n'));
    writeFileSync(events(nul), Buffer.concat([readFileSync(events(nul)), Buffer.from([0, 0, 0, 0x0a])]));
    rmSync(join(root, gone), { recursive: true });
    rmSync(events(noEvents));

    const here = await checkRuns(new NodeFileSource(root), runs);
    const shared = await checkRuns(new NodeFileSource(root), runs, { workers: checkWorkersFor(root) });
    expect(shared).toEqual(here);
    const about = (path: string): string[] => shared.filter((d) => d.path.startsWith(`${path}/`) || d.path === path).map((d) => d.message);
    expect(about(badLine)).toContainEqual(expect.stringMatching(/^line 2 is not valid JSON/));
    expect(about(nul)).toContainEqual(expect.stringContaining('NUL bytes'));
    expect(about(gone)).toContainEqual(expect.stringMatching(/^cannot list the run directory/));
  });

  it('shares the runs’ files between the workers and this thread', async () => {
    const root = join(EXAMPLES, 'gaia2-multilingual');
    const { runs } = await buildIndex(new NodeFileSource(root));
    const here = new NotingFileSource(root);
    const diagnostics = await checkRuns(here, runs);
    const fs = new NotingFileSource(root);
    // One worker and this thread: the shares after this thread's first go to the worker while this thread is busy.
    expect(await checkRuns(fs, runs, { workers: checkWorkersFor(root, 2) })).toEqual(diagnostics);
    const verdicts = (source: NotingFileSource): number => source.reads.filter((p) => p.endsWith('/result.json')).length;
    expect(verdicts(here)).toBe(runs.filter((r) => r.format === 'gaia2-cli').length);
    expect(verdicts(fs)).toBeGreaterThan(0);
    expect(verdicts(fs)).toBeLessThan(verdicts(here));
    // Each file read once, wherever it was.
    expect(new Set(runFilesRead(fs)).size).toBe(runFilesRead(fs).length);
  });

  it('checks here the runs of a worker that cannot start', async () => {
    const root = join(EXAMPLES, 'gaia2-multilingual');
    const here = await checkedHere(root);
    const fs = new NotingFileSource(root);
    const broken = checkWorkersFor(root, 2, 'missing.js');
    expect(await checkRuns(fs, here.runs, { workers: broken })).toEqual(here.diagnostics);
    expect(fs.reads.filter((p) => p.endsWith('/result.json'))).toHaveLength(here.runs.filter((r) => r.format === 'gaia2-cli').length);
  });

  it('checks here the shares of a worker that fails, and leaves the rest to the worker that works', async () => {
    const root = join(EXAMPLES, 'gaia2-multilingual');
    const here = await checkedHere(root);
    const verdicts = here.runs.filter((r) => r.format === 'gaia2-cli').length;
    const fs = new NotingFileSource(root);
    // This thread, a worker that works and one that fails on the first share it is sent.
    const halfBroken = checkWorkersFor(root, 3, 'halfBrokenWorker.js');
    expect(await checkRuns(fs, here.runs, { workers: halfBroken })).toEqual(here.diagnostics);
    const verdictsHere = fs.reads.filter((p) => p.endsWith('/result.json'));
    expect(new Set(verdictsHere).size).toBe(verdictsHere.length);
    expect(verdictsHere.length).toBeGreaterThan(0);
    expect(verdictsHere.length).toBeLessThan(verdicts);
  });

  it('stops when cancelled', async () => {
    const root = join(EXAMPLES, 'gaia2-multilingual');
    const { runs } = await buildIndex(new NodeFileSource(root));
    const controller = new AbortController();
    const reported: number[] = [];
    const checking = checkRuns(new NodeFileSource(root), runs, {
      workers: checkWorkersFor(root),
      signal: controller.signal,
      // Cancelled once the first share is checked, while the workers hold others.
      onProgress: (checked) => {
        reported.push(checked);
        controller.abort(new Error('cancelled'));
      },
    });
    await expect(checking).rejects.toThrow('cancelled');
    expect(reported).toHaveLength(1);
    expect(reported[0]).toBeLessThan(runs.length);
  });
});
