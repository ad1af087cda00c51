import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { buildCli, REPO } from './cliProcess';

/** Where a test file runs the CLI: `runs` holds the copied example, `work` (its parent) whatever else the tests write. */
export interface ExampleCopy {
  work: string;
  runs: string;
}

/**
 * Before the file's tests: builds the CLI and copies `examples/<example>` (only the folders `parts` of it, when named)
 * into a new temporary folder; after them, removes the folder. The tests write labels, never into the repository.
 */
export function useExampleCopy(example: string, parts: readonly string[] = ['.']): ExampleCopy {
  const copy: ExampleCopy = { work: '', runs: '' };
  beforeAll(async () => {
    await buildCli();
    copy.work = await mkdtemp(join(tmpdir(), `trajectory-lens-${example}-`));
    copy.runs = join(copy.work, 'runs');
    for (const part of parts) await cp(join(REPO, 'examples', example, part), join(copy.runs, part), { recursive: true });
  }, 120_000);
  afterAll(async () => {
    await rm(copy.work, { recursive: true, force: true });
  });
  return copy;
}
