// Where UTF-8 decoding fails: the first byte that does not start or continue a well-formed sequence (the same rule as
// a fatal TextDecoder: no overlong forms, no surrogates, nothing above U+10FFFF), as a line and a column.

function inRange(byte: number | undefined, low: number, high: number): boolean {
  return byte !== undefined && byte >= low && byte <= high;
}

/** Byte offset of the first ill-formed sequence, or -1 when the bytes are valid UTF-8. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i] ?? 0;
    if (b < 0x80) {
      i++;
      continue;
    }
    // The allowed range of the second byte depends on the first; later bytes are plain continuation bytes.
    let length: number;
    let low = 0x80;
    let high = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) length = 2;
    else if (b >= 0xe0 && b <= 0xef) {
      length = 3;
      if (b === 0xe0) low = 0xa0;
      if (b === 0xed) high = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      length = 4;
      if (b === 0xf0) low = 0x90;
      if (b === 0xf4) high = 0x8f;
    } else return i;
    if (!inRange(bytes[i + 1], low, high)) return i;
    for (let k = 2; k < length; k++) if (!inRange(bytes[i + k], 0x80, 0xbf)) return i;
    i += length;
  }
  return -1;
}

/** 1-based line and column (in UTF-16 code units, as editors count)  of the first ill-formed byte; null when none. */
export function invalidUtf8Position(bytes: Uint8Array): { line: number; column: number } | null {
  const offset = firstInvalidUtf8(bytes);
  if (offset < 0) return null;
  const lineStart = bytes.lastIndexOf(0x0a, offset - 1) + 1;
  let line = 1;
  for (let i = 0; i < lineStart; i++) if (bytes[i] === 0x0a) line++;
  const before = new TextDecoder('utf-8').decode(bytes.subarray(lineStart, offset));
  return { line, column: before.length + 1 };
}
