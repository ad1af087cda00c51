import type { DirEntry } from '../../fileSource';
import type { FormatReader } from '../reader';
import { indexPolyworkRun } from './indexPolyworkRun';
import { readPolyworkTrajectory } from './readPolyworkTrajectory';
import { DEFAULT_PASS_THRESHOLD } from './verdict';

// PolyWorkBench run folders (output/<harness>/<task_id>/<model>_<YYYYMMDD_HHMM>_<id>/): result.json beside the
// grader's files and the harness's chat log. Task folders (full_tasks/<task>/ with task.toml) are claimed too, as
// holding no runs, so the walk does not report every input file of every task as unrecognised.

/** Files or folders only a PolyWorkBench run folder has beside its result.json. */
const RUN_MARKERS = new Set([
  'grade_result.json',
  'judge_result.json',
  'test_output.txt',
  'score.json',
  'chat.jsonl',
  'agent.log',
  'task_output',
  'codex_sessions',
  'claude_code_log',
  'hermes_session',
]);
/** Batch files the runner writes in its output root. */
const BATCH_FILE = /^(?:summary_(?:latest|\d{8}_\d{6})\.json|eval_report\.jsonl)$/;

function has(entries: readonly DirEntry[], name: string, type: DirEntry['type']): boolean {
  return entries.some((e) => e.name === name && e.type === type);
}

export function isPolyworkRunFolder(entries: readonly DirEntry[]): boolean {
  return has(entries, 'result.json', 'file') && entries.some((e) => RUN_MARKERS.has(e.name));
}

export function isPolyworkTaskFolder(entries: readonly DirEntry[]): boolean {
  return has(entries, 'task.toml', 'file') && has(entries, 'instruction.md', 'file');
}

export interface PolyworkReaderOptions {
  /** Grade at or above which a run counts as passing (PolyWorkBench itself has no pass/fail); 0.5 by default. */
  passThreshold?: number;
}

export function createPolyworkReader(options: PolyworkReaderOptions = {}): FormatReader {
  const passThreshold = options.passThreshold ?? DEFAULT_PASS_THRESHOLD;
  return {
    format: 'polywork',
    claimsDirectory: (entries) => isPolyworkRunFolder(entries) || isPolyworkTaskFolder(entries),
    // Forced: a result.json alone is a run whose grader files and transcript were not kept.
    claimsForcedDirectory: (entries) => has(entries, 'result.json', 'file') || isPolyworkTaskFolder(entries),
    isAuxiliaryFile: (name) => BATCH_FILE.test(name),
    indexDirectory: (fs, dir, entries) => indexPolyworkRun(fs, dir, entries, passThreshold),
    readTrajectory: (fs, run, readOptions) => readPolyworkTrajectory(fs, run, passThreshold, readOptions),
  };
}

export const polyworkReader: FormatReader = createPolyworkReader();
