import type { FileSource } from '../fileSource';
import type { FormatReader } from '../formats/reader';
import type { Diagnostic, RunSummary, Trajectory } from '../model';
import { configuredReaders } from './configuredReaders';

function emptyTrajectory(run: RunSummary, message: string): Trajectory {
  return {
    run,
    task: null,
    steps: [],
    finalAnswer: null,
    oracle: [],
    checks: [],
    judge: [],
    diagnostics: [{ path: run.path, line: null, message, severity: 'error' }],
  };
}

/**
 * Loads one run completely through the reader of its format (by default the registered readers as the directory's
 * trajectory-lens.json tunes them, like the index). `check` also validates the files the view does not need and
 * reports every problem. Never throws: a missing reader or a failing one becomes a diagnostic.
 */
export async function loadTrajectory(
  fs: FileSource,
  run: RunSummary,
  options: { check?: boolean } = {},
  readers?: readonly FormatReader[],
): Promise<Trajectory> {
  try {
    const reader = (readers ?? (await configuredReaders(fs))).find((r) => r.format === run.format);
    if (reader === undefined) return emptyTrajectory(run, `no reader for the ${run.format} format`);
    return await reader.readTrajectory(fs, run, options);
  } catch (error) {
    return emptyTrajectory(run, readerFailedText(run, error));
  }
}

function readerFailedText(run: RunSummary, error: unknown): string {
  return `${run.format} reader failed: ${error instanceof Error ? error.message : String(error)}`;
}

/**
 * The diagnostics loadTrajectory with `check` returns for `run`, without assembling the trajectory where the reader
 * can (FormatReader.checkRun). Never throws.
 */
export async function checkTrajectory(fs: FileSource, run: RunSummary, readers: readonly FormatReader[]): Promise<Diagnostic[]> {
  const reader = readers.find((r) => r.format === run.format);
  if (reader?.checkRun === undefined) return (await loadTrajectory(fs, run, { check: true }, readers)).diagnostics;
  try {
    return await reader.checkRun(fs, run);
  } catch (error) {
    return emptyTrajectory(run, readerFailedText(run, error)).diagnostics;
  }
}
