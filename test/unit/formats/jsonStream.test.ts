import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { streamJson, streamJsonBytes, type JsonBytes, type StreamedElement } from '../../../src/core/formats/jsonStream';
import { NodeFileSource } from '../../../src/core/nodeFileSource';
import { tempTrees } from '../index/tempTree';

// Streaming a JSON document: the members asked for whole, the list's elements one at a time with their byte ranges,
// and every problem as a diagnostic at its line and column.

const tree = tempTrees();

/** The same files, handed over in chunks of `size` bytes: a chunk boundary falls inside tokens and characters. */
class Chunked extends NodeFileSource {
  constructor(
    root: string,
    private readonly size: number,
  ) {
    super(root);
  }
  override async *readStream(path: string): AsyncIterable<Uint8Array> {
    for await (const chunk of super.readStream(path)) for (let k = 0; k < chunk.length; k += this.size) yield chunk.subarray(k, k + this.size);
  }
}

async function read(fs: NodeFileSource, text: string, list = 'simulations') {
  const elements: Array<StreamedElement & { text: string }> = [];
  const members: Array<[string, unknown]> = [];
  const result = await streamJson(fs, 'doc.json', {
    members: ['info', 'tasks'],
    list,
    member: (name, value) => members.push([name, value]),
    element: (e) => elements.push({ ...e, text: Buffer.from(text).subarray(...e.range).toString() }),
  });
  return { ...result, elements, members };
}

describe('streaming a JSON document', () => {
  it('hands over each element with the bytes it occupies, and the members asked for, whatever the chunk size', async () => {
    const text = '\uFEFF{"info": {"agent": "ナビ"}, "simulations": [{"id": "é"}, 3, [1, 2]], "other": {"big": [1]}, "tasks": []}';
    const fs = await tree({ 'doc.json': text });
    const withBom = Buffer.from(text);
    for (const source of [fs, new Chunked(fs.root, 1), new Chunked(fs.root, 7)]) {
      const result = await read(source, withBom.toString());
      expect(result.diagnostics).toEqual([]);
      expect(result.complete).toBe(true);
      expect(result.elements.map((e) => [e.index, e.value, e.text])).toEqual([
        [0, { id: 'é' }, '{"id": "é"}'],
        [1, 3, '3'],
        [2, [1, 2], '[1, 2]'],
      ]);
      expect(result.members).toEqual([['info', { agent: 'ナビ' }], ['tasks', []]]);
      expect([...result.memberKinds]).toEqual([['info', 'object'], ['simulations', 'array'], ['other', 'object'], ['tasks', 'array']]);
    }
    expect(await readFile(join(fs.root, 'doc.json'))).toEqual(withBom);
  });

  it('streams the elements of a top-level list', async () => {
    const fs = await tree({ 'doc.json': '[{"id": 1}, {"id": 2}]' });
    const result = await read(fs, '[{"id": 1}, {"id": 2}]', '');
    expect(result.elements.map((e) => [e.value, e.text])).toEqual([[{ id: 1 }, '{"id": 1}'], [{ id: 2 }, '{"id": 2}']]);
  });

  it('names the kind of a document that is not the container asked for, without reading on', async () => {
    for (const [text, kind] of [['[1, 2', 'array'], ['"text"', 'string'], ['null', 'null'], ['12', 'number']] as const) {
      const fs = await tree({ 'doc.json': text });
      expect(await read(fs, text)).toMatchObject({ kind, complete: false, diagnostics: [], elements: [] });
    }
  });

  it('reports bad input at its line and column', async () => {
    const cases = [
      ['  \n', null, 'file is empty'],
      ['{"info": {"a": 1},\n "simulations": [{"id"', [2, 23], 'invalid JSON: '],
      ['{"info": {"a" 1}}', [1, 15], 'invalid JSON: '],
      ['{"info": {}}\n{', [2, 1], 'invalid JSON: '],
      ['{"info":\n  {"a": tru}}', [2, 12], 'invalid JSON: '],
      ['{"info": "ナ\u0000"}', null, 'binary content (NUL bytes): not a JSON file'],
    ] as const;
    for (const [text, at, message] of cases) {
      const fs = await tree({ 'doc.json': text });
      const { diagnostics, complete } = await read(fs, text);
      expect(complete).toBe(false);
      expect(diagnostics).toEqual([
        { path: 'doc.json', line: at?.[0] ?? null, ...(at ? { column: at[1] } : {}), message: expect.stringContaining(message), severity: 'error' },
      ]);
    }
  });

  it('reports bytes that are not UTF-8 at their line and column', async () => {
    const fs = await tree({});
    const { writeFile } = await import('node:fs/promises');
    await writeFile(join(fs.root, 'doc.json'), Buffer.concat([Buffer.from('{"info":\n "ナa'), Buffer.from([0xff]), Buffer.from('"}')]));
    expect((await read(fs, '')).diagnostics).toEqual([
      { path: 'doc.json', line: 2, column: 5, message: 'not valid UTF-8 text (line 2, column 5)', severity: 'error' },
    ]);
  });

  it('reads a document held within a file: whole, or some members of any kind, its problems named with its own lines', async () => {
    const within = (text: string): JsonBytes => ({
      path: 'logs/a.eval',
      within: 'samples/a.json',
      async *chunks() {
        const bytes = Buffer.from(text);
        for (let k = 0; k < bytes.length; k += 3) yield bytes.subarray(k, k + 3);
      },
    });
    let root: unknown;
    const whole = await streamJsonBytes(within('{"id": "ナ", "messages": [1, {"a": [2]}]}'), { members: [], list: null, root: (v) => (root = v) });
    expect([whole.complete, root]).toEqual([true, { id: 'ナ', messages: [1, { a: [2] }] }]);
    const picked: Array<[string, unknown]> = [];
    const fields = await streamJsonBytes(within('{"id": 1, "messages": [1, 2], "epoch": 2}'), { members: ['id', 'epoch'], list: null, member: (k, v) => picked.push([k, v]) });
    expect([fields.complete, picked]).toEqual([true, [['id', 1], ['epoch', 2]]]);
    const array = await streamJsonBytes(within('[1, 2]'), { members: ['id'], list: null, member: (k, v) => picked.push([k, v]) });
    expect([array.kind, array.complete, picked.length]).toEqual(['array', true, 2]);
    const bad = await streamJsonBytes(within('{"id": 1,\n "x": tru}'), { members: [], list: null, root: () => undefined });
    expect(bad.diagnostics).toEqual([
      { path: 'logs/a.eval', line: null, message: expect.stringMatching(/^samples\/a\.json: invalid JSON: .* \(line 2, column 10\)$/), severity: 'error' },
    ]);
    const failing: JsonBytes = {
      path: 'logs/a.eval',
      within: 'samples/a.json',
      async *chunks() {
        yield Buffer.from('{"id"');
        throw new Error('its data is corrupt (size or CRC mismatch)');
      },
    };
    expect((await streamJsonBytes(failing, { members: [], list: null })).diagnostics).toEqual([
      { path: 'logs/a.eval', line: null, message: 'samples/a.json: its data is corrupt (size or CRC mismatch)', severity: 'error' },
    ]);
  });
});
