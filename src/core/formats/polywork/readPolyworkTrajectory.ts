import { joinPath, type FileSource } from '../../fileSource';
import type { Diagnostic, RunSummary, Step, Trajectory } from '../../model';
import { readJsonFile, readTextFile } from '../jsonLines';
import { gradeChecks, judgeRecords } from './gradeRecords';
import {
  GRADE_FILE,
  JUDGE_FILE,
  readGradeDimensions,
  readJudgeFile,
  readResult,
  type GradeDimension,
  type JudgeVerdict,
  type PolyworkResult,
} from './readResult';
import { languagesText, readInstruction, readTaskInfo } from './taskFolder';
import { readTranscript } from './transcripts/readTranscript';
import { polyworkVerdict } from './verdict';

// Loading one PolyWorkBench run: the conversation from the harness's chat log, the deliverable
// (task_output/answer.json), and the grade, pytest and judge tracks as checks and judge records.

const TEXT_BYTES = 8 * 1024 * 1024;
const ANSWER_FILE = 'task_output/answer.json';

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function listNames(fs: FileSource, dir: string): Promise<{ names: Set<string>; diagnostics: Diagnostic[] }> {
  try {
    return { names: new Set((await fs.list(dir)).map((e) => e.name)), diagnostics: [] };
  } catch (error) {
    const message = `cannot list the run folder: ${errorText(error)}`;
    return { names: new Set(['result.json']), diagnostics: [{ path: dir === '' ? '.' : dir, line: null, message, severity: 'error' }] };
  }
}

/** The judge from result.json, with judge_result.json's error (result.json drops it) or as a whole when result.json has none. */
function mergedJudge(fromResult: JudgeVerdict | null, fromFile: JudgeVerdict | null): JudgeVerdict | null {
  if (fromResult === null) return fromFile;
  return fromFile?.error ? { ...fromResult, error: fromFile.error } : fromResult;
}

function lastAssistantText(steps: readonly Step[]): string | null {
  for (let i = steps.length - 1; i >= 0; i--) {
    const step = steps[i];
    if (step?.kind === 'message' && step.role === 'assistant' && step.text.trim() !== '') return step.text.trim();
  }
  return null;
}

const MISSING_RESULT: PolyworkResult = { taskId: null, harness: null, model: null, error: null, scores: null, usage: null };

export async function readPolyworkTrajectory(
  fs: FileSource,
  run: RunSummary,
  passThreshold: number,
  options: { check?: boolean } = {},
): Promise<Trajectory> {
  const dir = run.path;
  const at = (name: string): string => joinPath(dir, name);
  const listing = await listNames(fs, dir);
  const has = (name: string): boolean => listing.names.has(name);
  const diagnostics: Diagnostic[] = [...listing.diagnostics];

  const [resultRead, task, transcript, testOutput, answer, gradeFile, judgeFile] = await Promise.all([
    readResult(fs, dir),
    readTaskInfo(fs, dir, run.scenarioId),
    readTranscript(fs, dir, listing.names, run.setting, options),
    has('test_output.txt') ? readTextFile(fs, at('test_output.txt'), TEXT_BYTES) : null,
    (async () => ((await fs.stat(at(ANSWER_FILE)))?.type === 'file' ? readTextFile(fs, at(ANSWER_FILE), TEXT_BYTES) : null))(),
    has(GRADE_FILE) ? readGradeDimensions(fs, at(GRADE_FILE)) : null,
    has(JUDGE_FILE) ? readJudgeFile(fs, at(JUDGE_FILE)) : null,
  ]);
  const result = resultRead.result ?? MISSING_RESULT;
  const instruction = task.task === null ? null : await readInstruction(fs, task.task);
  diagnostics.push(
    ...resultRead.diagnostics,
    ...task.diagnostics,
    ...(instruction?.diagnostics ?? []),
    ...transcript.diagnostics,
    ...(testOutput?.diagnostics ?? []),
    ...(answer?.diagnostics ?? []),
  );
  if (transcript.orphanResults > 0 && transcript.path !== null) {
    const message = `${transcript.orphanResults} tool results answer a call that is not in the log; shown as calls without arguments`;
    diagnostics.push({ path: transcript.path, line: null, message, severity: 'warning' });
  }

  const dimensions: GradeDimension[] =
    result.scores !== null && result.scores.dimensions.length > 0 ? result.scores.dimensions : (gradeFile?.dimensions ?? []);
  // The side files are always validated when they are used, and with `check` even when result.json made them redundant.
  if (options.check || dimensions === gradeFile?.dimensions) diagnostics.push(...(gradeFile?.diagnostics ?? []));
  if (options.check || (result.scores?.judge ?? null) === null) diagnostics.push(...(judgeFile?.diagnostics ?? []));
  if (options.check && has('score.json')) diagnostics.push(...(await readJsonFile(fs, at('score.json'), TEXT_BYTES)).diagnostics);

  const verdict = polyworkVerdict(result, passThreshold);
  const checks = gradeChecks({
    result,
    verdict,
    threshold: passThreshold,
    dimensions,
    testOutput: testOutput?.text ?? null,
    languages: task.task === null ? null : languagesText(task.task.languages),
  });
  return {
    run,
    task: instruction?.text ?? transcript.task,
    steps: transcript.steps,
    finalAnswer: answer?.text?.trim() || lastAssistantText(transcript.steps),
    oracle: [],
    checks,
    judge: judgeRecords(mergedJudge(result.scores?.judge ?? null, judgeFile?.judge ?? null), passThreshold),
    diagnostics,
  };
}
