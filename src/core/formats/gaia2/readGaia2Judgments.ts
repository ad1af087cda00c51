import type { FileSource } from '../../fileSource';
import type { Diagnostic, JudgeRecord, OracleEvent, VerifierCheck } from '../../model';
import { parseFailureReason } from '../failureFamily';
import { forEachJsonLine } from '../jsonLines';
import { judgeLogArgs } from './pythonLiteral';
import { isObject, numberOrNull, stringOrNull, type JsonObject } from './values';

// daemon_judgments.jsonl: one object per judged turn with the turn's write agent events, its oracle events, and
// per oracle event whether it matched, the verifier's reason and the LLM judge's raw output. match_details is null
// when the count pre-check rejected the turn before any matching.

export interface JudgmentsResult {
  oracle: OracleEvent[];
  judge: JudgeRecord[];
  /** Count pre-checks, one per judged turn. */
  checks: VerifierCheck[];
  diagnostics: Diagnostic[];
}

interface LoggedEvent {
  id: string;
  tool: string;
  args: Record<string, unknown>;
}

function loggedEvents(value: unknown): LoggedEvent[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isObject).map((e) => ({
    id: stringOrNull(e.id) ?? '',
    tool: stringOrNull(e.tool) ?? '',
    args: judgeLogArgs(e.args ?? e.args_summary),
  }));
}

/** The verifier's text for one oracle event, without the `Cannot match <Tool> (<id>): ` prefix the record repeats. */
function reasonText(reason: string | null): string {
  return reason === null ? '' : parseFailureReason(reason).detail;
}

/** Arguments of the agent action the oracle event was matched to, or compared against when it failed. */
function comparedAgentArgs(
  oracleId: string,
  matched: boolean | null,
  reason: string | null,
  agents: LoggedEvent[],
  idMapping: JsonObject,
): Record<string, unknown> | null {
  const agentId = matched
    ? Object.keys(idMapping).find((k) => idMapping[k] === oracleId)
    : reason === null
      ? undefined
      : (parseFailureReason(reason).agentId ?? undefined);
  return agents.find((a) => a.id === agentId)?.args ?? null;
}

function countCheck(turn: number, failureReason: string | null, countsPassed: boolean): VerifierCheck {
  if (countsPassed) {
    const detail = `turn ${turn}: the agent's write actions match the oracle's counts`;
    return { name: 'tool_count', passed: true, detail };
  }
  const check = failureReason === null ? null : parseFailureReason(failureReason).check;
  return {
    name: check === 'smu_count' ? 'smu_count' : 'tool_count',
    passed: false,
    detail: `turn ${turn}: ${failureReason ?? 'count pre-check failed'}`,
  };
}

function readTurn(record: JsonObject, result: JudgmentsResult): void {
  const turn = numberOrNull(record.turn) ?? result.checks.length;
  const failureReason = stringOrNull(record.failure_reason);
  const agents = loggedEvents(record.agent_events);
  for (const { id, tool, args } of loggedEvents(record.oracle_events)) result.oracle.push({ id, tool, args, turn });

  if (!Array.isArray(record.match_details)) {
    // The count pre-check decided the turn: there is no per-event record, only the turn-level reason.
    if (record.success === false) {
      result.checks.push(countCheck(turn, failureReason, false));
      const check = failureReason === null ? null : parseFailureReason(failureReason).check;
      result.judge.push({
        oracleId: null,
        tool: null,
        matched: false,
        check,
        rationale: failureReason ?? '',
        llm: false,
        turn,
        agentArgs: null,
      });
    }
    return;
  }
  result.checks.push(countCheck(turn, failureReason, true));
  const idMapping = isObject(record.id_mapping) ? record.id_mapping : {};
  for (const detail of record.match_details.filter(isObject)) {
    const oracleId = stringOrNull(detail.oracle_id) ?? '';
    const matched = typeof detail.matched === 'boolean' ? detail.matched : null;
    const reason = stringOrNull(detail.reason);
    const judgeOutput = stringOrNull(detail.judge_output)?.trim() ?? '';
    result.judge.push({
      oracleId,
      tool: stringOrNull(detail.oracle_tool),
      matched,
      check: matched === false && reason !== null ? parseFailureReason(reason).check : null,
      rationale: judgeOutput !== '' ? judgeOutput : reasonText(reason),
      llm: judgeOutput !== '',
      turn,
      agentArgs: comparedAgentArgs(oracleId, matched, reason, agents, idMapping),
    });
  }
}

export async function readGaia2Judgments(fs: FileSource, path: string): Promise<JudgmentsResult> {
  const result: JudgmentsResult = { oracle: [], judge: [], checks: [], diagnostics: [] };
  const shape: Diagnostic[] = [];
  const diagnostics = await forEachJsonLine(fs, path, ({ line, value }) => {
    if (!isObject(value) || !('oracle_events' in value || 'match_details' in value)) {
      const message = `line ${line} is not a judged turn (needs "oracle_events")`;
      shape.push({ path, line, message, severity: 'warning' });
      return;
    }
    readTurn(value, result);
  });
  result.diagnostics = [...diagnostics, ...shape].sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  return result;
}
