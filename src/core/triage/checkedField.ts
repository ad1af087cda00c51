import type { OracleEvent } from '../model';

// Which arguments a failed check compared: `datetime_checker:start_datetime` names one; a check without a field
// (an LLM judge's, or an unnamed one) compared them all; count, tool-name, order and timing checks compared none.

const NOT_VALUE_CHECKS = new Set(['tool_count', 'smu_count', 'tool_name', 'causality', 'time', 'no_candidates']);

/** The oracle event's arguments the check compared; null when it compared no values. */
export function checkedField(check: string | null, event: OracleEvent): string[] | null {
  if (check !== null && NOT_VALUE_CHECKS.has(check)) return null;
  const field = check?.includes(':') ? check.slice(check.indexOf(':') + 1) : null;
  if (field !== null && field !== '' && Object.hasOwn(event.args, field)) return [field];
  return Object.keys(event.args);
}
