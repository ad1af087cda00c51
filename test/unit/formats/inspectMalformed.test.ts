import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { zipArchive } from '../../../scripts/examples/inspect/zipWriter';
import { crc32, inspectReader, openZip } from '../../../src/core/formats/inspect';
import { buildIndex } from '../../../src/core/index/buildIndex';
import { loadTrajectory } from '../../../src/core/index/loadTrajectory';
import type { RunIndex } from '../../../src/core/index/runIndex';
import type { RunSummary } from '../../../src/core/model';
import { NodeFileSource } from '../../../src/core/nodeFileSource';
import { makeTree, removeTree } from '../index/tempTree';

// Corrupt archives and malformed logs yield diagnostics naming the file (and the entry), never an exception; the
// other logs of the folder still load.

const EVAL = 'logs/broken.eval';
const GOOD = 'logs/2025-01-01T00-00-00+00-00_qa_Good.json';
const roots: string[] = [];
type Json = Record<string, unknown>;

afterEach(async () => {
  await Promise.all(roots.splice(0).map(removeTree));
});

const evalSpec = { task: 'qa', model: 'm', scorers: [{ name: 'match' }] };
const sample = (id: string, epoch = 1, extra: Json = {}): Json => ({
  id,
  epoch,
  input: `q ${id}`,
  target: 'x',
  messages: [
    { role: 'user', content: `q ${id}` },
    { role: 'assistant', content: 'x' },
  ],
  scores: { match: { value: 'C' } },
  ...extra,
});
const goodLog = JSON.stringify({ version: 2, status: 'success', eval: evalSpec, samples: [sample('ok')] });

function archive(entries: Record<string, unknown>, stored = false): Buffer {
  return zipArchive(Object.entries(entries).map(([name, value]) => ({ name, text: typeof value === 'string' ? value : JSON.stringify(value), stored })));
}

const validEntries = (): Record<string, unknown> => ({
  'samples/a_epoch_1.json': sample('a'),
  'samples/b_epoch_1.json': sample('b'),
  'summaries.json': [sample('a'), sample('b')],
  'header.json': { version: 2, status: 'success', eval: evalSpec },
});

/** A tree holding a healthy .json log and `files` (Buffers written as bytes). */
async function tree(files: Record<string, Buffer | string>): Promise<{ fs: NodeFileSource; index: RunIndex; root: string }> {
  const root = await makeTree({ [GOOD]: goodLog });
  roots.push(root);
  for (const [path, data] of Object.entries(files)) {
    await mkdir(join(root, path, '..'), { recursive: true });
    await writeFile(join(root, path), data);
  }
  const fs = new NodeFileSource(root);
  return { fs, index: await buildIndex(fs), root };
}

const messages = (index: RunIndex): string[] => index.diagnostics.map((d) => `${d.path}: ${d.message}`);
const goodRunStill = (index: RunIndex): void => {
  expect(index.runs.map((r) => r.id)).toContain(`${GOOD}#ok_epoch_1`);
};

/** Offset of the first central-directory entry named `name`, and of its local header. */
function entryOffsets(zip: Buffer, name: string): { central: number; local: number } {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = zip.readUInt32LE(eocd + 16);
  for (;;) {
    const nameLength = zip.readUInt16LE(at + 28);
    if (zip.subarray(at + 46, at + 46 + nameLength).toString() === name) return { central: at, local: zip.readUInt32LE(at + 42) };
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
}

describe('corrupt .eval archives', () => {
  it('random bytes: not a zip archive', async () => {
    const { index } = await tree({ [EVAL]: Buffer.from('this is not a zip archive at all, just text pretending'.repeat(3)) });
    goodRunStill(index);
    expect(messages(index)).toEqual([`${EVAL}: not a readable .eval archive: no end-of-central-directory record: not a zip archive, or truncated`]);
  });

  it('too short, or empty', async () => {
    const { index } = await tree({ [EVAL]: Buffer.from('PK') });
    expect(messages(index)).toEqual([`${EVAL}: not a readable .eval archive: 2 bytes: too short to be a zip archive`]);
  });

  it('truncated (the end cut off, or the start cut off)', async () => {
    const zip = archive(validEntries());
    const cutEnd = await tree({ [EVAL]: zip.subarray(0, zip.length - 30) });
    expect(messages(cutEnd.index)).toEqual([`${EVAL}: not a readable .eval archive: no end-of-central-directory record: not a zip archive, or truncated`]);
    const cutStart = await tree({ [EVAL]: zip.subarray(200) });
    expect(messages(cutStart.index)[0]).toMatch(/^logs\/broken\.eval: not a readable \.eval archive: /);
    goodRunStill(cutStart.index);
  });

  it("a damaged sample entry: the index still reads the summaries; opening that sample names the entry's problem", async () => {
    const zip = archive(validEntries());
    const { local } = entryOffsets(zip, 'samples/b_epoch_1.json');
    const data = local + 30 + 'samples/b_epoch_1.json'.length;
    for (let i = 0; i < 8; i++) zip[data + i] = 0xff;
    const { fs, index } = await tree({ [EVAL]: zip });
    const run = index.runs.find((r) => r.id === `${EVAL}#b_epoch_1`);
    expect(index.runs.find((r) => r.id === `${EVAL}#a_epoch_1`)?.outcome).toBe('pass');
    const t = await loadTrajectory(fs, run as RunSummary);
    expect(t.steps).toEqual([]);
    expect(t.diagnostics).toHaveLength(1);
    expect(t.diagnostics[0]?.path).toBe(EVAL);
    expect(t.diagnostics[0]?.message).toMatch(/^samples\/b_epoch_1\.json: /);
  });

  it('a CRC that does not match the data', async () => {
    const zip = archive(validEntries(), true);
    const { central, local } = entryOffsets(zip, 'header.json');
    zip.writeUInt32LE((zip.readUInt32LE(central + 16) + 1) >>> 0, central + 16);
    zip.writeUInt32LE((zip.readUInt32LE(local + 14) + 1) >>> 0, local + 14);
    const { index } = await tree({ [EVAL]: zip });
    expect(messages(index)).toEqual([`${EVAL}: header.json: its data is corrupt (size or CRC mismatch)`]);
  });

  it('an unsupported compression method, and a declared size the data does not have', async () => {
    const zip = archive(validEntries());
    const header = entryOffsets(zip, 'header.json');
    zip.writeUInt16LE(12, header.central + 10);
    const summaries = entryOffsets(zip, 'summaries.json');
    zip.writeUInt32LE(0x7fffffff, summaries.central + 24);
    const { index } = await tree({ [EVAL]: zip });
    expect(messages(index)).toEqual([`${EVAL}: header.json: compression method 12 is not supported (stored, deflate and zstd are)`]);
    const withHeader = archive(validEntries());
    withHeader.writeUInt32LE(0x7fffffff, entryOffsets(withHeader, 'summaries.json').central + 24);
    const second = await tree({ [EVAL]: withHeader });
    // A member is never refused for its size: it is streamed, found corrupt, and the samples are read instead.
    expect(messages(second.index)).toEqual([`${EVAL}: summaries.json: its data is corrupt (size or CRC mismatch)`]);
    expect(second.index.runs.filter((r) => r.path === EVAL).map((r) => r.outcome)).toEqual(['pass', 'pass']);
  });

  it('entries that are not JSON, and an archive that is not an Inspect log', async () => {
    const notJson = await tree({ [EVAL]: archive({ ...validEntries(), 'header.json': '{"version": 2, "stat' }) });
    expect(messages(notJson.index)[0]).toMatch(/^logs\/broken\.eval: header\.json: not valid JSON: /);
    const other = await tree({ [EVAL]: archive({ 'README.txt': 'hello', 'data/1.json': {} }) });
    expect(messages(other.index)).toEqual([`${EVAL}: not an Inspect eval log: the archive has no header.json or _journal/start.json`]);
    goodRunStill(other.index);
  });

  it('stored entries, an archive comment, and zip64 records are read', async () => {
    const stored = archive(validEntries(), true);
    const comment = Buffer.from('written by a test');
    const commented = Buffer.concat([stored, comment]);
    commented.writeUInt16LE(comment.length, stored.length - 2);
    const { index } = await tree({ 'logs/stored.eval': stored, 'logs/commented.eval': commented, 'logs/zip64.eval': zip64Archive('header.json', JSON.stringify({ version: 2, eval: evalSpec, status: 'started' })) });
    expect(index.runs.filter((r) => r.path === 'logs/stored.eval')).toHaveLength(2);
    expect(index.runs.filter((r) => r.path === 'logs/commented.eval')).toHaveLength(2);
    expect(messages(index)).toEqual(['logs/zip64.eval: the log holds no samples (status started)']);
  });

  it('never throws, wherever the archive is cut', async () => {
    const zip = archive(validEntries());
    const { fs, root } = await tree({});
    for (let cut = 0; cut < zip.length; cut += 37) {
      await writeFile(join(root, EVAL), zip.subarray(0, cut));
      const result = await inspectReader.indexDirectory(fs, 'logs', await fs.list('logs'));
      expect(result.runs.length + result.diagnostics.length).toBeGreaterThan(0);
    }
  });
});

/** One stored entry whose sizes and offset are all in zip64 extra fields, behind zip64 end records. */
function zip64Archive(name: string, text: string): Buffer {
  const data = Buffer.from(text);
  const nameBytes = Buffer.from(name);
  const extra = Buffer.alloc(4 + 24);
  extra.writeUInt16LE(1, 0);
  extra.writeUInt16LE(24, 2);
  extra.writeBigUInt64LE(BigInt(data.length), 4);
  extra.writeBigUInt64LE(BigInt(data.length), 12);
  extra.writeBigUInt64LE(0n, 20);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(45, 4);
  local.writeUInt32LE(crc32(data), 14);
  local.writeUInt32LE(0xffffffff, 18);
  local.writeUInt32LE(0xffffffff, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  local.writeUInt16LE(20, 28);
  const localExtra = Buffer.alloc(20);
  localExtra.writeUInt16LE(1, 0);
  localExtra.writeUInt16LE(16, 2);
  localExtra.writeBigUInt64LE(BigInt(data.length), 4);
  localExtra.writeBigUInt64LE(BigInt(data.length), 12);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(45, 4);
  central.writeUInt16LE(45, 6);
  central.writeUInt32LE(crc32(data), 16);
  central.writeUInt32LE(0xffffffff, 20);
  central.writeUInt32LE(0xffffffff, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  central.writeUInt16LE(extra.length, 30);
  central.writeUInt32LE(0xffffffff, 42);
  const body = Buffer.concat([local, nameBytes, localExtra, data]);
  const directory = Buffer.concat([central, nameBytes, extra]);
  const record = Buffer.alloc(56);
  record.writeUInt32LE(0x06064b50, 0);
  record.writeBigUInt64LE(44n, 4);
  record.writeBigUInt64LE(1n, 24);
  record.writeBigUInt64LE(1n, 32);
  record.writeBigUInt64LE(BigInt(directory.length), 40);
  record.writeBigUInt64LE(BigInt(body.length), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(body.length + directory.length), 8);
  locator.writeUInt32LE(1, 16);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(0xffff, 8);
  end.writeUInt16LE(0xffff, 10);
  end.writeUInt32LE(0xffffffff, 12);
  end.writeUInt32LE(0xffffffff, 16);
  return Buffer.concat([body, directory, record, locator, end]);
}

describe('openZip', () => {
  it('reads zip64 entries directly', async () => {
    const { fs } = await tree({ 'z/a.zip': zip64Archive('a.txt', 'hello zip64') });
    const opened = await openZip(fs, 'z/a.zip');
    expect(opened.error).toBeNull();
    const read = await opened.archive?.read(['a.txt', 'missing.txt'], 1024);
    expect(new TextDecoder().decode(read?.get('a.txt')?.bytes ?? new Uint8Array())).toBe('hello zip64');
    expect(read?.get('missing.txt')).toEqual({ bytes: null, error: 'missing.txt: not in the archive' });
  });
});

describe('malformed .json logs', () => {
  const log = (value: unknown): string => JSON.stringify(value);
  const NAME = 'logs/2025-02-02T00-00-00+00-00_qa_Bad.json';

  it('truncated: invalid JSON with its line, no runs; the other log still loads', async () => {
    const text = JSON.stringify({ version: 2, status: 'success', eval: evalSpec, samples: [sample('a')] }, null, 2);
    const { index } = await tree({ [NAME]: text.slice(0, text.length - 40) });
    goodRunStill(index);
    expect(index.diagnostics).toEqual([expect.objectContaining({ path: NAME, severity: 'error', line: expect.any(Number) as number })]);
    expect(index.diagnostics[0]?.message).toMatch(/^invalid JSON/);
  });

  it('wrong types and missing keys: no eval object, samples not a list, samples without id or epoch', async () => {
    const { index } = await tree({
      'logs/2025-02-02T00-00-00+00-00_qa_NoEval.json': log({ version: 2, status: 'success', samples: [] }),
      'logs/2025-02-02T00-00-00+00-00_qa_NotList.json': log({ version: 2, status: 'success', eval: evalSpec, samples: { a: 1 } }),
      'logs/2025-02-02T00-00-00+00-00_qa_NoIds.json': log({ version: 2, status: 'success', eval: evalSpec, samples: [sample('ok2'), { epoch: 1 }, 'x', { id: 'y', epoch: 'one' }] }),
    });
    expect(messages(index)).toEqual([
      'logs/2025-02-02T00-00-00+00-00_qa_NoEval.json: not an Inspect eval log (no eval object)',
      'logs/2025-02-02T00-00-00+00-00_qa_NoIds.json: 3 entries of samples are not samples with an id and epoch; skipped',
      'logs/2025-02-02T00-00-00+00-00_qa_NotList.json: samples should be a list of samples; ignored',
      'logs/2025-02-02T00-00-00+00-00_qa_NotList.json: the log holds no samples (status success)',
    ]);
    expect(index.runs.map((r) => r.scenarioId).sort()).toEqual(['ok', 'ok2']);
  });

  it('huge arrays: twenty thousand samples are indexed; a conversation of unknown roles gives one diagnostic', async () => {
    const many = Array.from({ length: 20_000 }, (_, i) => ({ id: i, epoch: 1, input: 'q', target: 'x', scores: { match: { value: i % 2 ? 'C' : 'I' } } }));
    const noisy = sample('noisy', 1, { messages: Array.from({ length: 50_000 }, () => ({ role: 'narrator', content: '…' })) });
    const { fs, index } = await tree({ [NAME]: log({ version: 2, status: 'success', eval: evalSpec, samples: [...many, noisy] }) });
    expect(index.runs.filter((r) => r.path === NAME)).toHaveLength(20_001);
    expect(index.runs.filter((r) => r.path === NAME && r.outcome === 'pass')).toHaveLength(10_001);
    const run = index.runs.find((r) => r.id === `${NAME}#noisy_epoch_1`);
    const t = await loadTrajectory(fs, run as RunSummary);
    expect(t.diagnostics.map((d) => d.message)).toEqual(['50000 messages of unknown shape or role skipped (first: role "narrator")']);
  });

  it('wrong types inside a sample: tool calls without a function, content of odd types, refs outside the pool', async () => {
    const odd = sample('odd', 1, {
      messages: [
        { role: 'user', content: 7 },
        { role: 'assistant', content: [{ type: 'text', text: 'calling' }, 'stray'], tool_calls: [{ id: 't1', arguments: {} }, { id: 't2', function: 'calc', arguments: '2+2' }] },
        { role: 'tool', tool_call_id: 't2', content: [{ type: 'text', text: '4' }], error: 'warn' },
        { role: 'tool', tool_call_id: 'zz', function: 'lost', content: null },
      ],
    });
    const pooled = sample('pooled', 1, { messages: [], message_pool: [{ role: 'user', content: 'hi' }], events: [{ event: 'model', input: [], input_refs: [[0, 1], [1, 9], 'x'] }] });
    const { fs, index } = await tree({ [NAME]: log({ version: 2, status: 'success', eval: evalSpec, samples: [odd, pooled] }) });
    const t = await loadTrajectory(fs, index.runs.find((r) => r.id === `${NAME}#odd_epoch_1`) as RunSummary);
    expect(t.steps.map((s) => (s.kind === 'message' ? `${s.role}: ${s.text}` : `${s.tool} ${JSON.stringify(s.args)} ${JSON.stringify(s.result)} ${s.error ?? ''}`))).toEqual([
      'assistant: calling\n\nstray',
      'calc {"input":"2+2"} "4" warn',
      'lost {} null ',
    ]);
    expect(t.diagnostics.map((d) => d.message)).toEqual(['1 tool messages answer a call that is not in the conversation; shown as calls without arguments']);
    const p = await loadTrajectory(fs, index.runs.find((r) => r.id === `${NAME}#pooled_epoch_1`) as RunSummary);
    expect(p.steps).toMatchObject([{ kind: 'message', role: 'user', text: 'hi' }]);
    expect(p.diagnostics.map((d) => d.message)).toEqual([
      'input_refs [1,9] lies outside the message pool of 1 messages; skipped',
      'input_refs "x" lies outside the message pool of 1 messages; skipped',
    ]);
  });

  it('a run whose sample vanished from the log is reported when opened', async () => {
    const { fs, index, root } = await tree({ [NAME]: log({ version: 2, status: 'success', eval: evalSpec, samples: [sample('gone')] }) });
    const run = index.runs.find((r) => r.id === `${NAME}#gone_epoch_1`) as RunSummary;
    await writeFile(join(root, NAME), `${log({ version: 2, status: 'success', eval: evalSpec, samples: [] })}\n`);
    const t = await loadTrajectory(fs, run);
    expect(t.diagnostics.map((d) => d.message)).toEqual(['sample gone epoch 1 is not in the log']);
    expect(JSON.parse(await readFile(join(root, NAME), 'utf8'))).toMatchObject({ samples: [] });
  });
});
