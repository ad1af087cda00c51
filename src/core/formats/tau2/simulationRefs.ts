import type { Diagnostic } from '../../model';
import { isObject, stringOrNull, type JsonObject } from '../gaia2/values';

// Which run of a results file is which: every simulation (or "dir" index entry) gets a key unique in its file, its
// task id and its trial. Indexing and loading a run both derive keys here, from the same list, so they agree.

export interface SimulationRef {
  /** The simulation id; `<task_id>#trial<n>` when the file records none; unique within the file. */
  key: string;
  taskId: string;
  /** The trial as written (0-based in tau2-bench); the task's occurrence count when the file records none. */
  trial: number;
  /** Position in the list the ref was read from. */
  position: number;
  /** The simulation (or index entry) itself. */
  value: JsonObject;
}

interface RefsResult {
  refs: SimulationRef[];
  diagnostics: Diagnostic[];
}

/** Task ids are strings in tau2-bench and numbers in some older files. */
export function taskIdOf(value: unknown): string | null {
  if (typeof value === 'string' && value.trim() !== '') return value;
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : null;
}

function trialOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;
}

/**
 * Refs of the simulations in `list` (named `listName` in diagnostics, e.g. `simulations`). Entries that are not
 * objects or have no task id are reported and left out; duplicate ids are reported and made unique.
 */
export function simulationRefs(list: readonly unknown[], listName: string, path: string): RefsResult {
  const refs: SimulationRef[] = [];
  const diagnostics: Diagnostic[] = [];
  const seenKeys = new Map<string, number>();
  const trialsSeen = new Map<string, number>();
  const report = (message: string, severity: Diagnostic['severity'] = 'error'): void => {
    diagnostics.push({ path, line: null, message, severity });
  };
  list.forEach((value, position) => {
    const where = `${listName}[${position}]`;
    if (!isObject(value)) {
      report(`${where} is not an object; skipped`);
      return;
    }
    const taskId = taskIdOf(value.task_id);
    if (taskId === null) {
      report(`${where} has no task_id; skipped`);
      return;
    }
    const ordinal = trialsSeen.get(taskId) ?? 0;
    trialsSeen.set(taskId, ordinal + 1);
    const trial = trialOf(value.trial) ?? ordinal;
    const id = stringOrNull(value.id);
    let key = id !== null && id.trim() !== '' ? id : `${taskId}#trial${trial}`;
    const repeats = seenKeys.get(key) ?? 0;
    seenKeys.set(key, repeats + 1);
    if (repeats > 0) {
      report(`${where}: simulation id ${JSON.stringify(key)} appears more than once; this one is listed as ${key}~${repeats + 1}`, 'warning');
      key = `${key}~${repeats + 1}`;
    }
    refs.push({ key, taskId, trial, position, value });
  });
  return { refs, diagnostics };
}
