import type { CliIO } from '../../../src/cli/command';

/** An in-process CLI's output and errors, as text (bytes it writes as they are, decoded). */
export function captureIo(): { io: CliIO; out: () => string; err: () => string } {
  const out: string[] = [];
  const err: string[] = [];
  return {
    io: {
      out: (text) => out.push(typeof text === 'string' ? text : Buffer.from(text).toString('utf8')),
      err: (text) => err.push(text),
    },
    out: () => out.join(''),
    err: () => err.join(''),
  };
}
