import { basename, dirname, joinPath, type FileSource } from '../../fileSource';
import type { Diagnostic } from '../../model';

// PolyWorkBench writes each run to output/<harness>/<task_id>/<model>_<YYYYMMDD_HHMM>_<6 hex>/. The path holds no
// run index: repeated runs of a task by one harness and model are told apart by their start time only.

const RUN_FOLDER = /^(.+)_(\d{8})_(\d{4})_([0-9a-f]{6})$/;

export interface RunFolderName {
  /** The model as the runner shortened it for the folder name. */
  model: string;
  /** `YYYYMMDD_HHMM`: sorts in start order. */
  started: string;
  id: string;
}

export function parseRunFolderName(name: string): RunFolderName | null {
  const match = RUN_FOLDER.exec(name);
  if (!match?.[1] || !match[2] || !match[3] || !match[4]) return null;
  return { model: match[1], started: `${match[2]}_${match[3]}`, id: match[4] };
}

/** Path segments of a run folder laid out as `<output root>/<harness>/<task_id>/<run>`, or null when it is not. */
function layoutOf(dir: string, taskId: string): { outputRoot: string; harness: string } | null {
  const segments = dir === '' ? [] : dir.split('/');
  const harness = segments[segments.length - 3];
  if (harness === undefined || segments[segments.length - 2] !== taskId) return null;
  return { outputRoot: segments.slice(0, -3).join('/'), harness };
}

/** The folder the runner's output root is in (`output/`), or the run folder's parent for other layouts. */
export function outputRootOf(dir: string, taskId: string): string {
  return layoutOf(dir, taskId)?.outputRoot ?? dirname(dir);
}

/** The harness folder name, when the run sits in the runner's layout. */
export function harnessFolderOf(dir: string, taskId: string): string | null {
  return layoutOf(dir, taskId)?.harness ?? null;
}

/**
 * The path pairing reads: `<output root>/<task_id>`. Harness and run folder are left out so that every run of a
 * task, whichever harness, model or repetition, lands in one group; harness and model stay on the run (setting, model).
 */
export function pairingPathOf(dir: string, taskId: string): string {
  return joinPath(outputRootOf(dir, taskId), taskId);
}

/**
 * 1-based position of this run among the runs in its task folder (one harness's runs of the task, every model), in
 * start order, ties broken by the run id. Counting every model keeps each number naming one run of the harness: run
 * pickers choose by (task, language, harness, number). Null when the folder name carries no start time.
 */
export async function runOrdinal(fs: FileSource, dir: string): Promise<{ index: number | null; diagnostics: Diagnostic[] }> {
  const own = parseRunFolderName(basename(dir));
  if (own === null || dir === '') return { index: null, diagnostics: [] };
  let names: string[];
  try {
    names = (await fs.list(dirname(dir))).filter((e) => e.type === 'directory').map((e) => e.name);
  } catch (error) {
    const message = `cannot list the runs beside this one to number it: ${error instanceof Error ? error.message : String(error)}`;
    return { index: null, diagnostics: [{ path: dir, line: null, message, severity: 'warning' }] };
  }
  const order = (name: RunFolderName): string => `${name.started}_${name.id}`;
  const earlier = names
    .map(parseRunFolderName)
    .filter((n): n is RunFolderName => n !== null && order(n) < order(own)).length;
  return { index: earlier + 1, diagnostics: [] };
}
