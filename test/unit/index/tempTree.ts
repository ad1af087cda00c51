import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach } from 'vitest';
import type { FormatReader } from '../../../src/core/formats/reader';
import { NodeFileSource } from '../../../src/core/nodeFileSource';

/** Writes files (relative path → contents) under a new temporary directory and returns its path. */
export async function makeTree(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'trajectory-lens-index-'));
  for (const [path, contents] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), contents);
  }
  return root;
}

export async function removeTree(root: string): Promise<void> {
  await rm(root, { recursive: true, force: true });
}

/** A test file's `tree(files)`: each call writes a temporary directory, read through a file source and removed after each test. */
export function tempTrees(): (files: Record<string, string>) => Promise<NodeFileSource> {
  const roots: string[] = [];
  afterEach(async () => {
    await Promise.all(roots.splice(0).map(removeTree));
  });
  return async (files) => {
    const root = await makeTree(files);
    roots.push(root);
    return new NodeFileSource(root);
  };
}

/** A minimal format for walk tests: a run is a folder holding verdict.txt ("pass" or "fail"); notes.yaml is auxiliary. */
export const verdictTxtReader: FormatReader = {
  format: 'canonical',
  claimsDirectory: (entries) => entries.some((e) => e.name === 'verdict.txt' && e.type === 'file'),
  isAuxiliaryFile: (name) => name === 'notes.yaml',
  async indexDirectory(fs, dir) {
    const verdict = new TextDecoder().decode(await fs.read(`${dir}/verdict.txt`)).trim();
    const outcome = verdict === 'pass' || verdict === 'fail' ? verdict : 'infra';
    return {
      runs: [
        {
          path: dir,
          key: null,
          format: 'canonical',
          scenarioId: dir.split('/').pop() ?? dir,
          outcome,
          capability: null,
          failureFamily: outcome === 'fail' ? 'other' : null,
          failureReason: null,
          score: null,
          model: null,
          agent: null,
          setting: null,
          languageHint: null,
          runIndexHint: null,
        },
      ],
      diagnostics: [],
    };
  },
  readTrajectory: () => Promise.reject(new Error('not used by the walk')),
};
