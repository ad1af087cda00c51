import { spawn } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { buildCli, REPO, type CliResult } from '../cli/cliProcess';

/** A command that has not finished by then is killed: a hang fails its test, it never stalls the suite. */
export const CLI_TIMEOUT_MS = 15_000;
/** Vitest's bound on one test: above the CLI's own, so the test reports the kill rather than a timeout. */
export const TEST_TIMEOUT_MS = 40_000;

/** Runs the built CLI in a child process, killed after CLI_TIMEOUT_MS (code null, `killed` true). */
export function cli(...args: string[]): Promise<CliResult & { killed: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(REPO, 'bin/trajectory-lens.js'), ...args], {
      cwd: REPO,
      timeout: CLI_TIMEOUT_MS,
      killSignal: 'SIGKILL',
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, stdout, stderr, killed: signal !== null }));
  });
}

/** Builds the CLI once per test file and gives each test fresh copies of examples under one temporary folder. */
export function useScratch(): { copy: (example: string) => Promise<string>; outside: () => string } {
  let work = '';
  let count = 0;
  beforeAll(async () => {
    await buildCli();
    work = await mkdtemp(join(tmpdir(), 'trajectory-lens-hardening-'));
  }, 120_000);
  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });
  return {
    copy: async (example) => {
      const target = join(work, `${example}-${++count}`);
      await cp(join(REPO, 'examples', example), target, { recursive: true });
      return target;
    },
    /** A folder beside the copies, outside every run directory. */
    outside: () => work,
  };
}

export interface IndexJson {
  runs: { id: string; language: string; outcome: string }[];
  diagnostics: { path: string; message: string; severity: string }[];
}
