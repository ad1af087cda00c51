import { spawn } from 'node:child_process';
import { rename } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';
import { writeCodeCache } from '../../../src/cli/codeCache';

export const REPO = join(__dirname, '../../..');
export const FIXTURES = join(REPO, 'test/fixtures/index');

/**
 * Bundles the CLI from the current sources to dist/cli.js, with its code cache and the module that starts it from
 * that, as `npm run build` does, so the tests run what ships. Several test files build it at once: each writes its own
 * files and renames them into place, so none runs a half-written one.
 */
export async function buildCli(): Promise<void> {
  const bundles = { cli: 'src/cli/main.ts', codeCache: 'src/cli/codeCache.ts' };
  await Promise.all(
    Object.entries(bundles).map(async ([name, entry]) => {
      const outfile = join(REPO, `dist/${name}.js`);
      const temporary = `${outfile}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      await build({
        entryPoints: [join(REPO, entry)],
        outfile: temporary,
        bundle: true,
        platform: 'node',
        format: 'cjs',
        target: 'node20',
        // As scripts/build.mjs: jsonc-parser's UMD `main` loads its parts through requires a bundle cannot follow.
        mainFields: ['module', 'main'],
        logLevel: 'silent',
      });
      await rename(temporary, outfile);
    }),
  );
  writeCodeCache(join(REPO, 'dist/cli.js'));
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  /** Where it runs; the repository root by default. */
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** What it reads on stdin; stdin is left open when not given. */
  input?: string;
}

/** Runs `node bin/trajectory-lens.js …` as `options` say. */
export function cliWith(options: CliOptions, args: readonly string[]): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(REPO, 'bin/trajectory-lens.js'), ...args], { cwd: options.cwd ?? REPO, env: options.env });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    if (options.input !== undefined) child.stdin.end(options.input);
  });
}

/** Runs `node bin/trajectory-lens.js …` from the repository root. */
export function cli(...args: string[]): Promise<CliResult> {
  return cliWith({}, args);
}
