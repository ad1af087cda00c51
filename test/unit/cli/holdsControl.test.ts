import { describe, expect, it } from 'vitest';
import { holdsControl } from '../../../src/cli/keptIndex';

// A kept output is printed only when it holds no control character but line ends (a forged one could drive the
// terminal). The test looks at four bytes at a time, so each case is tried at every alignment, at every place, and
// beside bytes that a word-wide test could mistake: line ends, spaces and UTF-8 bytes (0x80 and above).

/** `length` bytes of `filler` starting `offset` bytes into a larger buffer, with `control` at `at` (none when -1). */
function bytesWith(offset: number, length: number, filler: number, control: number, at: number): Uint8Array {
  const bytes = new Uint8Array(offset + length + 3).fill(filler).subarray(offset, offset + length);
  if (at >= 0) bytes[at] = control;
  return bytes;
}

describe('holdsControl', () => {
  it('finds a control character wherever it lies, and nothing in text without one', () => {
    let cases = 0;
    for (const filler of [0x20, 0x0a, 0x21, 0x7e, 0x80, 0xc3, 0xff]) {
      for (let offset = 0; offset < 4; offset++) {
        for (let length = 0; length <= 19; length++) {
          expect(holdsControl(bytesWith(offset, length, filler, 0, -1))).toBe(false);
          for (const control of [0x00, 0x01, 0x09, 0x0b, 0x0d, 0x1b, 0x1f]) {
            for (let at = 0; at < length; at++) {
              expect(holdsControl(bytesWith(offset, length, filler, control, at)), `${control} at ${at} of ${length}`).toBe(true);
              cases++;
            }
          }
        }
      }
    }
    expect(cases).toBe(7 * 4 * 7 * 190);
  });

  it('passes line ends, the bytes just above the control range and UTF-8 text', () => {
    expect(holdsControl(new TextEncoder().encode('{\n  "id": "张伟 — Zhang Wei",\n  "ok": true\n}\n'))).toBe(false);
    expect(holdsControl(Uint8Array.from([0x0a, 0x20, 0x0a, 0x20, 0x0a, 0x20, 0x0a, 0x20, 0x7f, 0x9f]))).toBe(false);
    expect(holdsControl(new TextEncoder().encode('a table\twith a tab\n'))).toBe(true);
    expect(holdsControl(new TextEncoder().encode('\u001b]0;owned\u0007'))).toBe(true);
  });
});
