import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAX_LINE_BYTES } from '../../../src/core/formats/jsonLines';
import { LABELS_PATH, readLabels } from '../../../src/core/triage/labelStore';
import { NodeFileSource } from '../../../src/core/nodeFileSource';
import { REPO } from '../cli/cliProcess';
import { useExampleCopy } from '../cli/exampleCopy';

// Many people label at once from several terminals and windows, and a process can die in the middle of a write:
// no completed record may be lost or damaged, and the file must stay readable.

const GROUP = 'agent-a/execution/scn_yoga_cleanup';
const WRITERS = 20;
// Large enough that writing it takes a while, so the process can be killed in the middle of the write.
const BIG_NOTE_BYTES = 200 * 1024 * 1024;

const copy = useExampleCopy('gaia2-multilingual', ['agent-a/eng/run_1', 'agent-a/jpn/run_1']);

beforeAll(async () => {
  await writeFile(join(copy.work, 'big-note.txt'), 'n'.repeat(BIG_NOTE_BYTES));
}, 120_000);

interface Finished {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

function label(...extra: string[]): { child: ChildProcess; done: Promise<Finished> } {
  const args = [join(REPO, 'bin/trajectory-lens.js'), 'label', copy.runs, '--group', GROUP, '--language', 'jpn', '--code', 'T3', ...extra];
  const child = spawn(process.execPath, args, { cwd: copy.work, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const done = new Promise<Finished>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stderr }));
  });
  return { child, done };
}

/** Kills the process as soon as the labels file has grown by more than any small record: it is writing the big one. */
function killMidWrite(child: ChildProcess): Promise<number> {
  const file = join(copy.runs, LABELS_PATH);
  return new Promise((resolve, reject) => {
    const poll = setInterval(() => {
      stat(file).then(
        (info) => {
          if (info.size > 1024 * 1024 && child.exitCode === null) {
            clearInterval(poll);
            child.kill('SIGKILL');
            resolve(info.size);
          }
        },
        () => undefined,
      );
    }, 1);
    child.on('exit', () => {
      clearInterval(poll);
      reject(new Error('the big write finished before it could be interrupted'));
    });
  });
}

describe('20 label processes at once and one killed mid-write', () => {
  it('keeps every completed record intact and the file readable', async () => {
    const victim = label('--annotator', 'victim', '--note-file', join(copy.work, 'big-note.txt'));
    const killed = killMidWrite(victim.child);
    const writers = Array.from({ length: WRITERS }, (_, k) => label('--annotator', `writer-${k}`, '--note', `decision of writer ${k}`));
    const sizeAtKill = await killed;
    const results = await Promise.all(writers.map((w) => w.done));
    const victimEnd = await victim.done;
    // A later process must take over the lock the killed one left and write after its cut-off line.
    const after = await label('--annotator', 'after', '--note', 'written after the crash').done;

    expect(victimEnd.signal).toBe('SIGKILL');
    for (const r of [...results, after]) expect(r).toMatchObject({ code: 0, stderr: '' });

    const text = await readFile(join(copy.runs, LABELS_PATH), 'utf8');
    const lines = text.split('\n');
    expect(lines.pop()).toBe('');
    // The killed process's line is cut off: longer than any small record, shorter than its whole record.
    const torn = lines.findIndex((line) => line.length > 1024 * 1024);
    expect(torn).toBeGreaterThanOrEqual(0);
    expect(lines[torn]?.length).toBeLessThan(BIG_NOTE_BYTES);
    expect(sizeAtKill).toBeLessThan(BIG_NOTE_BYTES);

    const { records, diagnostics } = await readLabels(new NodeFileSource(copy.runs));
    // Where the kill lands depends on the machine's load: a line cut off past the line limit is passed over unread (a
    // busy machine wrote more before the kill); a shorter one is read, and is not JSON. Either is named by its line.
    const tornBytes = Buffer.byteLength(lines[torn] ?? '');
    const message = tornBytes > DEFAULT_MAX_LINE_BYTES ? `line ${torn + 1} is longer than 16 MB; skipped` : expect.stringMatching(/not valid JSON/);
    expect(diagnostics).toEqual([{ path: LABELS_PATH, line: torn + 1, message, severity: 'error' }]);
    expect(records).toHaveLength(WRITERS + 1);
    expect(new Set(records.map((r) => r.id)).size).toBe(WRITERS + 1);
    const notes = records.map((r) => `${r.annotator}: ${r.note}`).sort();
    const expected = [...Array.from({ length: WRITERS }, (_, k) => `writer-${k}: decision of writer ${k}`), 'after: written after the crash'].sort();
    expect(notes).toEqual(expected);
    for (const r of records) expect(r).toMatchObject({ item: { group: GROUP, language: 'jpn', run: null }, code: 'T3', kind: 'label' });
    // Every line but the cut-off one is a whole record.
    expect(lines.filter((_, k) => k !== torn).every((line) => JSON.parse(line) !== null)).toBe(true);
    expect(await stat(join(copy.runs, `${LABELS_PATH}.lock`)).catch(() => null)).toBeNull();
  }, 180_000);
});
