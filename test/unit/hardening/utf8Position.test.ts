import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readJsonFile } from '../../../src/core/formats/jsonLines';
import { firstInvalidUtf8 } from '../../../src/core/formats/utf8Position';
import { NodeFileSource } from '../../../src/core/nodeFileSource';

const roots: string[] = [];
afterEach(async () => {
  await Promise.all(roots.splice(0).map((root) => rm(root, { recursive: true, force: true })));
});

async function jsonFile(bytes: Uint8Array): Promise<NodeFileSource> {
  const root = await mkdtemp(join(tmpdir(), 'trajectory-lens-utf8-'));
  roots.push(root);
  await writeFile(join(root, 'result.json'), bytes);
  return new NodeFileSource(root);
}

const utf8 = (text: string): number[] => [...new TextEncoder().encode(text)];

describe('invalid UTF-8 inside a whole-file JSON', () => {
  it('is reported at its line and column', async () => {
    // Line 3, after `  "name": "Zoë ` (15 characters): a Latin-1 byte at column 16.
    const bytes = new Uint8Array([...utf8('{\n  "id": 1,\n  "name": "Zoë '), 0xe9, ...utf8('"\n}\n')]);
    const { value, diagnostics } = await readJsonFile(await jsonFile(bytes), 'result.json', 1024);
    expect(value).toBeUndefined();
    expect(diagnostics).toEqual([
      { path: 'result.json', line: 3, column: 16, message: 'not valid UTF-8 text (line 3, column 16)', severity: 'error' },
    ]);
  });

  it('finds the bytes a strict decoder refuses, and only those', () => {
    const cases: [number[], number][] = [
      [utf8('plain ascii'), -1],
      [utf8('日本語 ✓ 😀'), -1],
      [[0x61, 0xc0, 0x80], 1], // overlong
      [[0x61, 0xed, 0xa0, 0x80], 1], // surrogate
      [[0xf4, 0x90, 0x80, 0x80], 0], // above U+10FFFF
      [[0x61, 0x62, 0xe6, 0x97], 2], // truncated at the end
      [[0x80], 0], // lone continuation byte
    ];
    for (const [bytes, offset] of cases) {
      expect(firstInvalidUtf8(new Uint8Array(bytes))).toBe(offset);
      let strict = true;
      try {
        new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array(bytes));
      } catch {
        strict = false;
      }
      expect(strict).toBe(offset === -1);
    }
  });
});
