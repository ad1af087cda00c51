import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DirEntry, FileSource, FileStat } from '../../../src/core/fileSource';
import { buildIndex } from '../../../src/core/index/buildIndex';
import { INDEX_CACHE_PATH, INDEX_CACHE_VERSION } from '../../../src/core/index/indexCache';
import type { RunIndex } from '../../../src/core/index/runIndex';
import type { FormatReader, IndexedRun } from '../../../src/core/formats/reader';
import { NodeFileSource } from '../../../src/core/nodeFileSource';

// Reopening a run directory reuses .trajectory-lens/index-cache.jsonl for every run whose files are unchanged and
// reads only the runs that changed, appeared or went away.

const FIXTURE = join(__dirname, '../../fixtures/index/agent-lang-run');
const RUN = 'gpt-4o/en/run_2/search/scenario_b';

/**
 * Counts the verdict reads (result.json) by run folder, and the listings. With `atOnce`, it lists, reads and stats at
 * once too, as the local file source does (the walk and the cache then take that path).
 */
class CountingFileSource implements FileSource {
  readonly reads: string[] = [];
  readonly lists: string[] = [];
  /** Verdicts read through a promise. */
  promisedReads = 0;
  readonly listSync?: (path: string) => DirEntry[];
  readonly readSync?: (path: string, maxBytes?: number) => Uint8Array;
  readonly statSync?: (path: string) => FileStat | null;
  constructor(
    private readonly inner: NodeFileSource,
    private readonly readOnly = false,
    atOnce = false,
  ) {
    if (!atOnce) return;
    this.listSync = (path) => {
      this.lists.push(path);
      return inner.listSync(path);
    };
    this.readSync = (path, maxBytes) => {
      this.count(path);
      return inner.readSync(path, maxBytes);
    };
    this.statSync = (path) => inner.statSync(path);
  }
  list(path: string): Promise<DirEntry[]> {
    this.lists.push(path);
    return this.inner.list(path);
  }
  stat(path: string): Promise<FileStat | null> {
    return this.inner.stat(path);
  }
  private count(path: string): void {
    if (path.endsWith('result.json')) this.reads.push(path.slice(0, -'/result.json'.length));
  }
  read(path: string): Promise<Uint8Array> {
    this.count(path);
    if (path.endsWith('result.json')) this.promisedReads++;
    return this.inner.read(path);
  }
  readHead(path: string, maxBytes: number): Promise<Uint8Array> {
    this.count(path);
    return this.inner.readHead(path, maxBytes);
  }
  readStream(path: string): AsyncIterable<Uint8Array> {
    this.count(path);
    return this.inner.readStream(path);
  }
  writeAtomic(path: string, data: Uint8Array): Promise<void> {
    if (this.readOnly) return Promise.reject(new Error('EROFS: read-only file system'));
    return this.inner.writeAtomic(path, data);
  }
  describe(path: string): string {
    return this.inner.describe(path);
  }
}

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function copy(): string {
  const root = mkdtempSync(join(tmpdir(), 'trajectory-lens-index-cache-'));
  roots.push(root);
  cpSync(FIXTURE, root, { recursive: true });
  return root;
}

/** The cache's records ([kind, key, value] after its header line). */
function cacheRecords(root: string): unknown[][] {
  const [, ...records] = readFileSync(join(root, INDEX_CACHE_PATH), 'utf8').trim().split('\n');
  return records.map((line) => JSON.parse(line) as unknown[]);
}

const IDLE_RUN: IndexedRun = {
  path: '',
  key: null,
  format: 'canonical',
  scenarioId: '',
  outcome: 'pass',
  capability: null,
  failureFamily: null,
  failureReason: null,
  score: null,
  model: null,
  agent: null,
  setting: null,
  languageHint: 'en',
  runIndexHint: null,
};

const PAST = new Date(Date.now() - 3_600_000);

/** Dates every folder under `root` an hour back, as a directory whose runs have not changed in a while. */
function settle(root: string): void {
  const past = PAST;
  for (const entry of readdirSync(root, { withFileTypes: true, recursive: true })) {
    if (entry.isDirectory()) utimesSync(join(entry.parentPath, entry.name), past, past);
  }
  utimesSync(root, past, past);
}

/** Whether the suite's file sources list, read and stat at once (the suite runs both ways). */
let readingAtOnce = false;

async function index(
  root: string,
  readOnly = false,
  storage?: FileSource,
): Promise<{ index: RunIndex; reads: string[]; lists: string[]; promisedReads: number }> {
  const fs = new CountingFileSource(new NodeFileSource(root), readOnly, readingAtOnce);
  const built = await buildIndex(fs, { cache: { storage } });
  return { index: built, reads: [...fs.reads].sort(), lists: fs.lists, promisedReads: fs.promisedReads };
}

/** The index as the CLI prints it, without the cache's own diagnostics. */
function shown(built: RunIndex): string {
  return JSON.stringify({ runs: built.runs, diagnostics: built.diagnostics.filter((d) => !d.path.includes('index-cache')) });
}

describe.each([
  ['at once', true],
  ['in promises', false],
])('index cache, the source reading %s', (_, atOnce) => {
  beforeAll(() => {
    readingAtOnce = atOnce;
  });

  it('reopens an unchanged directory without reading any verdict, with the same runs and diagnostics', async () => {
    const root = copy();
    const first = await index(root);
    expect(first.reads.length).toBe(first.index.runs.length);
    expect(first.promisedReads).toBe(atOnce ? 0 : first.reads.length);
    const second = await index(root);
    expect(second.reads).toEqual([]);
    expect(shown(second.index)).toBe(shown(first.index));
    expect(shown(second.index)).toBe(shown(await buildIndex(new NodeFileSource(root))));
  });

  it('reads again only the run whose verdict changed size', async () => {
    const root = copy();
    await index(root);
    const path = join(root, RUN, 'result.json');
    writeFileSync(path, JSON.stringify({ ...JSON.parse(readFileSync(path, 'utf8')), success: true, reward: 1, failure_reasons: [] }));
    const second = await index(root);
    expect(second.reads).toEqual([RUN]);
    expect(second.index.runs.find((r) => r.path === RUN)?.outcome).toBe('pass');
  });

  it('reads again only the run whose verdict has a new mtime at the same size', async () => {
    const root = copy();
    await index(root);
    const path = join(root, RUN, 'result.json');
    const before = statSync(path);
    utimesSync(path, before.atime, new Date(before.mtimeMs + 5000));
    expect((await index(root)).reads).toEqual([RUN]);
  });

  it('reads only an added run, and forgets a removed one', async () => {
    const root = copy();
    const first = await index(root);
    const added = 'gpt-4o/en/run_2/search/scenario_c';
    cpSync(join(root, RUN), join(root, added), { recursive: true });
    const second = await index(root);
    expect(second.reads).toEqual([added]);
    expect(second.index.runs).toHaveLength(first.index.runs.length + 1);
    rmSync(join(root, RUN), { recursive: true });
    const third = await index(root);
    expect(third.reads).toEqual([]);
    expect(third.index.runs.map((r) => r.path)).not.toContain(RUN);
    expect(third.index.runs).toHaveLength(first.index.runs.length);
    expect(cacheRecords(root).map(([, key]) => key)).not.toContain(`gaia2-cli\0${RUN}`);
  });

  it('does not list a settled directory again, yet finds a run added to it and reads only that one', async () => {
    const root = copy();
    settle(root);
    const first = await index(root);
    expect(first.lists.length).toBeGreaterThan(10);
    // Dated back again (the cache's own folder appeared in the root since).
    settle(root);
    const second = await index(root);
    expect(second.reads).toEqual([]);
    expect(second.lists).toEqual([]);
    const added = 'gpt-4o/en/run_2/search/scenario_c';
    cpSync(join(root, RUN), join(root, added), { recursive: true });
    const third = await index(root);
    expect(third.reads).toEqual([added]);
    expect(third.lists.sort()).toEqual(['gpt-4o/en/run_2/search', added]);
    expect(third.index.runs).toHaveLength(first.index.runs.length + 1);
    expect(shown(third.index)).toBe(shown(await buildIndex(new NodeFileSource(root))));
  });

  it('reads again only the run a file was added to, in a settled directory', async () => {
    const root = copy();
    settle(root);
    await index(root);
    settle(root);
    await index(root);
    // A run folder whose verdict stays as it was, but whose listing changes: it is listed and read again.
    writeFileSync(join(root, RUN, 'agent_response.txt'), 'done');
    const next = await index(root);
    expect(next.reads).toEqual([RUN]);
    expect(next.lists).toEqual([RUN]);
  });

  it('reads again a run whose reader listed a folder that has changed since', async () => {
    // A reader that answers by what a folder holds (the runs beside it, a folder of simulations): a run per file there.
    const reader: FormatReader = {
      format: 'canonical',
      claimsDirectory: (entries) => entries.some((e) => e.name === 'batch.marker'),
      isAuxiliaryFile: () => false,
      indexDirectory: async (fs, dir) => {
        const files = (await fs.list(`${dir}/items`)).map((e) => e.name).sort();
        const runs = files.map((name) => ({ ...IDLE_RUN, path: `${dir}/items/${name}`, scenarioId: name }));
        return { runs, diagnostics: [] };
      },
      readTrajectory: () => Promise.reject(new Error('not read here')),
    };
    const root = mkdtempSync(join(tmpdir(), 'trajectory-lens-index-cache-'));
    roots.push(root);
    mkdirSync(join(root, 'batch/items'), { recursive: true });
    writeFileSync(join(root, 'batch/batch.marker'), '');
    writeFileSync(join(root, 'batch/items/a.txt'), 'a');
    const open = () => buildIndex(new NodeFileSource(root), { readers: [reader], cache: {} });
    expect((await open()).runs.map((r) => r.scenarioId)).toEqual(['a.txt']);
    writeFileSync(join(root, 'batch/items/b.txt'), 'b');
    expect((await open()).runs.map((r) => r.scenarioId).sort()).toEqual(['a.txt', 'b.txt']);
  });

  it('discards a corrupt cache with a warning and reads every run', async () => {
    const root = copy();
    const first = await index(root);
    const lines = readFileSync(join(root, INDEX_CACHE_PATH), 'utf8').split('\n');
    writeFileSync(join(root, INDEX_CACHE_PATH), [...lines.slice(0, 3), '["e","gaia2-cli\\u0000x",', ...lines.slice(3)].join('\n'));
    const second = await index(root);
    expect(second.reads.length).toBe(first.index.runs.length);
    expect(second.index.diagnostics).toContainEqual(
      expect.objectContaining({ path: INDEX_CACHE_PATH, line: 4, severity: 'warning', message: expect.stringMatching(/^index cache discarded: not valid JSON/) }),
    );
    expect(shown(second.index)).toBe(shown(first.index));
    // Rewritten, so the next index trusts it again.
    expect((await index(root)).reads).toEqual([]);
  });

  it('reads a cache of a megabyte and more as one: trusted whole, or discarded naming the line or the bad text', async () => {
    const root = copy();
    const first = await index(root);
    const [header, ...records] = readFileSync(join(root, INDEX_CACHE_PATH), 'utf8').split('\n');
    // Blank lines (skipped, yet counted) make the cache larger than the pieces it is decoded in.
    const padding = Array.from({ length: 600_000 }, () => '');
    const padded = [header, ...padding, ...records.slice(0, 2), ...padding, ...records.slice(2)];
    writeFileSync(join(root, INDEX_CACHE_PATH), padded.join('\n'));
    expect((await index(root)).reads).toEqual([]);

    const corrupt = [header, ...padding, ...records.slice(0, 2), ...padding, '["e",', ...records.slice(2)];
    writeFileSync(join(root, INDEX_CACHE_PATH), corrupt.join('\n'));
    const second = await index(root);
    expect(second.reads.length).toBe(first.index.runs.length);
    const line = 1 + padding.length + 2 + padding.length + 1;
    expect(second.index.diagnostics).toContainEqual(
      expect.objectContaining({ path: INDEX_CACHE_PATH, line, message: expect.stringMatching(/^index cache discarded: not valid JSON/) }),
    );

    const bytes = Buffer.from(padded.join('\n'));
    bytes[bytes.length - 10] = 0xff;
    writeFileSync(join(root, INDEX_CACHE_PATH), bytes);
    const third = await index(root);
    expect(third.reads.length).toBe(first.index.runs.length);
    expect(third.index.diagnostics).toContainEqual(
      expect.objectContaining({ path: INDEX_CACHE_PATH, line: null, message: expect.stringMatching(/^index cache discarded: cannot be read as UTF-8 text/) }),
    );
  });

  it('discards a cache of another format version, and one whose entries are malformed', async () => {
    const root = copy();
    const first = await index(root);
    const [header, ...records] = readFileSync(join(root, INDEX_CACHE_PATH), 'utf8').split('\n');
    writeFileSync(join(root, INDEX_CACHE_PATH), [JSON.stringify({ ...JSON.parse(header as string), version: INDEX_CACHE_VERSION + 1 }), ...records].join('\n'));
    const second = await index(root);
    expect(second.reads.length).toBe(first.index.runs.length);
    expect(second.index.diagnostics).toContainEqual(
      expect.objectContaining({
        message: `index cache discarded: format version ${INDEX_CACHE_VERSION + 1}, expected ${INDEX_CACHE_VERSION}; every run is read again`,
      }),
    );
    await index(root);
    const entry = cacheRecords(root).find(([kind]) => kind === 'e');
    writeFileSync(join(root, INDEX_CACHE_PATH), `${readFileSync(join(root, INDEX_CACHE_PATH), 'utf8')}${JSON.stringify(['e', entry?.[1], { listing: '', files: 'x', result: {} }])}\n`);
    const third = await index(root);
    expect(third.reads.length).toBe(first.index.runs.length);
    expect(third.index.diagnostics.some((d) => /^index cache discarded: record .* is malformed/.test(d.message))).toBe(true);
    // A cache of the layout before, one JSON object on one line, is named and never trusted.
    writeFileSync(join(root, INDEX_CACHE_PATH), JSON.stringify({ version: 3, context: '', folders: {}, entries: {} }));
    const fourth = await index(root);
    expect(fourth.reads.length).toBe(first.index.runs.length);
    expect(fourth.index.diagnostics).toContainEqual(expect.objectContaining({ message: `index cache discarded: format version 3, expected ${INDEX_CACHE_VERSION}; every run is read again` }));
  });

  it('keeps no cache in a read-only directory, or keeps it in the storage given', async () => {
    const root = copy();
    const first = await index(root, true);
    expect((await index(root, true)).reads.length).toBe(first.index.runs.length);
    const storageRoot = mkdtempSync(join(tmpdir(), 'trajectory-lens-index-storage-'));
    roots.push(storageRoot);
    const storage = new NodeFileSource(storageRoot);
    await index(root, true, storage);
    expect(statSync(join(storageRoot, INDEX_CACHE_PATH)).isFile()).toBe(true);
    expect((await index(root, true, storage)).reads).toEqual([]);
  });
});
