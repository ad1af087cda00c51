import { dirname, joinPath, type DirEntry, type FileSource } from '../../fileSource';
import { CONFIG_FILE } from '../../index/config';
import type { Diagnostic } from '../../model';
import { TERM_TABLE_NAMES } from '../../translation/terms';
import type { IndexedRun, IndexResult } from '../reader';
import { readCanonicalHeaders, sniffCanonical, type Sniffed } from './canonicalFile';
import type { CanonicalHeader } from './canonicalRecords';
import { CANONICAL_SUFFIX } from './schema';

// Indexing a folder of canonical files: one run per header. `*.trajectory.jsonl` files are canonical by name; other
// `.jsonl` files when their first line is a run header. JSON files that are neither are reported as unrecognised.

/** Unrecognised files reported one by one per folder; the rest are counted. */
const MAX_UNRECOGNISED = 20;
const JSON_NOT_JSONL: Sniffed = { canonical: false, reason: 'a canonical file is JSON Lines (.jsonl)' };

function indexedRun(dir: string, path: string, header: CanonicalHeader): IndexedRun {
  return {
    path,
    key: header.id,
    format: 'canonical',
    scenarioId: header.scenarioId,
    outcome: header.outcome,
    capability: header.capability,
    failureFamily: header.failureFamily,
    failureReason: header.failureReason,
    score: header.score,
    model: header.model,
    agent: header.agent,
    setting: header.setting,
    languageHint: header.language,
    runIndexHint: header.runIndex,
    // File names are the harness's choice (often the language or a timestamp): runs pair by folder and scenario.
    pairingPath: dir,
  };
}

export function isCanonicalName(name: string): boolean {
  return name.endsWith(CANONICAL_SUFFIX);
}

/** One canonical file: a run per header, paired by the file's folder. */
export async function indexCanonicalFile(fs: FileSource, path: string): Promise<IndexResult> {
  const { headers, diagnostics } = await readCanonicalHeaders(fs, path);
  return { runs: headers.map((header) => indexedRun(dirname(path), path, header)), diagnostics };
}

export async function indexCanonicalDirectory(fs: FileSource, dir: string, entries: DirEntry[]): Promise<IndexResult> {
  const runs: IndexedRun[] = [];
  const diagnostics: Diagnostic[] = [];
  const unrecognised: Diagnostic[] = [];
  // Our configuration and term tables sit beside canonical files; they are not runs of any format.
  const isOurs = (name: string): boolean => (dir === '' && name === CONFIG_FILE) || TERM_TABLE_NAMES.includes(name);
  const files = entries.filter((e) => e.type === 'file' && !e.name.startsWith('.') && !isOurs(e.name)).map((e) => e.name).sort();
  for (const name of files.filter((n) => /\.jsonl?$/i.test(n))) {
    const path = joinPath(dir, name);
    if (!isCanonicalName(name)) {
      const sniffed = /\.json$/i.test(name) ? JSON_NOT_JSONL : await sniffCanonical(fs, path);
      if (!sniffed.canonical) {
        const what = `not a known run format, nor a canonical trajectory file (${sniffed.reason})`;
        unrecognised.push({ path, line: null, message: `unrecognised: ${what}; ignored`, severity: 'warning' });
        continue;
      }
    }
    const file = await indexCanonicalFile(fs, path);
    runs.push(...file.runs);
    diagnostics.push(...file.diagnostics);
  }
  diagnostics.push(...unrecognised.slice(0, MAX_UNRECOGNISED));
  if (unrecognised.length > MAX_UNRECOGNISED) {
    const message = `${unrecognised.length - MAX_UNRECOGNISED} more unrecognised JSON files in this folder are not listed`;
    diagnostics.push({ path: dir || '.', line: null, message, severity: 'warning' });
  }
  return { runs, diagnostics };
}
