import type { FileSource } from '../../fileSource';
import type { Diagnostic, RunSummary, Trajectory } from '../../model';
import { runKey } from '../reader';
import { openInspectLog, parseSampleKey, type LogReadOptions } from './evalLog';
import { sampleConversation } from './sampleSteps';
import { sampleChecks, sampleJudgeRecords } from './sampleScores';

// Loading one sample of an Inspect log: its conversation, scores (checks, and judge records for explanations).

function emptyTrajectory(run: RunSummary, diagnostics: Diagnostic[]): Trajectory {
  return { run, task: null, steps: [], finalAnswer: null, oracle: [], checks: [], judge: [], diagnostics };
}

export async function readInspectTrajectory(
  fs: FileSource,
  run: RunSummary,
  passThreshold: number,
  options: { check?: boolean } = {},
  logRead: LogReadOptions = {},
): Promise<Trajectory> {
  // The run id is `<log path>#<sample key>`.
  const sampleKey = runKey(run);
  const key = sampleKey === null ? null : parseSampleKey(sampleKey);
  if (key === null) {
    return emptyTrajectory(run, [{ path: run.path, line: null, message: `no sample key in run id ${run.id}`, severity: 'error' }]);
  }
  const { log, diagnostics } = await openInspectLog(fs, run.path, logRead);
  if (log === null) return emptyTrajectory(run, diagnostics);
  const read = await log.readSample(key.id, key.epoch);
  const problems = [...diagnostics, ...read.diagnostics, ...(options.check ? await log.checkOtherMembers() : [])];
  if (read.sample === null) return emptyTrajectory(run, problems);
  const conversation = sampleConversation(read.sample, run.path);
  return {
    run,
    task: conversation.task,
    steps: conversation.steps,
    finalAnswer: conversation.finalAnswer,
    oracle: [],
    checks: sampleChecks(read.sample, log.header, passThreshold),
    judge: sampleJudgeRecords(read.sample, log.header, passThreshold),
    diagnostics: [...problems, ...conversation.diagnostics],
  };
}
