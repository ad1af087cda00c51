import { basename, dirname, type DirEntry, type FileSource } from '../../fileSource';
import type { Diagnostic } from '../../model';
import type { IndexedRun, IndexResult } from '../reader';
import { readResult } from './readResult';
import { harnessFolderOf, pairingPathOf, parseRunFolderName, runOrdinal } from './runFolder';
import { readTaskInfo, type TaskInfo } from './taskFolder';
import { polyworkVerdict } from './verdict';

// Indexing one PolyWorkBench run folder: result.json for the verdict, the folder name and its siblings for the run
// number, the task folder (when the opened directory holds it) for the languages.

/** PolyWorkBench task ids start with their domain: COM-00_…, LEG-12_…, LOC-04v2_…. */
const DOMAIN = /^([A-Z]{2,6})-\d+/;

export function domainOf(taskId: string, task: TaskInfo | null): string | null {
  return DOMAIN.exec(taskId)?.[1] ?? task?.category ?? null;
}

/** The task id as result.json states it, else the task folder the run sits in. */
function taskIdOf(stated: string | null, dir: string, diagnostics: Diagnostic[]): string {
  if (stated !== null) return stated;
  const folder = basename(dirname(dir)) || basename(dir) || 'unknown task';
  const message = `result.json names no task_id; the folder name ${JSON.stringify(folder)} is used`;
  diagnostics.push({ path: dir === '' ? 'result.json' : `${dir}/result.json`, line: null, message, severity: 'warning' });
  return folder;
}

export async function indexPolyworkRun(
  fs: FileSource,
  dir: string,
  entries: readonly DirEntry[],
  passThreshold: number,
): Promise<IndexResult> {
  if (!entries.some((e) => e.name === 'result.json' && e.type === 'file')) return { runs: [], diagnostics: [] };
  const { result, diagnostics } = await readResult(fs, dir);
  if (result === null) return { runs: [], diagnostics };
  const taskId = taskIdOf(result.taskId, dir, diagnostics);
  const [ordinal, task] = await Promise.all([runOrdinal(fs, dir), readTaskInfo(fs, dir, taskId)]);
  diagnostics.push(...ordinal.diagnostics, ...task.diagnostics);
  const verdict = polyworkVerdict(result, passThreshold);
  const model = result.model ?? parseRunFolderName(basename(dir))?.model ?? null;
  const run: IndexedRun = {
    path: dir,
    key: null,
    format: 'polywork',
    scenarioId: taskId,
    outcome: verdict.outcome,
    capability: domainOf(taskId, task.task),
    failureFamily: verdict.failureFamily,
    failureReason: verdict.failureReason,
    score: verdict.score,
    model,
    agent: model,
    setting: result.harness ?? harnessFolderOf(dir, taskId),
    languageHint: task.task?.languages.instruction[0] ?? null,
    runIndexHint: ordinal.index,
    pairingPath: pairingPathOf(dir, taskId),
  };
  return { runs: [run], diagnostics };
}
