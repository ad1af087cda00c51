import { mkdtemp, rm, writeFile, open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NodeFileSource } from '../../../src/core/nodeFileSource';
import { readJsonFile, readJsonLines, readTextFile } from '../../../src/core/formats/jsonLines';

let dir: string;
let fs: NodeFileSource;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tl-jsonlines-'));
  fs = new NodeFileSource(dir);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function file(name: string, content: string | Uint8Array): Promise<string> {
  await writeFile(join(dir, name), content);
  return name;
}

describe('readJsonLines', () => {
  it('parses every line with its line number, skipping blank lines and accepting CRLF, a BOM and no final newline', async () => {
    const path = await file('ok.jsonl', '\uFEFF{"a":1}\r\n\n  \n{"b":"日本語"}\r\n[3]');
    const { records, diagnostics } = await readJsonLines(fs, path);
    expect(diagnostics).toEqual([]);
    expect(records).toEqual([
      { line: 1, value: { a: 1 } },
      { line: 4, value: { b: '日本語' } },
      { line: 5, value: [3] },
    ]);
  });

  it('reports a truncated last line and keeps the lines before it', async () => {
    const path = await file('truncated.jsonl', '{"a":1}\n{"b":2}\n{"c":');
    const { records, diagnostics } = await readJsonLines(fs, path);
    expect(records.map((r) => r.line)).toEqual([1, 2]);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ path, line: 3, severity: 'error' });
    expect(diagnostics[0]?.message).toMatch(/^line 3 is truncated/);
  });

  it('reports an invalid line in the middle and keeps the lines around it', async () => {
    const path = await file('invalid.jsonl', '{"a":1}\n{not json}\n{"c":3}\n');
    const { records, diagnostics } = await readJsonLines(fs, path);
    expect(records.map((r) => r.value)).toEqual([{ a: 1 }, { c: 3 }]);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ path, line: 2 });
    expect(diagnostics[0]?.message).toMatch(/^line 2 is not valid JSON: /);
  });

  it('reports a binary file once instead of one problem per line', async () => {
    const bytes = new Uint8Array(4096);
    for (let i = 0; i < bytes.length; i++) bytes[i] = i % 7 === 0 ? 10 : i % 256;
    const path = await file('binary.jsonl', bytes);
    const { records, diagnostics } = await readJsonLines(fs, path);
    expect(records).toEqual([]);
    expect(diagnostics).toEqual([
      { path, line: null, message: 'binary content (NUL bytes): not a JSON Lines text file', severity: 'error' },
    ]);
  });

  it('reports a line that is not valid UTF-8', async () => {
    const good = new TextEncoder().encode('{"a":1}\n');
    const bad = new Uint8Array([0x7b, 0x22, 0x62, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d, 0x0a]);
    const path = await file('latin1.jsonl', new Uint8Array([...good, ...bad]));
    const { records, diagnostics } = await readJsonLines(fs, path);
    expect(records).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ line: 2, message: 'line 2 is not valid UTF-8 text (column 7)' });
  });

  it('lists at most 20 problems per file and summarises the rest', async () => {
    const path = await file('garbage.jsonl', 'x\n'.repeat(50));
    const { diagnostics } = await readJsonLines(fs, path);
    expect(diagnostics).toHaveLength(21);
    expect(diagnostics[20]).toMatchObject({ line: null, message: '30 more problems in this file are not listed' });
  });

  it('skips a 50 MB line with a diagnostic, without hanging, and still reads the lines after it', async () => {
    const handle = await open(join(dir, 'huge.jsonl'), 'w');
    const chunk = Buffer.alloc(1024 * 1024, 'a');
    await handle.write('{"before":true}\n{"blob":"');
    for (let i = 0; i < 50; i++) await handle.write(chunk);
    await handle.write('"}\n{"after":true}\n');
    await handle.close();

    const { records, diagnostics } = await readJsonLines(fs, 'huge.jsonl');
    expect(records).toEqual([
      { line: 1, value: { before: true } },
      { line: 3, value: { after: true } },
    ]);
    expect(diagnostics).toEqual([
      { path: 'huge.jsonl', line: 2, message: 'line 2 is longer than 16 MB; skipped', severity: 'error' },
    ]);
  }, 30_000);

  it('honours a smaller line limit', async () => {
    const path = await file('long.jsonl', `{"x":"${'b'.repeat(3000)}"}\n{"y":1}\n`);
    const { records, diagnostics } = await readJsonLines(fs, path, { maxLineBytes: 1024 * 1024 * 0.001 });
    expect(records).toEqual([{ line: 2, value: { y: 1 } }]);
    expect(diagnostics[0]?.message).toMatch(/^line 1 is longer than 0\.0 MB; skipped$/);
  });

  it('reports a missing file as unreadable', async () => {
    const { records, diagnostics } = await readJsonLines(fs, 'absent.jsonl');
    expect(records).toEqual([]);
    expect(diagnostics[0]).toMatchObject({ path: 'absent.jsonl', line: null });
    expect(diagnostics[0]?.message).toMatch(/^cannot read file: /);
  });
});

describe('readJsonFile', () => {
  it('parses a JSON document', async () => {
    const path = await file('ok.json', '{"success": true, "scenario_id": "s1"}');
    expect(await readJsonFile(fs, path, 1024)).toEqual({ value: { success: true, scenario_id: 's1' }, diagnostics: [] });
  });

  it('reports an empty file', async () => {
    const path = await file('empty.json', '  \n');
    expect(await readJsonFile(fs, path, 1024)).toEqual({
      value: undefined,
      diagnostics: [{ path, line: null, message: 'file is empty', severity: 'error' }],
    });
  });

  it('reports invalid JSON at its line and column', async () => {
    const path = await file('invalid.json', '{\n  "a": 1,\n  "b": tru\n}');
    const { value, diagnostics } = await readJsonFile(fs, path, 1024);
    expect(value).toBeUndefined();
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]?.message).toMatch(/^invalid JSON: /);
    expect(diagnostics[0]?.line).toBe(3);
    expect(diagnostics[0]?.column).toBeGreaterThan(1);
  });

  it('places an error inside a string at the string, and reports trailing commas and comments JSON does not allow', async () => {
    const cases: Array<[string, string, { line: number; column: number }]> = [
      ['escape.json', '{\n  "a": 1,\n  "b": "bad \\x escape"\n}', { line: 3, column: 8 }],
      ['comma.json', '{\n  "a": [1, 2,]\n}', { line: 2, column: 14 }],
      ['comment.json', '{\n  // note\n  "a": 1\n}', { line: 2, column: 3 }],
      ['truncated.json', '{\n  "a": {"b": 1', { line: 2, column: 15 }],
    ];
    for (const [name, text, place] of cases) {
      const [diagnostic] = (await readJsonFile(fs, await file(name, text), 1024)).diagnostics;
      expect({ line: diagnostic?.line, column: diagnostic?.column }, name).toEqual(place);
    }
  });

  it('reports binary content', async () => {
    const path = await file('binary.json', new Uint8Array([0x7b, 0x00, 0x01, 0x7d]));
    expect((await readJsonFile(fs, path, 1024)).diagnostics[0]?.message).toBe('binary content (NUL bytes): not a JSON file');
  });

  it('refuses a file larger than the limit', async () => {
    const path = await file('big.json', `{"x":"${'c'.repeat(5000)}"}`);
    const result = await readJsonFile(fs, path, 2 * 1024 * 1024 * 0.001);
    expect(result.value).toBeUndefined();
    expect(result.diagnostics[0]?.message).toMatch(/^file is larger than .* MB; not read$/);
  });

  it('reports an unreadable file without throwing', async () => {
    const result = await readJsonFile(fs, 'missing.json', 1024);
    expect(result.value).toBeUndefined();
    expect(result.diagnostics[0]?.message).toMatch(/^cannot read file: /);
  });
});

describe('readTextFile', () => {
  it('decodes UTF-8 text and rejects binary content', async () => {
    expect((await readTextFile(fs, await file('a.txt', 'हो गया'), 1024)).text).toBe('हो गया');
    const binary = await readTextFile(fs, await file('b.txt', new Uint8Array([0x41, 0x00])), 1024);
    expect(binary).toEqual({ text: null, diagnostics: [{ path: 'b.txt', line: null, message: 'binary content (NUL bytes): not a text file', severity: 'error' }] });
  });
});

describe('readJsonLines in one chunk or many', () => {
  /** A file source that streams a file `size` bytes at a time. */
  class ChunkedFileSource extends NodeFileSource {
    constructor(
      root: string,
      private readonly size: number,
    ) {
      super(root);
    }
    override async *readStream(path: string): AsyncIterable<Uint8Array> {
      const bytes = await this.read(path);
      for (let i = 0; i < bytes.length; i += this.size) yield bytes.subarray(i, i + this.size);
    }
  }

  it('finds the same records and problems, on the same lines, whichever way the file arrives', async () => {
    const bad = new Uint8Array([0x7b, 0x22, 0x78, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]);
    const parts = ['\uFEFF{"a":1}\n', '\n', '{"b": 2,}\n', '  \n', '{"c":"日本語"}\r\n', '', '[4]\n', '{"cut": '];
    const text = new TextEncoder().encode(parts.join(''));
    const withBadLine = new Uint8Array([...text.subarray(0, 12), ...bad, 0x0a, ...text.subarray(12)]);
    for (const [name, bytes] of [['mixed.jsonl', text], ['bad-utf8.jsonl', withBadLine]] as const) {
      const path = await file(name, bytes);
      const whole = await readJsonLines(fs, path);
      expect(whole.records.length, name).toBeGreaterThan(2);
      for (const size of [1, 5, 64]) expect(await readJsonLines(new ChunkedFileSource(dir, size), path), `${name} in ${size}-byte chunks`).toEqual(whole);
    }
    const { diagnostics } = await readJsonLines(fs, 'mixed.jsonl');
    expect(diagnostics.map((d) => [d.line, d.message.replace(/:.*/, '')])).toEqual([
      [3, 'line 3 is not valid JSON'],
      [7, 'line 7 is truncated (no newline at end of file, and not valid JSON'],
    ]);
  });
});
