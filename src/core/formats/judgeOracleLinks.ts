import type { JudgeRecord, OracleEvent } from '../model';

/**
 * A judge record may only name an oracle event its run lists. A dangling id (a damaged judge log, or a verdict whose
 * reason names an event the run has no list for) would link to nothing in the views, so the record becomes run-level.
 */
export function withKnownOracleIds(judge: JudgeRecord[], oracle: readonly OracleEvent[]): JudgeRecord[] {
  const ids = new Set(oracle.map((event) => event.id));
  return judge.map((record) =>
    record.oracleId === null || ids.has(record.oracleId) ? record : { ...record, oracleId: null },
  );
}
