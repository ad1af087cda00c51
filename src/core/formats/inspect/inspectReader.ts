import type { DirEntry } from '../../fileSource';
import type { FormatReader } from '../reader';
import { looksLikeInspectLog, type LogReadOptions } from './evalLog';
import { indexInspectDirectory, indexInspectFile, isEvalFile, LOG_DIR_FILES } from './indexInspectDirectory';
import { readInspectTrajectory } from './readInspectTrajectory';
import { DEFAULT_INSPECT_PASS_THRESHOLD } from './sampleScores';

// Inspect AI eval logs: a folder holding .eval archives, or .json logs named as Inspect names them
// (<ISO time>_<task>_<id>.json), is claimed; every .json in it is then recognised by its first bytes. A log under
// another name elsewhere is recognised by its head alone.

// Inspect stamps a log with its local time and UTC offset (2025-03-01T10-00-00+00-00_<task>_<id>.json); tau2-bench's
// single-file results start with a timestamp too, but with microseconds and no offset, and must stay unclaimed here.
const JSON_LOG_NAME = /^\d{4}-\d{2}-\d{2}T\d{2}[-:]\d{2}[-:]\d{2}(?:[+-]\d{2}[-:]?\d{2}|Z)_.*\.json$/i;

export function holdsInspectLogs(entries: readonly DirEntry[]): boolean {
  return entries.some((e) => e.type === 'file' && (isEvalFile(e.name) || JSON_LOG_NAME.test(e.name)));
}

export interface InspectReaderOptions extends LogReadOptions {
  /** Primary score value at or above which a sample passes; 1 (full credit) by default. */
  passThreshold?: number;
}

export function createInspectReader(options: InspectReaderOptions = {}): FormatReader {
  const passThreshold = options.passThreshold ?? DEFAULT_INSPECT_PASS_THRESHOLD;
  const read: LogReadOptions = { inMemoryMemberBytes: options.inMemoryMemberBytes };
  return {
    format: 'inspect',
    claimsDirectory: holdsInspectLogs,
    isAuxiliaryFile: (name) => LOG_DIR_FILES.has(name),
    indexDirectory: (fs, dir, entries) => indexInspectDirectory(fs, dir, entries, passThreshold, read),
    claimsFile: looksLikeInspectLog,
    indexFile: (fs, path) => indexInspectFile(fs, path, passThreshold, read),
    readTrajectory: (fs, run, options) => readInspectTrajectory(fs, run, passThreshold, options, read),
  };
}

export const inspectReader: FormatReader = createInspectReader();
