import { execFileSync } from 'node:child_process';
import { link, mkdir, readFile, readdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, TEST_TIMEOUT_MS, useScratch, type IndexJson } from './hardening';
import { NodeFileSource } from '../../../src/core/nodeFileSource';
import { loadEntityAliases } from '../../../src/core/entities/loadEntityAliases';

// Nothing outside the run directory is read or written through a symbolic link, and each refusal names the link.

const LABEL = ['--group', 'refund_damaged_order', '--language', 'deu', '--code', 'A1', '--annotator', 'tester'];

describe('symbolic links leading out of the run directory', { timeout: TEST_TIMEOUT_MS }, () => {
  const scratch = useScratch();

  it('label refuses a .trajectory-lens folder linked elsewhere and writes nothing there', async () => {
    const dir = await scratch.copy('canonical');
    const elsewhere = join(scratch.outside(), 'elsewhere-sidecar');
    await mkdir(elsewhere);
    await symlink(elsewhere, join(dir, '.trajectory-lens'));
    const result = await cli('label', dir, ...LABEL);
    expect(result.killed).toBe(false);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/not saved: .*\.trajectory-lens is a symbolic link/);
    expect(await readdir(elsewhere)).toEqual([]);
  });

  it('label refuses a labels.jsonl linked to another file and leaves that file as it was', async () => {
    const dir = await scratch.copy('canonical');
    const victim = join(scratch.outside(), 'unrelated.txt');
    await writeFile(victim, 'unrelated\n');
    await mkdir(join(dir, '.trajectory-lens'));
    await symlink(victim, join(dir, '.trajectory-lens', 'labels.jsonl'));
    const result = await cli('label', dir, ...LABEL);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/labels\.jsonl is a symbolic link/);
    expect(await readFile(victim, 'utf8')).toBe('unrelated\n');
  });

  it('label refuses a labels.jsonl hard-linked to a file outside and leaves that file as it was', async () => {
    const dir = await scratch.copy('canonical');
    const victim = join(scratch.outside(), 'hard-linked.txt');
    await writeFile(victim, 'unrelated\n');
    await mkdir(join(dir, '.trajectory-lens'));
    await link(victim, join(dir, '.trajectory-lens', 'labels.jsonl'));
    const result = await cli('label', dir, ...LABEL);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/labels\.jsonl has 2 hard links/);
    expect(await readFile(victim, 'utf8')).toBe('unrelated\n');
  });

  it('a FIFO planted as the labels lock is moved aside, not read: the label is saved', async () => {
    const dir = await scratch.copy('canonical');
    await mkdir(join(dir, '.trajectory-lens'));
    execFileSync('mkfifo', [join(dir, '.trajectory-lens', 'labels.jsonl.lock')]);
    const result = await cli('label', dir, ...LABEL);
    expect(result.killed).toBe(false);
    expect(result.code).toBe(0);
    expect(await readFile(join(dir, '.trajectory-lens', 'labels.jsonl'), 'utf8')).toMatch(/"code":"A1"/);
  });

  it('a label is still saved in a plain run directory', async () => {
    const dir = await scratch.copy('canonical');
    const result = await cli('label', dir, ...LABEL);
    expect(result.code).toBe(0);
    expect(await readFile(join(dir, '.trajectory-lens', 'labels.jsonl'), 'utf8')).toMatch(/"code":"A1"/);
  });

  it('labels.jsonl and trajectory-lens.json linked to files outside are named and not read', async () => {
    const dir = await scratch.copy('canonical');
    const secret = join(scratch.outside(), 'secret.json');
    await writeFile(secret, '{"baseline": "deu"}');
    await symlink(secret, join(dir, 'trajectory-lens.json'));
    await mkdir(join(dir, '.trajectory-lens'));
    await symlink(secret, join(dir, '.trajectory-lens', 'labels.jsonl'));
    const index = JSON.parse((await cli('index', dir, '--json')).stdout) as IndexJson;
    expect(index.diagnostics).toContainEqual(
      expect.objectContaining({ path: 'trajectory-lens.json', message: expect.stringMatching(/outside the run directory/) }),
    );
    const labels = await cli('labels', dir);
    expect(labels.stdout + labels.stderr).toMatch(/labels\.jsonl.*outside the run directory/);
  });

  it('a terms.csv linked outside is named, its terms are not read', async () => {
    const dir = await scratch.copy('canonical');
    const outsideTerms = join(scratch.outside(), 'terms.csv');
    await writeFile(outsideTerms, 'source,translation,language\nsecret,geheim,deu\n');
    await symlink(outsideTerms, join(dir, 'terms.csv'));
    const { aliases, diagnostics } = await loadEntityAliases(new NodeFileSource(dir), []);
    expect(aliases).toEqual([]);
    expect(diagnostics).toContainEqual(expect.objectContaining({ path: 'terms.csv', message: expect.stringMatching(/outside the run directory/) }));
  });

  it('a link that stays inside the run directory is followed', async () => {
    const dir = await scratch.copy('canonical');
    await writeFile(join(dir, 'real-config.json'), '{"baseline": "deu"}');
    await symlink('real-config.json', join(dir, 'trajectory-lens.json'));
    const fs = new NodeFileSource(dir);
    expect(new TextDecoder().decode(await fs.read('trajectory-lens.json'))).toBe('{"baseline": "deu"}');
  });

  it('a path with a `..` segment is refused, listed or read, even below a folder just listed', async () => {
    const dir = await scratch.copy('canonical');
    await mkdir(join(dir, 'sub'));
    const fs = new NodeFileSource(dir);
    expect(await fs.list('')).toContainEqual({ name: 'sub', type: 'directory' });
    for (const path of ['..', 'sub/../..', 'sub/../../etc']) await expect(fs.list(path)).rejects.toThrow(/escapes the run directory/);
    await expect(fs.read('sub/../../outside.txt')).rejects.toThrow(/escapes the run directory/);
  });
});
