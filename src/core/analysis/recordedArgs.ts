import { canonicalJson } from './canonicalJson';

// Judge logs record an agent action's arguments as a summary (strings cut to 80 characters, sometimes with an
// ellipsis). These helpers tell whether such a record describes a step's full arguments.

const ELLIPSIS = /(?:\.\.\.|…)$/;
// A summary cut without an ellipsis still counts as a prefix once it is this long.
const MIN_BARE_PREFIX = 40;

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function asText(value: unknown): string {
  return typeof value === 'string' ? value : canonicalJson(value);
}

export function valueAgrees(recorded: unknown, actual: unknown): boolean {
  if (typeof recorded === 'string') {
    const full = asText(actual);
    if (recorded === full) return true;
    const stem = recorded.replace(ELLIPSIS, '');
    const truncated = stem !== recorded || stem.length >= MIN_BARE_PREFIX;
    return truncated && stem.length > 0 && full.startsWith(stem);
  }
  if (isRecord(recorded) && isRecord(actual)) {
    return Object.keys(recorded).every((k) => valueAgrees(recorded[k], actual[k]));
  }
  if (Array.isArray(recorded) && Array.isArray(actual)) {
    return recorded.length === actual.length && recorded.every((v, k) => valueAgrees(v, actual[k]));
  }
  return canonicalJson(recorded) === canonicalJson(actual);
}

/** Share of the recorded arguments that agree with the step's, in [0, 1]. */
export function argsAgreement(recorded: Record<string, unknown>, actual: Record<string, unknown>): number {
  const keys = Object.keys(recorded);
  if (keys.length === 0) return Object.keys(actual).length === 0 ? 1 : 0.5;
  return keys.filter((k) => valueAgrees(recorded[k], actual[k])).length / keys.length;
}
