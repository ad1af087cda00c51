import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { afterEach, describe, expect, it } from 'vitest';
import { codeCachePath, runBundle, writeCodeCache } from '../../../src/cli/codeCache';

// The CLI starts from the code cache the build writes beside its bundle, but only from one made from the bundle as it
// is now and arrived whole: V8 alone would run a stale cache of a source of the same length, or damaged data.

const ran = globalThis as { codeCacheTestRan?: unknown };
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  delete ran.codeCacheTestRan;
});

/** A bundle that says what it ran as, with what a CommonJS module is given. */
function bundleSaying(word: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'trajectory-lens-code-cache-'));
  dirs.push(dir);
  const bundle = join(dir, 'bundle.js');
  writeFileSync(bundle, source(word));
  return bundle;
}

function source(word: string): string {
  return `globalThis.codeCacheTestRan = { word: ${JSON.stringify(word)}, file: __filename, dir: __dirname, join: require('node:path').join('a', 'b'), exports: module.exports === exports };\n`;
}

describe('the code cache the CLI starts from', () => {
  it('runs the bundle from the cache written for it, as require would', () => {
    const bundle = bundleSaying('first');
    writeCodeCache(bundle);
    expect(runBundle(bundle)).toEqual({ fromCache: true });
    expect(ran.codeCacheTestRan).toEqual({ word: 'first', file: bundle, dir: join(bundle, '..'), join: join('a', 'b'), exports: true });
  });

  it('runs a changed bundle as it is now, even one of the same length', () => {
    const bundle = bundleSaying('first');
    writeCodeCache(bundle);
    writeFileSync(bundle, source('other'));
    const later = new Date(Date.now() + 60_000);
    utimesSync(bundle, later, later);
    expect(runBundle(bundle)).toEqual({ fromCache: false });
    expect(ran.codeCacheTestRan).toMatchObject({ word: 'other' });
  });

  it('compiles the bundle from source when its cache is damaged or missing', () => {
    const bundle = bundleSaying('first');
    writeCodeCache(bundle);
    const cache = readFileSync(codeCachePath(bundle));
    cache.writeUInt8(cache.readUInt8(cache.length - 10) ^ 0xff, cache.length - 10);
    writeFileSync(codeCachePath(bundle), cache);
    expect(runBundle(bundle)).toEqual({ fromCache: false });
    expect(ran.codeCacheTestRan).toMatchObject({ word: 'first' });
    rmSync(codeCachePath(bundle));
    delete ran.codeCacheTestRan;
    expect(runBundle(bundle)).toEqual({ fromCache: false });
    expect(ran.codeCacheTestRan).toMatchObject({ word: 'first' });
  });

  it('is made after a run of the bundle as a command, holding what the run compiled, and runs the bundle from it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'trajectory-lens-warm-cache-'));
    dirs.push(dir);
    const bundle = join(dir, 'bundle.js');
    // A function compiled only when called, called once the command's work is under way.
    writeFileSync(
      bundle,
      `${source('warm')}function later(args) { let text = ''; for (const arg of args) text += arg.toUpperCase(); return text; }\n` +
        `if (process.argv[2] === 'in') setImmediate(() => require('node:fs').writeFileSync(${JSON.stringify(join(dir, 'saw.txt'))}, later(process.argv.slice(2))));\n`,
    );
    const module = join(dir, 'codeCache.js');
    buildSync({ entryPoints: [join(__dirname, '../../../src/cli/codeCache.ts')], outfile: module, bundle: true, platform: 'node', format: 'cjs', logLevel: 'silent' });
    writeCodeCache(bundle);
    const cold = readFileSync(codeCachePath(bundle)).length;
    const made = `require(${JSON.stringify(module)}).writeWarmCodeCache(${JSON.stringify(bundle)}, ['in', 'dex'])`;
    execFileSync(process.execPath, ['-e', made], { stdio: 'ignore' });
    // The bundle ran as the command line given, to its end, before the cache was written.
    expect(readFileSync(join(dir, 'saw.txt'), 'utf8')).toBe('INDEX');
    expect(readFileSync(codeCachePath(bundle)).length).toBeGreaterThan(cold);
    expect(runBundle(bundle)).toEqual({ fromCache: true });
    expect(ran.codeCacheTestRan).toMatchObject({ word: 'warm' });
  });
});
