import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIndex } from '../../../src/core/index/buildIndex';
import type { RunSummary } from '../../../src/core/model';
import { NodeFileSource } from '../../../src/core/nodeFileSource';
import { parseQuery } from '../../../src/core/search/parseQuery';
import { searchRuns, type SearchOptions, type SearchProgress } from '../../../src/core/search/searchRuns';

// Searching on worker threads (as the CLI and the extension do from dist/) must give what the search on the calling
// thread gives, in the same order, with progress and cancellation.

const EXAMPLES = join(__dirname, '../../../examples/gaia2-multilingual');
const fs = new NodeFileSource(EXAMPLES);
const outdir = mkdtempSync(join(tmpdir(), 'trajectory-lens-search-worker-'));
let runs: RunSummary[];
let workers: NonNullable<SearchOptions['workers']>;

beforeAll(async () => {
  await build({ entryPoints: { searchWorker: join(__dirname, '../../../src/core/search/searchWorker.ts') }, outdir, bundle: true, platform: 'node', format: 'cjs', target: 'node20', mainFields: ['module', 'main'], logLevel: 'silent' });
  workers = { script: join(outdir, 'searchWorker.js'), count: 2, root: EXAMPLES };
  runs = (await buildIndex(fs)).runs;
}, 120_000);
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

async function search(text: string, options: SearchOptions = {}): Promise<string[]> {
  const parsed = parseQuery(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const found: string[] = [];
  for await (const m of searchRuns(fs, runs, parsed.query, options)) found.push(`${m.run.id} ${m.step} ${m.field} ${m.snippet}`);
  return found;
}

describe('search on worker threads', () => {
  it('finds what the search on this thread finds, in run order', async () => {
    expect(runs.length).toBeGreaterThan(100);
    for (const text of ['text:"Zhang Wei"', 'tool:Contacts.search_contacts arg:query~張', 'text:contact lang:eng,jpn,cmn', 'arg:query tool:search_contacts']) {
      const here = await search(text);
      expect(here.length, text).toBeGreaterThan(0);
      expect(await search(text, { workers }), text).toEqual(here);
    }
  }, 120_000);

  it('reports every run read and stops when cancelled', async () => {
    let last: SearchProgress | null = null;
    await search('text:"Zhang Wei"', { workers, onProgress: (p) => (last = p) });
    expect(last).toMatchObject({ candidates: runs.length, done: runs.length, scanned: runs.length });

    const all = await search('text:e');
    const firstRun = all.filter((m) => m.split(' ')[0] === all[0]?.split(' ')[0]).length;
    const controller = new AbortController();
    const parsed = parseQuery('text:e');
    if (!parsed.ok) throw new Error(parsed.error.message);
    let seen = 0;
    const cancelled = (async () => {
      for await (const _ of searchRuns(fs, runs, parsed.query, { workers, signal: controller.signal })) {
        if (++seen === 1) controller.abort(new Error('cancelled'));
      }
    })();
    await expect(cancelled).rejects.toThrow('cancelled');
    // The run being shown is shown to its end; nothing after it.
    expect(seen).toBe(firstRun);
    expect(seen).toBeLessThan(all.length);
  }, 120_000);

  it('scans on this thread what a worker cannot', async () => {
    const broken = { ...workers, script: join(outdir, 'missing.js') };
    expect(await search('text:"Zhang Wei"', { workers: broken })).toEqual(await search('text:"Zhang Wei"'));
  }, 120_000);
});
