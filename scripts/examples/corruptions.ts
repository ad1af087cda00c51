// Damage a finished run the way real runs get damaged (a torn write, an empty or half-written file, a binary blob
// under a .jsonl name), and say which diagnostic a reader must report for it.

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Rng } from './random';

export type CorruptionKind = 'truncated_last_line' | 'empty_file' | 'truncated_json' | 'binary_content';

export interface ExpectedDiagnostic {
  /** Relative to the generated root, POSIX separators. */
  path: string;
  /** 1-based line for line-oriented files; null for whole-file problems. */
  line: number | null;
  reason: string;
}

const REASONS: Record<CorruptionKind | 'unrecognised_file', string> = {
  truncated_last_line: 'truncated JSONL line (the last line is cut off mid-record)',
  empty_file: 'empty file (no verdict persisted)',
  truncated_json: 'invalid JSON (the file ends mid-object)',
  binary_content: 'binary content in a text file',
  unrecognised_file: 'unrecognised file: not part of any known run format',
};

export function unrecognised(path: string): ExpectedDiagnostic {
  return { path, line: null, reason: REASONS.unrecognised_file };
}

/** Cuts a string in the middle of its characters (never inside a UTF-8 sequence: a torn text write, not binary). */
function cut(text: string): string {
  const chars = Array.from(text);
  return chars.slice(0, Math.max(1, Math.floor(chars.length / 2))).join('');
}

export function corrupt(root: string, path: string, kind: CorruptionKind, rng: Rng): ExpectedDiagnostic {
  const file = join(root, path);
  switch (kind) {
    case 'truncated_last_line': {
      const lines = readFileSync(file, 'utf8').replace(/\n$/, '').split('\n');
      const last = lines.pop() ?? '';
      writeFileSync(file, [...lines, cut(last)].join('\n'));
      return { path, line: lines.length + 1, reason: REASONS[kind] };
    }
    case 'empty_file':
      writeFileSync(file, '');
      return { path, line: null, reason: REASONS[kind] };
    case 'truncated_json':
      writeFileSync(file, cut(readFileSync(file, 'utf8')));
      return { path, line: null, reason: REASONS[kind] };
    case 'binary_content': {
      // A gzip stream saved under the original name: magic bytes, then compressed-looking noise with NUL bytes.
      const bytes = Buffer.alloc(2048);
      for (let i = 0; i < bytes.length; i++) bytes[i] = rng.int(0, 255);
      Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03]).copy(bytes, 0);
      bytes[64] = 0;
      writeFileSync(file, bytes);
      return { path, line: null, reason: REASONS[kind] };
    }
  }
}
