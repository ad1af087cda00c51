import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileRefusedError } from '../../../src/core/fileSource';
import type { RunSummary } from '../../../src/core/model';
import { NodeFileSource } from '../../../src/core/nodeFileSource';
import { readRunFiles, withRunFiles } from '../../../src/core/runFiles';

// A run folder read in one go gives what listing it and reading each file gives, and nothing the file-by-file path
// would refuse: links, special files and large files send the caller back to that path.

let base: string;
let root: string;
let fs: NodeFileSource;

function run(path: string, format = 'gaia2-cli'): RunSummary {
  return { path, format } as RunSummary;
}

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'trajectory-lens-read-folder-'));
  root = join(base, 'runs');
  mkdirSync(join(root, 'plain', 'sub'), { recursive: true });
  writeFileSync(join(root, 'plain', 'result.json'), '{"success": true}');
  writeFileSync(join(root, 'plain', 'events.jsonl'), '{"a": "张伟"}\n');
  writeFileSync(join(base, 'secret.txt'), 'outside');
  mkdirSync(join(root, 'link-out'));
  writeFileSync(join(root, 'link-out', 'result.json'), '{}');
  symlinkSync(join(base, 'secret.txt'), join(root, 'link-out', 'events.jsonl'));
  mkdirSync(join(root, 'fifo'));
  execFileSync('mkfifo', [join(root, 'fifo', 'events.jsonl')]);
  mkdirSync(join(root, 'large'));
  writeFileSync(join(root, 'large', 'trace.jsonl'), 'x'.repeat(2048));
  symlinkSync(base, join(root, 'folder-out'));
  fs = new NodeFileSource(root);
});

afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('reading a run folder at once', () => {
  it('lists and reads every regular file as list and read do', async () => {
    const folder = await fs.readFolder('plain', 1024);
    expect(folder).not.toBeNull();
    const listed = await fs.list('plain');
    expect([...(folder?.entries ?? [])].sort((a, b) => a.name.localeCompare(b.name))).toEqual(listed.sort((a, b) => a.name.localeCompare(b.name)));
    for (const name of ['result.json', 'events.jsonl']) {
      expect(Buffer.from(folder?.files.get(name) ?? []).toString()).toBe(Buffer.from(await fs.read(`plain/${name}`)).toString());
    }
    expect(folder?.files.has('sub')).toBe(false);
  });

  it('gives null for a link, a FIFO, a file over the bound, a folder leading out and a missing folder', async () => {
    expect(await fs.readFolder('link-out', 1024)).toBeNull();
    expect(await fs.readFolder('fifo', 1024)).toBeNull();
    expect(await fs.readFolder('large', 1024)).toBeNull();
    expect(await fs.readFolder('folder-out', 1024)).toBeNull();
    expect(await fs.readFolder('missing', 1024)).toBeNull();
    expect(await fs.readFolder('../runs/plain', 1024)).toBeNull();
  });
});

describe('a run read through its prefetched files', () => {
  it('answers list and reads from memory, and still refuses a read over the reader’s bound', async () => {
    const files = await readRunFiles(fs, run('plain'));
    expect(files).not.toBeNull();
    const view = withRunFiles(fs, files!);
    expect((await view.list('plain')).map((e) => e.name).sort()).toEqual(['events.jsonl', 'result.json', 'sub']);
    expect(Buffer.from(await view.read('plain/events.jsonl')).toString()).toBe('{"a": "张伟"}\n');
    await expect(view.read('plain/events.jsonl', 4)).rejects.toBeInstanceOf(FileRefusedError);
  });

  it('is not used for formats that keep many runs in one file', async () => {
    expect(await readRunFiles(fs, run('plain', 'tau2'))).toBeNull();
  });
});
