import { appendFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newLabelRecord, type LabelRecord } from '../../../src/core/triage/labelRecord';
import { appendRecord, LABELS_PATH, readLabels, type LabelFile } from '../../../src/core/triage/labelStore';
import { LabelsFileFollower } from '../../../src/core/triage/labelsFileFollower';
import { NodeLabelSink } from '../../../src/core/triage/nodeLabelSink';
import { NodeFileSource } from '../../../src/core/nodeFileSource';
import type { FileSource } from '../../../src/core/fileSource';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'trajectory-lens-follower-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

function label(scenario: string, code: LabelRecord['code']): LabelRecord {
  return newLabelRecord({ item: { group: `agent/${scenario}`, language: 'tha', run: null }, code, annotator: 'ana', tool: 'test' });
}

const append = (record: LabelRecord): Promise<void> => appendRecord(new NodeLabelSink(root), record);

/** The run directory on disk; with `hold` set, a read of the labels file hands back what it read only on `release`. */
class GatedSource extends NodeFileSource {
  reads = 0;
  hold = false;
  private waiting: Array<() => void> = [];
  override async *readStream(path: string): AsyncIterable<Uint8Array> {
    const chunks: Uint8Array[] = [];
    for await (const chunk of super.readStream(path)) chunks.push(chunk);
    // Counted once read, just before it may be held: a release after readsStarted() always finds it waiting.
    this.reads += 1;
    if (this.hold) await new Promise<void>((resolve) => this.waiting.push(resolve));
    yield* chunks;
  }
  release(): void {
    for (const resolve of this.waiting.splice(0)) resolve();
  }
  async readsStarted(count: number): Promise<void> {
    while (this.reads < count) await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

/** The codes of each read handed over, in order. */
function follow(fs: FileSource): { follower: LabelsFileFollower; seen: string[][] } {
  const seen: string[][] = [];
  const follower = new LabelsFileFollower(fs, (file: LabelFile) => seen.push(file.records.map((r) => r.code)));
  return { follower, seen };
}

describe('following a labels file', () => {
  it('hands over what the file holds, and nothing for a directory without one', async () => {
    const empty = follow(new NodeFileSource(root));
    await empty.follower.request();
    expect(empty.seen).toEqual([[]]);
    await append(label('a', 'T3'));
    const { follower, seen } = follow(new NodeFileSource(root));
    await follower.request();
    expect(seen).toEqual([['T3']]);
  });

  it('reads once more after a burst of requests during a read, ending with what was written last', async () => {
    await append(label('a', 'T3'));
    const fs = new GatedSource(root);
    const { follower, seen } = follow(fs);
    fs.hold = true;
    const first = follower.request();
    await fs.readsStarted(1);
    await append(label('b', 'A2'));
    const burst = [follower.request(), follower.request(), follower.request()];
    fs.hold = false;
    fs.release();
    await Promise.all([first, ...burst]);
    expect(fs.reads).toBe(2);
    expect(seen).toEqual([['T3'], ['T3', 'A2']]);
  });

  it('catches a write no watcher reported when checked, and reads nothing when the file is unchanged', async () => {
    const fs = new GatedSource(root);
    const { follower, seen } = follow(fs);
    await follower.request();
    await follower.check();
    expect(fs.reads).toBe(0);
    await append(label('a', 'T3'));
    await follower.check();
    expect(seen).toEqual([[], ['T3']]);
    await follower.check();
    expect(fs.reads).toBe(1);
    await appendFile(join(root, LABELS_PATH), '{"torn');
    await follower.check();
    expect(fs.reads).toBe(2);
  });

  it('hands over nothing once disposed, not even a read already under way', async () => {
    await append(label('a', 'T3'));
    const fs = new GatedSource(root);
    const { follower, seen } = follow(fs);
    fs.hold = true;
    const read = follower.request();
    await fs.readsStarted(1);
    follower.dispose();
    fs.release();
    await read;
    await follower.request();
    expect(seen).toEqual([]);
  });
});

describe('reading a labels file that cannot be looked at', () => {
  it('reports the file as unreadable instead of failing', async () => {
    const fs = new NodeFileSource(root);
    fs.stat = () => Promise.reject(new Error('EACCES: permission denied'));
    const file = await readLabels(fs);
    expect(file.records).toEqual([]);
    expect(file.diagnostics).toEqual([{ path: LABELS_PATH, line: null, message: 'unreadable: EACCES: permission denied', severity: 'error' }]);
  });
});
