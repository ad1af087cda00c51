import { spawn } from 'node:child_process';
import { appendFile, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LockTimeoutError } from '../../../src/core/triage/fileLock';
import { newLabelRecord, newReviewRecord, type LabelItem, type LabelRecord } from '../../../src/core/triage/labelRecord';
import { appendRecord, currentRecords, LABELS_PATH, parseLabels, readLabels } from '../../../src/core/triage/labelStore';
import { NodeLabelSink } from '../../../src/core/triage/nodeLabelSink';
import { NodeFileSource } from '../../../src/core/nodeFileSource';

const JPN: LabelItem = { group: 'agent-a/execution/scn_yoga_cleanup', language: 'jpn', run: null };
const CMN: LabelItem = { group: 'agent-a/execution/scn_email_budget', language: 'cmn', run: null };

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'trajectory-lens-labels-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

function label(item: LabelItem, code: LabelRecord['code'], extra: { note?: string; annotator?: string; at?: string } = {}): LabelRecord {
  return newLabelRecord({
    item,
    code,
    note: extra.note ?? '',
    annotator: extra.annotator ?? 'alice',
    tool: 'trajectory-lens test',
    at: extra.at ? new Date(extra.at) : undefined,
  });
}

const labelsFile = (): string => join(root, LABELS_PATH);
const read = () => readLabels(new NodeFileSource(root));

describe('appending labels', () => {
  it('writes one complete JSON line per decision and reads them back in file order', async () => {
    const sink = new NodeLabelSink(root);
    const first = label(JPN, 'T3', { note: 'plural reading\nof "the class"' });
    const second = label(CMN, 'T4');
    await appendRecord(sink, first);
    await appendRecord(sink, second);
    const text = await readFile(labelsFile(), 'utf8');
    expect(text.split('\n')).toHaveLength(3);
    expect(text.endsWith('\n')).toBe(true);
    const { records, diagnostics } = await read();
    expect(diagnostics).toEqual([]);
    expect(records).toEqual([first, second]);
    expect(records[0]?.note).toBe('plural reading\nof "the class"');
  });

  it('marks the labels file for union merges in git', async () => {
    await appendRecord(new NodeLabelSink(root), label(JPN, 'A3'));
    expect(await readFile(join(root, '.trajectory-lens/.gitattributes'), 'utf8')).toBe('labels.jsonl merge=union\n');
  });

  it('never writes a malformed record', async () => {
    const bad = { ...label(JPN, 'A3'), code: 'Z9' } as unknown as LabelRecord;
    await expect(appendRecord(new NodeLabelSink(root), bad)).rejects.toThrow(/unknown code "Z9"/);
    expect(await stat(labelsFile()).catch(() => null)).toBeNull();
  });

  it('keeps every record of 50 appends started at once in one process', async () => {
    const sink = new NodeLabelSink(root);
    const written = Array.from({ length: 50 }, (_, k) => label(CMN, 'A2', { note: `decision ${k} ${'x'.repeat(k * 100)}` }));
    await Promise.all(written.map((r) => appendRecord(sink, r)));
    const { records, diagnostics } = await read();
    expect(diagnostics).toEqual([]);
    expect(new Set(records.map((r) => r.note))).toEqual(new Set(written.map((r) => r.note)));
  });
});

describe('reading a damaged labels file', () => {
  it('reports a torn last line and keeps every earlier record', async () => {
    const sink = new NodeLabelSink(root);
    const kept = [label(JPN, 'T3'), label(CMN, 'T4')];
    for (const r of kept) await appendRecord(sink, r);
    // A crash mid-write leaves the start of a record and no newline.
    await appendFile(labelsFile(), JSON.stringify(label(CMN, 'A2')).slice(0, 70));
    const { records, diagnostics } = await read();
    expect(records).toEqual(kept);
    expect(diagnostics).toEqual([
      { path: LABELS_PATH, line: 3, message: expect.stringMatching(/^incomplete last line: a write was cut off/), severity: 'warning' },
    ]);
  });

  it('starts a new line after a torn one, so the next record is intact', async () => {
    const sink = new NodeLabelSink(root);
    await appendRecord(sink, label(JPN, 'T3'));
    await appendFile(labelsFile(), '{"schema":1,"id":"cut-o');
    const after = label(CMN, 'T4');
    await appendRecord(sink, after);
    const { records, diagnostics } = await read();
    expect(records.map((r) => r.id)).toContain(after.id);
    expect(records).toHaveLength(2);
    expect(diagnostics).toEqual([
      { path: LABELS_PATH, line: 2, message: expect.stringMatching(/^not valid JSON/), severity: 'error' },
    ]);
  });

  it('reports malformed middle lines by line number and skips them', () => {
    const good = [label(JPN, 'T3'), label(CMN, 'T4'), label(CMN, 'A2')];
    const text = [
      JSON.stringify(good[0]),
      '<<<<<<< HEAD',
      JSON.stringify({ ...good[1], code: 'Q1' }),
      JSON.stringify(good[1]),
      '',
      JSON.stringify({ hello: 'world' }),
      `${JSON.stringify(good[2])}\r`,
      '',
    ].join('\n');
    const { records, diagnostics } = parseLabels(text);
    expect(records).toEqual(good);
    expect(diagnostics.map((d) => [d.line, d.message])).toEqual([
      [2, expect.stringMatching(/^not valid JSON/)],
      [3, 'unknown code "Q1"; skipped'],
      [6, 'not a label record (schema missing or unknown); skipped'],
    ]);
  });

  it('treats a record that lost only its final newline as complete', () => {
    const r = label(JPN, 'T3');
    expect(parseLabels(JSON.stringify(r))).toEqual({ records: [r], diagnostics: [] });
  });

  it('reads a record twice after a merge as one decision, and reports an id reused for another record', () => {
    const r = label(JPN, 'T3');
    const clash = { ...label(CMN, 'A2'), id: r.id };
    const { records, diagnostics } = parseLabels([r, r, clash].map((x) => JSON.stringify(x)).join('\n') + '\n');
    expect(records).toEqual([r]);
    expect(diagnostics).toEqual([
      { path: LABELS_PATH, line: 3, message: `record id ${r.id} was already used by a different record; skipped`, severity: 'error' },
    ]);
  });

  it('reads the file as a stream: lines cut across chunks, CRLF, a reused id and a cut-off last line, as the whole text reads', async () => {
    const good = [label(JPN, 'T3', { note: 'ハイフン — 長い注記' }), label(CMN, 'T4')];
    const text = [JSON.stringify(good[0]), JSON.stringify({ ...good[1], code: 'Q1' }), `${JSON.stringify(good[1])}\r`, JSON.stringify(good[0]), '{"schema":1,"id":"cut'].join('\n');
    await mkdir(join(root, '.trajectory-lens'), { recursive: true });
    await writeFile(labelsFile(), text);
    // Seven-byte chunks cut lines and multi-byte characters alike.
    class SmallChunks extends NodeFileSource {
      override async *readStream(path: string): AsyncIterable<Uint8Array> {
        for await (const chunk of super.readStream(path)) for (let k = 0; k < chunk.length; k += 7) yield chunk.subarray(k, k + 7);
      }
    }
    const streamed = await readLabels(new SmallChunks(root));
    expect(streamed).toEqual(parseLabels(text));
    expect(streamed.records).toEqual(good);
    expect(streamed.diagnostics.map((d) => [d.line, d.severity])).toEqual([[2, 'error'], [5, 'warning']]);
  });

  it('skips a line longer than 16 MB, naming it, and reads the lines around it', async () => {
    const [before, after] = [label(JPN, 'T3'), label(CMN, 'T4')];
    await mkdir(join(root, '.trajectory-lens'), { recursive: true });
    await writeFile(labelsFile(), `${JSON.stringify(before)}\n${JSON.stringify({ ...after, note: 'x'.repeat(17 * 1024 * 1024) })}\n${JSON.stringify(after)}\n`);
    const { records, diagnostics } = await read();
    expect(records).toEqual([before, after]);
    expect(diagnostics).toEqual([{ path: LABELS_PATH, line: 2, message: 'line 2 is longer than 16 MB; skipped', severity: 'error' }]);
  });

  it('has no labels and no problems when the file does not exist yet', async () => {
    expect(await read()).toEqual({ records: [], diagnostics: [] });
  });
});

describe('current labels', () => {
  it('are the latest record per item, by decision time, whatever the file order', () => {
    const older = label(JPN, 'A3', { at: '2025-03-01T10:00:00Z' });
    const newer = label(JPN, 'T3', { at: '2025-03-02T10:00:00Z', annotator: 'bob' });
    const run = label({ ...JPN, run: 2 }, 'I2', { at: '2025-03-01T09:00:00Z' });
    const review = newReviewRecord({ item: CMN, code: 'T4', verdict: 'reject', side: 'agent', annotator: 'carol', tool: 't', at: new Date('2025-03-03T00:00:00Z') });
    const cmnLabel = label(CMN, 'T4', { at: '2025-03-01T00:00:00Z' });
    // After a merge, the newer JPN decision comes first in the file.
    expect(currentRecords([newer, run, older, cmnLabel, review])).toEqual([review, newer, run]);
  });

  it('validate reviews: a rejection names the side believed right', () => {
    expect(() => newReviewRecord({ item: CMN, code: 'T4', verdict: 'reject', annotator: 'carol', tool: 't' })).toThrow(/side/);
    const confirm = newReviewRecord({ item: CMN, code: 'T4', verdict: 'confirm', side: 'agent', annotator: 'carol', tool: 't' });
    expect(confirm.side).toBeNull();
  });
});

describe('the advisory lock', () => {
  const lockFile = (): string => `${labelsFile()}.lock`;

  async function deadPid(): Promise<number> {
    const child = spawn(process.execPath, ['-e', '']);
    const pid = child.pid as number;
    await new Promise((resolve) => child.on('exit', resolve));
    return pid;
  }

  it('takes over a lock left by a process that died', async () => {
    await mkdir(join(root, '.trajectory-lens'), { recursive: true });
    await writeFile(lockFile(), JSON.stringify({ pid: await deadPid(), host: hostname(), token: 'left-behind' }));
    const r = label(JPN, 'T3');
    await appendRecord(new NodeLabelSink(root, { timeoutMs: 5_000 }), r);
    expect((await read()).records).toEqual([r]);
    expect(await stat(lockFile()).catch(() => null)).toBeNull();
  });

  it('waits for a live holder and gives up with a clear message, writing nothing', async () => {
    await mkdir(join(root, '.trajectory-lens'), { recursive: true });
    // The test runner's parent process is alive for the whole test.
    await writeFile(lockFile(), JSON.stringify({ pid: process.ppid, host: hostname(), token: 'busy' }));
    const appending = appendRecord(new NodeLabelSink(root, { timeoutMs: 300 }), label(JPN, 'T3'));
    await expect(appending).rejects.toBeInstanceOf(LockTimeoutError);
    await expect(appending).rejects.toThrow(`held by process ${process.ppid} on ${hostname()}`);
    expect(await stat(labelsFile()).catch(() => null)).toBeNull();
    expect(JSON.parse(await readFile(lockFile(), 'utf8'))).toMatchObject({ token: 'busy' });
  });

  it('takes over a lock older than the stale limit even when its holder still runs', async () => {
    await mkdir(join(root, '.trajectory-lens'), { recursive: true });
    await writeFile(lockFile(), JSON.stringify({ pid: process.ppid, host: hostname(), token: 'hung' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await appendRecord(new NodeLabelSink(root, { timeoutMs: 5_000, staleMs: 20 }), label(JPN, 'T3'));
    expect((await read()).records).toHaveLength(1);
  });
});
