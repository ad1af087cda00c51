import type { FileSource } from '../../fileSource';
import type {
  Diagnostic,
  JudgeRecord,
  MessageStep,
  OracleEvent,
  RunSummary,
  Step,
  Trajectory,
  VerifierCheck,
} from '../../model';
import { runKey } from '../reader';
import { readCanonicalRun } from './canonicalFile';
import type { BodyRecord } from './canonicalRecords';

// Loading one canonical run: its lines, in file order, become the trajectory's steps, oracle events, checks and
// judge records. Oracle ids must be unique within a run; judge records may only name oracle events of their run.

function warning(path: string, line: number | null, message: string): Diagnostic {
  return { path, line, message, severity: 'warning' };
}

interface Parts {
  steps: Step[];
  oracle: OracleEvent[];
  checks: VerifierCheck[];
  judge: JudgeRecord[];
}

function split(records: readonly BodyRecord[], path: string, diagnostics: Diagnostic[]): Parts {
  const parts: Parts = { steps: [], oracle: [], checks: [], judge: [] };
  const oracleIds = new Set<string>();
  for (const record of records) {
    if (record.type === 'step') parts.steps.push(record.step);
    else if (record.type === 'check') parts.checks.push(record.check);
    else if (record.type === 'judge') parts.judge.push(record.judge);
    else if (oracleIds.has(record.oracle.id)) {
      const message = `oracle id ${JSON.stringify(record.oracle.id)} appears twice in this run; the second is ignored`;
      diagnostics.push(warning(path, null, message));
    } else {
      oracleIds.add(record.oracle.id);
      parts.oracle.push(record.oracle);
    }
  }
  parts.judge = parts.judge.map((judge) => {
    if (judge.oracleId === null || oracleIds.has(judge.oracleId)) return judge;
    const message = `a judge record names oracle id ${JSON.stringify(judge.oracleId)}, which this run does not have`;
    diagnostics.push(warning(path, null, `${message}; shown as a run-level record`));
    return { ...judge, oracleId: null };
  });
  return parts;
}

function lastMessage(steps: readonly Step[], role: MessageStep['role'], last: boolean): string | null {
  const ordered = last ? [...steps].reverse() : steps;
  const found = ordered.find((s): s is MessageStep => s.kind === 'message' && s.role === role && s.text.trim() !== '');
  return found?.text ?? null;
}

export async function readCanonicalTrajectory(fs: FileSource, run: RunSummary): Promise<Trajectory> {
  const key = runKey(run);
  const empty = { run, task: null, steps: [], finalAnswer: null, oracle: [], checks: [], judge: [] };
  if (key === null) {
    const message = `run id ${run.id} names no run of the file (expected <file>#<run id>)`;
    return { ...empty, diagnostics: [{ path: run.path, line: null, message, severity: 'error' }] };
  }
  const { header, records, diagnostics } = await readCanonicalRun(fs, run.path, key);
  if (header === null) {
    const message = `run ${JSON.stringify(key)} is not in this file (or its header is unusable)`;
    return { ...empty, diagnostics: [...diagnostics, { path: run.path, line: null, message, severity: 'error' }] };
  }
  const parts = split(records, run.path, diagnostics);
  return {
    run,
    task: header.task ?? lastMessage(parts.steps, 'user', false),
    finalAnswer: header.finalAnswer ?? lastMessage(parts.steps, 'assistant', true),
    ...parts,
    diagnostics,
  };
}
