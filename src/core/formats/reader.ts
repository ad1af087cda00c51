import type { DirEntry, FileSource } from '../fileSource';
import type { Diagnostic, FailureFamily, FormatId, Outcome, RunSummary, Trajectory } from '../model';

/** What a reader learns about one run while indexing (before path-based pairing fills in group, language, run index). */
export interface IndexedRun {
  /** Relative path of the run directory, or of the file that holds the run. */
  path: string;
  /** Sub-key when one file holds many runs (e.g. a tau2 simulation id); null otherwise. */
  key: string | null;
  format: FormatId;
  scenarioId: string;
  outcome: Outcome;
  capability: string | null;
  failureFamily: FailureFamily | null;
  failureReason: string | null;
  score: number | null;
  model: string | null;
  /** The system under test as the file names it; null when only the path (or the model) can tell. */
  agent: string | null;
  setting: string | null;
  /** Language as the file states it (tau2 `info.lang_id`…); null when only the path can tell. */
  languageHint: string | null;
  /** Run index as the file states it (tau2 trial, as written: 0-based); null when only the path can tell. */
  runIndexHint: number | null;
  /**
   * The path pairing reads instead of `path`, when the format names a run's folder after things pairing must ignore
   * (tau2 run folders: `<timestamp>_<domain>_<lang>_<agent>_<user>`); absent to pair on `path`.
   */
  pairingPath?: string;
}

export interface IndexResult {
  runs: IndexedRun[];
  diagnostics: Diagnostic[];
}

/** The `key` a reader gave a run that shares its file or folder with others: what follows `<path>#` in its id. */
export function runKey(run: Pick<RunSummary, 'id' | 'path'>): string | null {
  const prefix = `${run.path === '' ? '.' : run.path}#`;
  return run.id.startsWith(prefix) ? run.id.slice(prefix.length) : null;
}

/** Bytes of a loose file read once and offered to every reader's `claimsFile`. */
export const HEAD_BYTES = 64 * 1024;

/**
 * One reader per input format. Readers never throw on bad input: every problem becomes a diagnostic naming the file
 * and, where it applies, the line.
 */
export interface FormatReader {
  format: FormatId;
  /** Cheap test on a directory listing (no reads): does this directory hold a run (or runs) of this format? */
  claimsDirectory(entries: DirEntry[]): boolean;
  /**
   * Looser test for a directory inside a subtree trajectory-lens.json forces to this format, for formats whose runs
   * are folders: the verdict file alone (without the companions `claimsDirectory` wants) makes it a run folder.
   */
  claimsForcedDirectory?(entries: DirEntry[]): boolean;
  /** File names this format writes beside its runs (e.g. run_config.json, results.jsonl) that are not runs themselves. */
  isAuxiliaryFile(name: string): boolean;
  /** Reads only what the index needs (verdicts, a little metadata). */
  indexDirectory(fs: FileSource, dir: string, entries: DirEntry[]): Promise<IndexResult>;
  /**
   * indexDirectory at once, through the source's synchronous calls (FileSource.readSync); null when the source has
   * none. A local walk of 20,000 run folders then pays no promise per folder.
   */
  indexDirectorySync?(fs: FileSource, dir: string, entries: DirEntry[]): IndexResult | null;
  /**
   * Content test for a file no folder claim covered (`.json`, `.jsonl`, `.eval`): `head` is its first bytes
   * (HEAD_BYTES) decoded as text. Cheap, no reads; readers that only recognise folders leave it out.
   */
  claimsFile?(name: string, head: string): boolean;
  /** Indexes one file claimed by `claimsFile` (or forced by the config) as a run directory of its own: run.path = the file. */
  indexFile?(fs: FileSource, path: string): Promise<IndexResult>;
  /** Loads one run completely, on demand. `check` also validates files the view does not need and reports every problem. */
  readTrajectory(fs: FileSource, run: RunSummary, options?: { check?: boolean }): Promise<Trajectory>;
  /**
   * For `--check`: the diagnostics `readTrajectory` with `check` reports, without assembling the trajectory (20,000
   * runs are checked at once). Readers without it are checked through readTrajectory.
   */
  checkRun?(fs: FileSource, run: RunSummary): Promise<Diagnostic[]>;
  /** For `--check`: validates files several runs of this format share (an output root's run_config.json), once each. */
  checkSharedFiles?(fs: FileSource, runs: readonly RunSummary[]): Promise<Diagnostic[]>;
}
