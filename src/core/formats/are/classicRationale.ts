import { parseFailureReason, type ParsedFailureReason } from '../failureFamily';

// Classic ARE's validator writes str() of its own failure classes, not the gaia2-cli reason grammar:
//   Failure: \nAgent and oracle counters do not match for the following tools:\n- Tool '<T>': Agent count 1, Oracle count 2
//   Failure: \nOracle sent 1 more message(s) than agent.   /   …Agent message to user count exceeds oracle AUI count by more than 1.
//   Failure: Agent did not perform the following oracle tool call:\ntool name: <T>\ntool args:\n-<k>: <v>…\n
//     \nList of matching attempts:\n-Failure matching agent event (ID: <a>) with oracle event (ID: <o>), reason: <r>…
//   Failure: Oracle env/user event <id> could not be matched. This is likely a bug !
// where <r> is causality, already matched or tool judge reject. Anything else is read with the gaia2-cli grammar.

const COUNTERS = /Agent and oracle counters do not match/;
const MESSAGE_COUNT = /Oracle sent \d+ more message\(s\) than agent|Agent message to user count exceeds oracle AUI count/;
const NOT_PERFORMED = /^Failure: Agent did not perform the following oracle tool call:\s*\ntool name: (\S+)/;
const ATTEMPT = /^-Failure matching agent event \(ID: ([^)]*)\) with oracle event \(ID: ([^)]*)\), reason: (.+)$/m;
const ENV_EVENT = /^Failure: Oracle env\/user event (\S+) could not be matched/;

const ATTEMPT_FAMILIES: Readonly<Record<string, string>> = {
  causality: 'causality',
  'already matched': 'already_matched',
  'tool judge reject': 'tool_judge',
};

function parsed(family: string, detail: string, fields: Partial<ParsedFailureReason> = {}): ParsedFailureReason {
  return { family, check: family === 'other' ? null : family, tool: null, oracleId: null, agentId: null, detail, ...fields };
}

/** A classic ARE failure text, parsed; null when the text is not one of the classic forms. */
function parseClassic(text: string): ParsedFailureReason | null {
  if (COUNTERS.test(text)) return parsed('tool_count', text);
  if (MESSAGE_COUNT.test(text)) return parsed('smu_count', text);
  const env = ENV_EVENT.exec(text);
  if (env) return parsed('env_event', text, { oracleId: env[1] ?? null });
  const notPerformed = NOT_PERFORMED.exec(text);
  if (notPerformed === null) return null;
  const tool = notPerformed[1] ?? null;
  const attempt = ATTEMPT.exec(text);
  // The first attempt decides, as the validator lists them in agent-event order; none means no agent event qualified.
  if (attempt === null) return parsed('no_candidates', text, { tool });
  const reason = (attempt[3] ?? '').trim();
  const family = ATTEMPT_FAMILIES[reason] ?? 'other';
  return parsed(family, text, { tool, agentId: attempt[1] ?? null, oracleId: attempt[2] ?? null });
}

/** An ARE validation rationale parsed in the classic validator's forms, else in the gaia2-cli grammar. */
export function parseAreRationale(reason: string): ParsedFailureReason {
  return parseClassic(reason.trim()) ?? parseFailureReason(reason);
}
