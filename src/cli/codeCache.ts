// The CLI starts from V8's code cache of its bundle when the build left one beside it: compiling the 2.4 MB bundle
// from source takes a fifth of reopening a large run directory. V8 checks a cache against the length of the source
// only, and takes damaged data as it is, so the cache's first line names the size and mtime of the bundle it was made
// from and the SHA-256 of the data after it. Any other bundle, damaged data, or a cache this Node rejects (another
// version, other flags), and the bundle is compiled from source, as require would.
import { createHash } from 'node:crypto';
import { readFileSync, renameSync, statSync, writeFileSync, type Stats } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { Script } from 'node:vm';

/** The function Node wraps a CommonJS module in, on the bundle's first line so that its line numbers stay. */
function wrapped(source: string): string {
  return `(function (exports, require, module, __filename, __dirname) { ${source}\n})`;
}

/** The first line of a cache holding `data`, made from the bundle when it had the stats `bundle`. */
function header(bundle: Stats, data: Uint8Array): string {
  return `${bundle.size}:${bundle.mtimeMs}:${createHash('sha256').update(data).digest('hex')}`;
}

export function codeCachePath(bundle: string): string {
  return `${bundle}.cache`;
}

/** Writes `data` as the code cache of the bundle that had the stats `made` (whole or not at all: a CLI may be starting). */
function writeCache(bundle: string, made: Stats, data: Buffer): void {
  const temporary = `${codeCachePath(bundle)}.${process.pid}.tmp`;
  writeFileSync(temporary, Buffer.concat([Buffer.from(`${header(made, data)}\n`), data]));
  renameSync(temporary, codeCachePath(bundle));
}

/** Writes the code cache of the CommonJS bundle at `bundle` beside it: its top level, compiled and not run. */
export function writeCodeCache(bundle: string): void {
  // Looked at before it is read: a bundle rewritten meanwhile has another mtime than the cache names.
  const made = statSync(bundle);
  writeCache(bundle, made, new Script(wrapped(readFileSync(bundle, 'utf8')), { filename: bundle }).createCachedData());
}

/**
 * Runs the bundle as a command line with `args` would, then writes its code cache. A cache made after a run holds
 * the functions the run compiled as well: made after indexing the bundled examples, it took 14% off indexing a small
 * directory and 5% off indexing 20,000 runs. Only in a process of its own: the bundle runs as that
 * process's command (its output, its exit code), and the cache is written once the process has nothing left to do.
 */
export function writeWarmCodeCache(bundle: string, args: readonly string[]): void {
  const made = statSync(bundle);
  const script = new Script(wrapped(readFileSync(bundle, 'utf8')), { filename: bundle });
  process.argv = [process.argv[0] ?? process.execPath, bundle, ...args];
  run(script, bundle);
  process.once('beforeExit', () => writeCache(bundle, made, script.createCachedData()));
}

/** Runs a compiled bundle as require would run it. */
function run(script: Script, bundle: string): void {
  const module = { exports: {} };
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  wrapper.call(module.exports, module.exports, createRequire(bundle), module, bundle, dirname(bundle));
}

/** The code cache kept for `bundle` as it is now; undefined when there is none, or it was made from another bundle. */
function cachedDataFor(bundle: string): Buffer | undefined {
  try {
    const file = readFileSync(codeCachePath(bundle));
    const end = file.indexOf(0x0a);
    const data = file.subarray(end + 1);
    return end > 0 && file.toString('latin1', 0, end) === header(statSync(bundle), data) ? data : undefined;
  } catch {
    return undefined;
  }
}

/** Runs the CommonJS bundle at `bundle` (an absolute path) as require would, from its code cache when that fits. */
export function runBundle(bundle: string): { fromCache: boolean } {
  // Read before it is looked at: a bundle rewritten meanwhile has another mtime than the cache names.
  const source = readFileSync(bundle, 'utf8');
  const cachedData = cachedDataFor(bundle);
  const script = new Script(wrapped(source), { filename: bundle, cachedData });
  run(script, bundle);
  return { fromCache: cachedData !== undefined && !script.cachedDataRejected };
}
