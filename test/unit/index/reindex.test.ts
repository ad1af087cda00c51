import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DirEntry, FileSource, FileStat } from '../../../src/core/fileSource';
import { buildIndex, openIndex } from '../../../src/core/index/buildIndex';
import { NodeFileSource } from '../../../src/core/nodeFileSource';

// A file watcher's change reads again the one run it belongs to: no folder but that run's is listed, no other
// verdict read, and the index is what a full walk would give.

const FIXTURE = join(__dirname, '../../fixtures/index/agent-lang-run');
const RUN = 'gpt-4o/en/run_2/search/scenario_b';

/** Records the folders listed and the files read. */
class RecordingFileSource implements FileSource {
  readonly lists: string[] = [];
  readonly reads: string[] = [];
  constructor(private readonly inner: FileSource) {}
  list(path: string): Promise<DirEntry[]> {
    this.lists.push(path);
    return this.inner.list(path);
  }
  stat(path: string): Promise<FileStat | null> {
    return this.inner.stat(path);
  }
  read(path: string, maxBytes?: number): Promise<Uint8Array> {
    this.reads.push(path);
    return this.inner.read(path, maxBytes);
  }
  readHead(path: string, maxBytes: number): Promise<Uint8Array> {
    this.reads.push(path);
    return this.inner.readHead(path, maxBytes);
  }
  readStream(path: string): AsyncIterable<Uint8Array> {
    this.reads.push(path);
    return this.inner.readStream(path);
  }
  writeAtomic(path: string, data: Uint8Array): Promise<void> {
    return this.inner.writeAtomic(path, data);
  }
  describe(path: string): string {
    return this.inner.describe(path);
  }
  forget(): void {
    this.lists.length = 0;
    this.reads.length = 0;
  }
}

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function copy(): string {
  const root = mkdtempSync(join(tmpdir(), 'trajectory-lens-reindex-'));
  roots.push(root);
  cpSync(FIXTURE, root, { recursive: true });
  return root;
}

function passing(root: string): void {
  const path = join(root, RUN, 'result.json');
  writeFileSync(path, JSON.stringify({ ...JSON.parse(readFileSync(path, 'utf8')), success: true, reward: 1, failure_reasons: [] }));
}

describe.each([
  ['with the index cache', { cache: {} }],
  ['without a cache', {}],
])('reindexing a changed run %s', (_, options) => {
  it('lists and reads only that run, and gives what a new walk gives', async () => {
    const root = copy();
    const fs = new RecordingFileSource(new NodeFileSource(root));
    const live = await openIndex(fs, options);
    expect(live.index.runs.find((r) => r.path === RUN)?.outcome).toBe('fail');
    passing(root);
    fs.forget();
    const again = await live.reindex([`${RUN}/result.json`]);
    expect(fs.lists).toEqual([RUN]);
    expect(fs.reads.filter((p) => !p.startsWith('.trajectory-lens/'))).toEqual([`${RUN}/result.json`]);
    expect(again?.runs.find((r) => r.path === RUN)?.outcome).toBe('pass');
    expect(JSON.stringify(again)).toBe(JSON.stringify(await buildIndex(new NodeFileSource(root))));
  });

  it('asks for a walk when the changed file is in no run it found, or its run is gone', async () => {
    const root = copy();
    const live = await openIndex(new NodeFileSource(root), options);
    expect(await live.reindex(['gpt-4o/en/run_2/search/scenario_new/result.json'])).toBeNull();
    rmSync(join(root, RUN), { recursive: true });
    expect(await live.reindex([`${RUN}/result.json`])).toBeNull();
  });
});

describe('an index opened to be used as it is (a CLI command)', () => {
  it('is the index a rereadable one is, and asks for a walk rather than reading a changed run again', async () => {
    const root = copy();
    const once = await openIndex(new NodeFileSource(root), { rereadable: false });
    const live = await openIndex(new NodeFileSource(root));
    expect(JSON.stringify(once.index)).toBe(JSON.stringify(live.index));
    passing(root);
    expect(await once.reindex([`${RUN}/result.json`])).toBeNull();
    expect((await live.reindex([`${RUN}/result.json`]))?.runs.find((r) => r.path === RUN)?.outcome).toBe('pass');
  });
});
