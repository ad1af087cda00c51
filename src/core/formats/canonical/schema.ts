// The canonical JSONL format, `trajectory-lens/v1` (docs/canonical-format.md; JSON Schema in
// docs/canonical-format.schema.json — keep the three in step). Each line is one record; a `run` header starts a run
// and the lines after it, up to the next header, belong to it.

export const CANONICAL_SCHEMA = 'trajectory-lens/v1';
/** Files named this way are canonical by name; other `.jsonl` files are canonical when their first line is a header. */
export const CANONICAL_SUFFIX = '.trajectory.jsonl';

export const RECORD_TYPES = ['run', 'message', 'tool_call', 'oracle', 'check', 'judge'] as const;
export type RecordType = (typeof RECORD_TYPES)[number];

export const OUTCOMES = ['pass', 'fail', 'infra', 'unknown'] as const;
export const ROLES = ['user', 'assistant', 'system'] as const;
export const REQUESTORS = ['assistant', 'user'] as const;

/** Failure family of a run that has no verdict. */
export const NO_VERDICT = 'no_verdict';

/** Fields a line must have; a line without one of them (or with one of the wrong type) is skipped. */
export const REQUIRED_FIELDS: Readonly<Record<RecordType, readonly string[]>> = {
  run: ['type', 'schema', 'id', 'scenarioId', 'outcome'],
  message: ['type', 'role', 'text'],
  tool_call: ['type', 'tool'],
  oracle: ['type', 'id', 'tool'],
  check: ['type', 'name', 'passed'],
  judge: ['type', 'rationale'],
};

/** Every field the reader reads, per record type; other fields are allowed and ignored. */
export const KNOWN_FIELDS: Readonly<Record<RecordType, readonly string[]>> = {
  run: [
    ...REQUIRED_FIELDS.run,
    'language',
    'runIndex',
    'capability',
    'model',
    'agent',
    'setting',
    'failureReason',
    'failureFamily',
    'score',
    'task',
    'finalAnswer',
  ],
  message: [...REQUIRED_FIELDS.message, 'reasoning', 'time'],
  tool_call: [
    ...REQUIRED_FIELDS.tool_call,
    ...['app', 'fn', 'args', 'result', 'error', 'write', 'requestor', 'reasoning', 'time', 'callId'],
  ],
  oracle: [...REQUIRED_FIELDS.oracle, 'args', 'turn'],
  check: [...REQUIRED_FIELDS.check, 'detail'],
  judge: [...REQUIRED_FIELDS.judge, 'oracleId', 'tool', 'matched', 'check', 'llm', 'turn', 'agentArgs'],
};
