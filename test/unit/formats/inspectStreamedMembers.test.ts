import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { zipArchive } from '../../../scripts/examples/inspect/zipWriter';
import { createInspectReader } from '../../../src/core/formats/inspect';
import type { FormatReader } from '../../../src/core/formats/reader';
import { buildIndex } from '../../../src/core/index/buildIndex';
import { loadTrajectory } from '../../../src/core/index/loadTrajectory';
import type { Diagnostic, RunSummary, Trajectory } from '../../../src/core/model';
import { NodeFileSource } from '../../../src/core/nodeFileSource';
import { makeTree, removeTree } from '../index/tempTree';

// .eval members larger than the in-memory threshold are decompressed as a stream into a streaming JSON parser: the
// index and the samples it opens are the same as when members are read whole, a large member is never read whole,
// and a damaged member is reported against the .eval file, naming the member, with everything else still read.

const EVAL = 'logs/big.eval';
const roots: string[] = [];
type Json = Record<string, unknown>;

afterEach(async () => {
  await Promise.all(roots.splice(0).map(removeTree));
});

const evalSpec = { task: 'qa', model: 'm', scorers: [{ name: 'match' }], metadata: { note: 'x'.repeat(50) } };
const header = { version: 2, status: 'success', eval: evalSpec, plan: { steps: [] }, stats: { started_at: 'now' } };

function sample(id: string, value: string, words = 4): Json {
  return {
    id,
    epoch: 1,
    input: `question ${id}`,
    target: 'A',
    messages: [
      { role: 'user', content: `question ${id}` },
      { role: 'assistant', content: `answer ${id} ${'word '.repeat(words).trim()}` },
    ],
    output: { completion: `answer ${id}` },
    scores: { match: { value, answer: 'A', explanation: `explained ${id}`, metadata: { grading: [{ role: 'user', content: 'grade it' }] } } },
    metadata: { language: id.endsWith('-de') ? 'de' : 'en', source: 'a long dataset note '.repeat(5) },
  };
}

function summaryOf(s: Json): Json {
  const { messages: _m, output: _o, ...summary } = s;
  return summary;
}

const SAMPLES = [sample('q1', 'C'), sample('q2', 'I'), sample('q3-de', 'C'), sample('q4', 'P')];

function entries(samples = SAMPLES): Record<string, unknown> {
  return {
    ...Object.fromEntries(samples.map((s) => [`samples/${String(s.id)}_epoch_1.json`, s])),
    'summaries.json': samples.map(summaryOf),
    'header.json': header,
  };
}

function archive(members: Record<string, unknown>, stored = false): Buffer {
  return zipArchive(Object.entries(members).map(([name, value]) => ({ name, text: typeof value === 'string' ? value : JSON.stringify(value), stored })));
}

/** The offset of an entry's data (its local header, name and no extra field first). */
function dataOffset(zip: Buffer, name: string): number {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = zip.readUInt32LE(eocd + 16);
  for (;;) {
    const nameLength = zip.readUInt16LE(at + 28);
    if (zip.subarray(at + 46, at + 46 + nameLength).toString() === name) return zip.readUInt32LE(at + 42) + 30 + nameLength;
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
}

/** Records the ranges read, so that a test can tell a member was never read whole, or read once. */
class MeasuredSource extends NodeFileSource {
  largestRead = 0;
  readonly ranges: Array<[number, number]> = [];
  override async readRange(path: string, start: number, end: number): Promise<Uint8Array> {
    const bytes = await super.readRange(path, start, end);
    this.largestRead = Math.max(this.largestRead, bytes.length);
    this.ranges.push([start, end]);
    return bytes;
  }
}

async function tree(zip: Buffer): Promise<string> {
  const root = await makeTree({});
  roots.push(root);
  await mkdir(join(root, 'logs'), { recursive: true });
  await writeFile(join(root, EVAL), zip);
  return root;
}

const whole = createInspectReader();
const streamed = createInspectReader({ inMemoryMemberBytes: 0 });

/** Index and every sample through `reader`, on a file source of its own (opened logs are kept per source). */
async function readAll(root: string, reader: FormatReader, fs = new NodeFileSource(root)): Promise<{ runs: RunSummary[]; diagnostics: Diagnostic[]; trajectories: Trajectory[] }> {
  const index = await buildIndex(fs, { readers: [reader] });
  const trajectories: Trajectory[] = [];
  for (const run of index.runs) trajectories.push(await loadTrajectory(fs, run, { check: true }, [reader]));
  return { runs: index.runs, diagnostics: index.diagnostics, trajectories };
}

const view = (t: Trajectory) => ({ task: t.task, steps: t.steps.map((s) => (s.kind === 'message' ? s.text : s.tool)), answer: t.finalAnswer, checks: t.checks, judge: t.judge });
const runView = (r: RunSummary) => [r.id, r.scenarioId, r.language, r.outcome, r.score, r.failureFamily, r.failureReason];

describe('.eval members above the in-memory threshold', () => {
  it.each([
    ['deflated', false],
    ['stored', true],
  ])('%s: indexed and shown as when read whole', async (_kind, stored) => {
    const root = await tree(archive(entries(), stored));
    const expected = await readAll(root, whole);
    const actual = await readAll(root, streamed);
    expect(actual.diagnostics).toEqual([]);
    expect(actual.runs.map(runView)).toEqual(expected.runs.map(runView));
    expect(actual.runs.map(runView)).toEqual([
      [`${EVAL}#q1_epoch_1`, 'q1', 'eng', 'pass', 1, null, null],
      [`${EVAL}#q2_epoch_1`, 'q2', 'eng', 'fail', 0, 'incorrect', 'match = I; answer "A"; explained q2'],
      [`${EVAL}#q3-de_epoch_1`, 'q3', 'deu', 'pass', 1, null, null],
      [`${EVAL}#q4_epoch_1`, 'q4', 'eng', 'fail', 0.5, 'partial', 'match = P; answer "A"; explained q4'],
    ]);
    expect(actual.trajectories.map(view)).toEqual(expected.trajectories.map(view));
    expect(actual.trajectories[1]?.steps.map((s) => (s.kind === 'message' ? s.text : ''))).toEqual(['question q2', 'answer q2 word word word word']);
    expect(actual.trajectories.flatMap((t) => t.diagnostics)).toEqual([]);
  });

  it('reads the samples themselves, and a journal, the same way when there are no consolidated summaries', async () => {
    const { 'summaries.json': _s, ...noSummaries } = entries();
    const journal = { ...noSummaries, '_journal/start.json': header, '_journal/summaries/1.json': [summaryOf(SAMPLES[0] ?? {})] };
    delete (journal as Json)['header.json'];
    for (const members of [noSummaries, journal]) {
      const root = await tree(archive(members));
      const expected = await readAll(root, whole);
      const actual = await readAll(root, streamed);
      expect(actual.runs.map(runView)).toEqual(expected.runs.map(runView));
      expect(actual.runs.length).toBe(members === journal ? 1 : 4);
      expect(actual.diagnostics).toEqual(expected.diagnostics);
    }
  });

  it('never reads a large member whole: a 3 MB sample is decompressed in chunks and shown', async () => {
    const big = sample('q9', 'C', 600_000);
    const zip = archive(entries([...SAMPLES, big]), true);
    const root = await tree(zip);
    const fs = new MeasuredSource(root);
    const reader = createInspectReader({ inMemoryMemberBytes: 1024 * 1024 });
    const index = await buildIndex(fs, { readers: [reader] });
    const run = index.runs.find((r) => r.id === `${EVAL}#q9_epoch_1`) as RunSummary;
    const t = await loadTrajectory(fs, run, {}, [reader]);
    expect(t.diagnostics).toEqual([]);
    expect(t.steps[1]?.kind === 'message' && t.steps[1].text.length).toBe('answer q9 '.length + 'word '.length * 600_000 - 1);
    expect(zip.length).toBeGreaterThan(3_000_000);
    expect(fs.largestRead).toBeLessThanOrEqual(1024 * 1024);
  });
});

describe('one pass over the log', () => {
  it('indexing through the index cache and then opening a sample reads the summaries once', async () => {
    const zip = archive(entries());
    const summariesAt = dataOffset(zip, 'summaries.json');
    const fs = new MeasuredSource(await tree(zip));
    const index = await buildIndex(fs, { readers: [streamed], cache: {} });
    const t = await loadTrajectory(fs, index.runs[3] as RunSummary, {}, [streamed]);
    expect(t.steps).toHaveLength(2);
    // The archive's tail (all of this small archive) is read when it is opened; then the summaries' data, once.
    expect(fs.ranges.filter(([start]) => start === summariesAt)).toHaveLength(1);
  });
});

describe('a damaged member read as a stream', () => {
  const messages = (diagnostics: Diagnostic[]): string[] => diagnostics.map((d) => `${d.path}: ${d.message}`);

  it('a damaged sample: opening it names the file and the member; the index and the other samples are whole', async () => {
    const zip = archive(entries());
    const at = dataOffset(zip, 'samples/q2_epoch_1.json');
    for (let i = 0; i < 8; i++) zip[at + i] = 0xff;
    const { runs, diagnostics, trajectories } = await readAll(await tree(zip), streamed);
    expect(diagnostics).toEqual([]);
    expect(runs.map((r) => r.outcome)).toEqual(['pass', 'fail', 'pass', 'fail']);
    const [first, damaged, ...rest] = trajectories;
    expect(damaged?.steps).toEqual([]);
    expect(messages(damaged?.diagnostics ?? [])).toEqual([expect.stringMatching(/^logs\/big\.eval: samples\/q2_epoch_1\.json: /)]);
    for (const t of [first, ...rest]) {
      expect(t?.diagnostics).toEqual([]);
      expect(t?.steps).toHaveLength(2);
    }
  });

  it('a truncated member (the data cut short): named, and the samples are read in place of the summaries', async () => {
    const zip = archive(entries(), true);
    const summariesAt = dataOffset(zip, 'summaries.json');
    const text = JSON.stringify(SAMPLES.map(summaryOf));
    // The entry's bytes end early: the text stops in the middle, padded with spaces to the declared size.
    zip.fill(0x20, summariesAt + Math.floor(text.length / 2), summariesAt + text.length);
    const { runs, diagnostics } = await readAll(await tree(zip), streamed);
    expect(messages(diagnostics)).toEqual([`${EVAL}: summaries.json: its data is corrupt (size or CRC mismatch)`]);
    expect(runs.map(runView)).toEqual((await readAll(await tree(archive(entries())), whole)).runs.map(runView));
  });

  it('a member whose JSON stops short: named with its own line and column; nothing else lost', async () => {
    const cut = JSON.stringify(SAMPLES.map(summaryOf), null, 1);
    const { runs, diagnostics } = await readAll(await tree(archive({ ...entries(), 'summaries.json': cut.slice(0, cut.length - 30) })), streamed);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ path: EVAL, line: null, severity: 'error' });
    expect(diagnostics[0]?.message).toMatch(/^summaries\.json: invalid JSON: .*\(line \d+, column \d+\)$/);
    expect(runs).toHaveLength(4);
  });

  it('a header that is not JSON: the log is named as unreadable, not half-read', async () => {
    const { runs, diagnostics } = await readAll(await tree(archive({ ...entries(), 'header.json': '{"version": 2, "eval": {"task": ' })), streamed);
    expect(runs).toEqual([]);
    expect(messages(diagnostics)[0]).toMatch(/^logs\/big\.eval: header\.json: invalid JSON: /);
  });
});
