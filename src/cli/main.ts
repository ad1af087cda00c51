// Entry point of the `trajectory-lens` command (bundled to dist/cli.js, started by bin/trajectory-lens.js).
import { runCli } from './runCli';

const io = {
  out: (text: string | Uint8Array): void => {
    if (text.length > 0) process.stdout.write(text);
  },
  err: (text: string): void => {
    if (text) process.stderr.write(text);
  },
};

runCli(process.argv.slice(2), io).then(
  (code) => {
    // Setting exitCode (not calling exit) lets large outputs finish writing to a pipe.
    process.exitCode = code;
  },
  (error: unknown) => {
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    process.stderr.write(`trajectory-lens: internal error: ${detail}\n`);
    process.exitCode = 1;
  },
);
