// Splits a stream of bytes into lines at '\n' without decoding the whole stream: each line is assembled from the
// chunks it spans, and a line longer than `maxLineBytes` is passed over without being assembled. UTF-8 never puts
// the byte 0x0a inside a character, so splitting bytes splits text.

const NEWLINE = 0x0a;

export interface ByteLine {
  /** The line without its '\n'; null when it is longer than the limit. */
  bytes: Uint8Array | null;
  /** The line's length in bytes. */
  length: number;
  /** False for a final line with no newline after it. */
  terminated: boolean;
}

function concat(pieces: Uint8Array[], length: number): Uint8Array {
  if (pieces.length === 1 && pieces[0]) return pieces[0];
  const out = new Uint8Array(length);
  let offset = 0;
  for (const piece of pieces) {
    out.set(piece, offset);
    offset += piece.length;
  }
  return out;
}

/** The lines of `chunks`, in order; an empty final line (the file ends in '\n') is not one. */
export async function* byteLines(chunks: AsyncIterable<Uint8Array>, maxLineBytes: number): AsyncGenerator<ByteLine> {
  let pieces: Uint8Array[] = [];
  let pending = 0;
  let oversize = false;
  const take = (terminated: boolean): ByteLine => {
    const line = { bytes: oversize ? null : concat(pieces, pending), length: pending, terminated };
    pieces = [];
    pending = 0;
    oversize = false;
    return line;
  };
  for await (const chunk of chunks) {
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(NEWLINE, start);
      const end = newline < 0 ? chunk.length : newline;
      if (!oversize) {
        if (pending + (end - start) > maxLineBytes) {
          oversize = true;
          pieces = [];
        } else if (end > start) {
          pieces.push(chunk.subarray(start, end));
        }
      }
      pending += end - start;
      if (newline < 0) break;
      yield take(true);
      start = newline + 1;
    }
  }
  if (pending > 0 || oversize) yield take(false);
}
