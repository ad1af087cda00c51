import type { FailureFamily, JudgeRecord, OracleEvent, Outcome, Step, VerifierCheck } from '../../model';
import { parseFailureReason } from '../failureFamily';
import { isObject, splitToolName } from '../gaia2/values';
import type { FileDiagnostics } from '../fileDiagnostics';
import { RecordFields } from './recordFields';
import { CANONICAL_SCHEMA, NO_VERDICT, OUTCOMES, RECORD_TYPES, REQUESTORS, ROLES, type RecordType } from './schema';

// One canonical line → one piece of the model. Problems are reported on the line; an unusable line yields null.

export interface CanonicalHeader {
  line: number;
  id: string;
  scenarioId: string;
  outcome: Outcome;
  language: string | null;
  runIndex: number | null;
  capability: string | null;
  model: string | null;
  agent: string | null;
  setting: string | null;
  failureReason: string | null;
  failureFamily: FailureFamily | null;
  score: number | null;
  task: string | null;
  finalAnswer: string | null;
}

export type BodyRecord =
  | { type: 'step'; step: Step }
  | { type: 'oracle'; oracle: OracleEvent }
  | { type: 'check'; check: VerifierCheck }
  | { type: 'judge'; judge: JudgeRecord };

/** The `type` of a line, or null (reported) when it has none the format knows. */
export function recordType(value: unknown, line: number, problems: FileDiagnostics): RecordType | null {
  const type = isObject(value) ? value.type : undefined;
  if (typeof type === 'string' && (RECORD_TYPES as readonly string[]).includes(type)) return type as RecordType;
  const expected = `(expected one of ${RECORD_TYPES.join(', ')}); skipped`;
  // Another record type may be a harness's own addition: a warning. No type at all is a broken line.
  if (typeof type === 'string') problems.add(line, `line ${line} has an unknown type ${JSON.stringify(type.slice(0, 60))} ${expected}`);
  else problems.add(line, `line ${line} ${isObject(value) ? 'has no "type"' : 'is not a JSON object'} ${expected}`, 'error');
  return null;
}

/** A run's family: as stated, else from its outcome and (for failures) its reason in the GAIA2 reason grammar. */
function familyOf(outcome: Outcome, stated: string | null, reason: string | null): FailureFamily | null {
  if (outcome === 'pass') return null;
  if (stated !== null) return stated;
  if (outcome === 'infra') return 'infra';
  if (outcome === 'unknown') return NO_VERDICT;
  return reason === null ? 'other' : parseFailureReason(reason).family;
}

export function parseHeader(
  value: Record<string, unknown>,
  line: number,
  problems: FileDiagnostics,
): CanonicalHeader | null {
  const fields = new RecordFields(value, line, 'run header', problems);
  const schema = fields.text('schema');
  const header = {
    id: fields.text('id'),
    scenarioId: fields.text('scenarioId'),
    outcome: fields.oneOf('outcome', OUTCOMES),
    language: fields.string('language'),
    runIndex: fields.count('runIndex'),
    capability: fields.string('capability'),
    model: fields.string('model'),
    agent: fields.string('agent'),
    setting: fields.string('setting'),
    failureReason: fields.string('failureReason'),
    failureFamily: fields.string('failureFamily'),
    score: fields.number('score'),
    task: fields.string('task'),
    finalAnswer: fields.string('finalAnswer'),
  };
  if (!fields.usable) return null;
  if (schema !== CANONICAL_SCHEMA) {
    const message = `line ${line}: run header schema ${JSON.stringify(schema)} is not ${CANONICAL_SCHEMA}`;
    problems.add(line, `${message}; the run is skipped`, 'error');
    return null;
  }
  if (header.outcome === 'pass' && (header.failureReason !== null || header.failureFamily !== null)) {
    problems.add(line, `line ${line}: a passing run has no failure; its failureReason and failureFamily are ignored`);
  }
  const failureReason = header.outcome === 'pass' ? null : header.failureReason;
  return { line, ...header, failureReason, failureFamily: familyOf(header.outcome, header.failureFamily, failureReason) };
}

function toolCallStep(fields: RecordFields): Step {
  const tool = fields.text('tool');
  const split = splitToolName(tool);
  return {
    kind: 'tool_call',
    tool,
    app: fields.string('app') ?? split.app,
    fn: fields.string('fn') ?? split.fn,
    args: fields.object('args') ?? {},
    result: fields.value('result'),
    error: fields.string('error'),
    write: fields.boolean('write') ?? false,
    requestor: fields.optionalOneOf('requestor', REQUESTORS),
    reasoning: fields.string('reasoning'),
    time: fields.number('time'),
    callId: fields.string('callId'),
  };
}

function body(type: Exclude<RecordType, 'run'>, fields: RecordFields): BodyRecord {
  switch (type) {
    case 'message':
      return {
        type: 'step',
        step: {
          kind: 'message',
          role: fields.oneOf('role', ROLES),
          text: fields.anyText('text'),
          reasoning: fields.string('reasoning'),
          time: fields.number('time'),
        },
      };
    case 'tool_call':
      return { type: 'step', step: toolCallStep(fields) };
    case 'oracle':
      return {
        type: 'oracle',
        oracle: { id: fields.text('id'), tool: fields.text('tool'), args: fields.object('args') ?? {}, turn: fields.count('turn') },
      };
    case 'check':
      return {
        type: 'check',
        check: { name: fields.text('name'), passed: fields.requiredBooleanOrNull('passed'), detail: fields.string('detail') ?? '' },
      };
    case 'judge':
      return {
        type: 'judge',
        judge: {
          rationale: fields.anyText('rationale'),
          oracleId: fields.string('oracleId'),
          tool: fields.string('tool'),
          matched: fields.boolean('matched'),
          check: fields.string('check'),
          llm: fields.boolean('llm') ?? false,
          turn: fields.count('turn'),
          agentArgs: fields.object('agentArgs'),
        },
      };
  }
}

/** A step, oracle event, check or judge record; null when the line is unusable. */
export function parseBodyLine(
  type: Exclude<RecordType, 'run'>,
  value: Record<string, unknown>,
  line: number,
  problems: FileDiagnostics,
): BodyRecord | null {
  const fields = new RecordFields(value, line, `${type} line`, problems);
  const record = body(type, fields);
  return fields.usable ? record : null;
}
