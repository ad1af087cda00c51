import type { JudgeRecord, VerifierCheck } from '../model';
import { parseFailureReason, type ParsedFailureReason } from './failureFamily';

// What a verifier's failure reason alone tells the views, for runs whose judge log is missing (gaia2-cli) or never
// written (classic ARE): the oracle event or check the reason names, and a failed count check for a count mismatch.

/** One judge record for the oracle event or check the reason names. */
export function judgeFromReason(reason: string, parse: (reason: string) => ParsedFailureReason = parseFailureReason): JudgeRecord {
  const parsed = parse(reason);
  return {
    oracleId: parsed.oracleId,
    tool: parsed.tool,
    matched: false,
    check: parsed.check,
    rationale: parsed.detail,
    llm: false,
    turn: null,
    agentArgs: null,
  };
}

/** A failed `tool_count` / `smu_count` check when the reason is a count mismatch; null for any other reason. */
export function countCheckFromReason(
  reason: string,
  parse: (reason: string) => ParsedFailureReason = parseFailureReason,
): VerifierCheck | null {
  const { check } = parse(reason);
  return check === 'tool_count' || check === 'smu_count' ? { name: check, passed: false, detail: reason } : null;
}
