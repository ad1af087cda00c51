import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileRefusedError } from '../../../src/core/fileSource';
import { NodeFileSource } from '../../../src/core/nodeFileSource';

// Whole reads of the files in a folder just listed: a small file is read in one call without a stat, and must give
// what the checked read gives. The same bytes, the same size limit, and a pipe or a device put where the listing
// saw a file is refused, not read.

let base: string;
const SMALL = '{"success": true, "reward": 1}\n';
const LARGE = 'x'.repeat(200 * 1024);
/** Read in one call, but few of them fit in the memory small reads share. */
const MEDIUM = 'm'.repeat(40 * 1024);
/** Exactly the size a one-call read fills, so that only a second read could tell the end. */
const FILLING = 'y'.repeat(64 * 1024);

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'trajectory-lens-listed-'));
  mkdirSync(join(base, 'run'));
  writeFileSync(join(base, 'run', 'small.json'), SMALL);
  writeFileSync(join(base, 'run', 'other.json'), '{"success": false}');
  writeFileSync(join(base, 'run', 'large.jsonl'), LARGE);
  writeFileSync(join(base, 'run', 'medium.jsonl'), MEDIUM);
  writeFileSync(join(base, 'run', 'filling.jsonl'), FILLING);
  writeFileSync(join(base, 'run', 'empty.json'), '');
  execFileSync('mkfifo', [join(base, 'run', 'fifo.json')]);
  mkdirSync(join(base, 'run', 'folder.json'));
});

afterAll(() => rmSync(base, { recursive: true, force: true }));

/** A source that has just listed `run`, as a walk has when its reader reads the run's files. */
function listed(): NodeFileSource {
  const fs = new NodeFileSource(base);
  fs.listSync('run');
  return fs;
}

const text = (bytes: Uint8Array): string => Buffer.from(bytes).toString();

describe('whole reads in a folder just listed', () => {
  it('give every byte of small, large and buffer-sized files, at once and through promises, as an unlisted source does', async () => {
    const fs = listed();
    const fresh = new NodeFileSource(base);
    for (const [name, content] of [
      ['small.json', SMALL],
      ['large.jsonl', LARGE],
      ['filling.jsonl', FILLING],
      ['empty.json', ''],
    ] as const) {
      expect(text(fs.readSync(`run/${name}`))).toBe(content);
      expect(text(await fs.read(`run/${name}`))).toBe(content);
      expect(text(fresh.readSync(`run/${name}`))).toBe(content);
    }
  });

  it('hand out bytes of their own: later reads, however many, do not change an earlier one, nor a change to it theirs', () => {
    const fs = listed();
    const first = fs.readSync('run/small.json');
    fs.readSync('run/other.json');
    fs.readSync('run/large.jsonl');
    // Many times what small reads share: each read's bytes stay as read.
    const reads = Array.from({ length: 100 }, () => fs.readSync('run/medium.jsonl'));
    expect(text(first)).toBe(SMALL);
    expect(reads.every((bytes) => text(bytes) === MEDIUM)).toBe(true);
    (reads[0] as Uint8Array).fill(0x30);
    first.fill(0x30);
    expect(text(reads[1] as Uint8Array)).toBe(MEDIUM);
    expect(text(fs.readSync('run/small.json'))).toBe(SMALL);
  });

  it('stream a small file as one chunk of its bytes', async () => {
    const fs = listed();
    const chunks: string[] = [];
    for await (const chunk of fs.readStream('run/small.json')) chunks.push(text(chunk));
    expect(chunks).toEqual([SMALL]);
  });

  it('keep the size limit: a file over it is refused with its size, one at it is read', async () => {
    const fs = listed();
    const size = Buffer.byteLength(SMALL);
    expect(() => fs.readSync('run/small.json', size - 1)).toThrow(FileRefusedError);
    await expect(fs.read('run/small.json', size - 1)).rejects.toBeInstanceOf(FileRefusedError);
    expect(text(fs.readSync('run/small.json', size))).toBe(SMALL);
  });

  it('refuse a FIFO and a folder named like files, without waiting for a writer', async () => {
    const fs = listed();
    expect(() => fs.readSync('run/fifo.json')).toThrow(FileRefusedError);
    await expect(fs.read('run/fifo.json')).rejects.toBeInstanceOf(FileRefusedError);
    expect(() => fs.readSync('run/folder.json')).toThrow(FileRefusedError);
    expect(() => fs.readSync('run/missing.json')).toThrow(/ENOENT/);
  });
});
