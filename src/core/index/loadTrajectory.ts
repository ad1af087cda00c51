import type { FileSource } from '../fileSource';
import type { FormatReader } from '../formats/reader';
import type { RunSummary, Trajectory } from '../model';
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
    return emptyTrajectory(run, `${run.format} reader failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
