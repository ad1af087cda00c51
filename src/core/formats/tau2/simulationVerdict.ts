import type { FailureFamily, Outcome } from '../../model';
import { NO_VERDICT } from '../canonical/schema';
import { isObject, numberOrNull, objectOrEmpty, stringOrNull, type JsonObject } from '../gaia2/values';

// The verdict of one tau2 simulation, from its termination reason and reward_info.
//
// Outcome: pass when reward is within 1e-6 of 1 (tau2's is_successful); infra when the run ended in an
// infrastructure_error or the evaluator itself raised (reward_info.info.error); unknown ("no verdict") when there is no
// reward_info (never evaluated, as in voice runs saved before evaluation); fail otherwise.
//
// Failure families (the first failing component, in the order below, restricted to the task's reward_basis):
//   db_mismatch      the database at the end differs from the expected end state (DB)
//   env_assertion    an environment assertion is not met (ENV_ASSERTION)
//   action_mismatch  an expected action has no matching tool call (ACTION)
//   communicate      required information was not communicated (COMMUNICATE)
//   nl_assertion     an LLM-judged natural-language assertion is not met (NL_ASSERTION)
//   other            reward below 1 with no failing component recorded
// and, for simulations that ended before the conversation did, the termination reason itself: max_steps, timeout,
// too_many_errors, agent_error, user_error, context_window_exceeded, unexpected_error (or whatever the file says);
// infra for infrastructure errors and evaluator crashes.

/** Terminations where the conversation ended normally and was evaluated. */
const NORMAL_STOPS = new Set(['user_stop', 'agent_stop']);
const INFRASTRUCTURE = 'infrastructure_error';
/** Rewards are products of 0/1 components; allow for float noise. */
/** tau2's is_successful: a reward within 1e-6 of 1. */
const PASS_TOLERANCE = 1e-6;

function isSuccessful(reward: number): boolean {
  return Math.abs(reward - 1) <= PASS_TOLERANCE;
}

export interface SimulationVerdict {
  outcome: Outcome;
  failureFamily: FailureFamily | null;
  failureReason: string | null;
  score: number | null;
}

interface Component {
  basis: string;
  family: FailureFamily;
  /** The first failing item of this component, described; null when none is recorded as failing. */
  firstFailure: (rewardInfo: JsonObject) => string | null;
}

function list(value: unknown): JsonObject[] {
  return Array.isArray(value) ? value.filter(isObject) : [];
}

function callText(name: unknown, args: unknown): string {
  return `${typeof name === 'string' ? name : '?'}(${isObject(args) ? JSON.stringify(args) : ''})`;
}

const COMPONENTS: readonly Component[] = [
  {
    basis: 'DB',
    family: 'db_mismatch',
    firstFailure: (r) =>
      isObject(r.db_check) && r.db_check.db_match === false
        ? 'DB check failed: the database at the end differs from the expected end state'
        : null,
  },
  {
    basis: 'ENV_ASSERTION',
    family: 'env_assertion',
    firstFailure: (r) => {
      const failed = list(r.env_assertions).find((a) => a.met === false);
      if (failed === undefined) return null;
      const assertion = objectOrEmpty(failed.env_assertion);
      const message = stringOrNull(assertion.message);
      return `Env assertion not met: ${callText(assertion.func_name, assertion.arguments)}${message ? ` (${message})` : ''}`;
    },
  },
  {
    basis: 'ACTION',
    family: 'action_mismatch',
    firstFailure: (r) => {
      const failed = list(r.action_checks).find((c) => c.action_match === false);
      if (failed === undefined) return null;
      const action = objectOrEmpty(failed.action);
      const id = stringOrNull(action.action_id);
      return `Expected action not matched: ${callText(action.name, action.arguments)}${id ? ` [${id}]` : ''}`;
    },
  },
  {
    basis: 'COMMUNICATE',
    family: 'communicate',
    firstFailure: (r) => {
      const failed = list(r.communicate_checks).find((c) => c.met === false);
      return failed === undefined ? null : `Information not communicated: ${JSON.stringify(stringOrNull(failed.info) ?? '')}`;
    },
  },
  {
    basis: 'NL_ASSERTION',
    family: 'nl_assertion',
    firstFailure: (r) => {
      const failed = list(r.nl_assertions).find((c) => c.met === false);
      return failed === undefined ? null : `NL assertion not met: ${stringOrNull(failed.nl_assertion) ?? ''}`;
    },
  },
];

function failedComponent(rewardInfo: JsonObject, reward: number): { family: FailureFamily; reason: string } {
  const basis = Array.isArray(rewardInfo.reward_basis)
    ? new Set(rewardInfo.reward_basis.filter((b): b is string => typeof b === 'string'))
    : null;
  const breakdown = objectOrEmpty(rewardInfo.reward_breakdown);
  for (const component of COMPONENTS) {
    if (basis !== null && !basis.has(component.basis)) continue;
    const share = numberOrNull(breakdown[component.basis]);
    const failure = component.firstFailure(rewardInfo);
    if (failure !== null) return { family: component.family, reason: failure };
    if (share !== null && share < 1 - PASS_TOLERANCE) return { family: component.family, reason: `${component.basis} reward ${share}` };
  }
  return { family: 'other', reason: `reward ${reward} (below 1, no failing check recorded)` };
}

function noteOf(rewardInfo: JsonObject | null): string | null {
  return rewardInfo === null ? null : stringOrNull(objectOrEmpty(rewardInfo.info).note);
}

/** True when the simulation ended normally (user or agent stop), or when the file does not say. */
export function endedNormally(termination: string | null): boolean {
  return termination === null || NORMAL_STOPS.has(termination);
}

/** The verdict of a simulation object. */
export function simulationVerdict(simulation: JsonObject): SimulationVerdict {
  const termination = stringOrNull(simulation.termination_reason);
  const rewardInfo = isObject(simulation.reward_info) ? simulation.reward_info : null;
  const note = noteOf(rewardInfo);
  if (termination === INFRASTRUCTURE) {
    return { outcome: 'infra', failureFamily: 'infra', failureReason: note ?? 'infrastructure error', score: null };
  }
  const reward = rewardInfo === null ? null : numberOrNull(rewardInfo.reward);
  if (rewardInfo === null || reward === null) {
    const what = rewardInfo === null ? 'no reward_info' : 'reward_info has no numeric reward';
    return {
      outcome: 'unknown',
      failureFamily: endedNormally(termination) ? NO_VERDICT : termination,
      failureReason: `no verdict: ${what}${termination === null ? '' : ` (termination: ${termination})`}`,
      score: null,
    };
  }
  if (isSuccessful(reward)) return { outcome: 'pass', failureFamily: null, failureReason: null, score: reward };
  const evaluationError = stringOrNull(objectOrEmpty(rewardInfo.info).error);
  if (evaluationError !== null) {
    return { outcome: 'infra', failureFamily: 'infra', failureReason: `evaluation failed: ${evaluationError}`, score: reward };
  }
  if (!endedNormally(termination) && termination !== null) {
    return { outcome: 'fail', failureFamily: termination, failureReason: note ?? `terminated prematurely: ${termination}`, score: reward };
  }
  const { family, reason } = failedComponent(rewardInfo, reward);
  return { outcome: 'fail', failureFamily: family, failureReason: reason, score: reward };
}

/**
 * Why a recorded reward cannot be read, or null: present but not a finite number (a string, or a number too large for
 * a double such as 1e400, which JSON.parse makes Infinity). The simulation then counts as not evaluated, and says so.
 */
export function unreadableReward(reward: unknown): string | null {
  if (reward === undefined || reward === null || numberOrNull(reward) !== null) return null;
  const text = typeof reward === 'number' ? 'a number out of range' : JSON.stringify(reward);
  return `is ${text}, not a finite number: counted as not evaluated (unknown)`;
}

/**
 * The verdict a "dir" format `simulation_index` entry supports on its own: exact for passes, infrastructure errors
 * and unevaluated runs; a failure's family needs the simulation file (null here).
 */
export function indexEntryVerdict(entry: JsonObject): SimulationVerdict {
  const termination = stringOrNull(entry.termination_reason);
  const reward = numberOrNull(entry.reward);
  if (termination === INFRASTRUCTURE) return { outcome: 'infra', failureFamily: 'infra', failureReason: 'infrastructure error', score: null };
  if (reward === null) {
    return {
      outcome: 'unknown',
      failureFamily: endedNormally(termination) ? NO_VERDICT : termination,
      failureReason: `no verdict: no reward recorded${termination === null ? '' : ` (termination: ${termination})`}`,
      score: null,
    };
  }
  if (isSuccessful(reward)) return { outcome: 'pass', failureFamily: null, failureReason: null, score: reward };
  return { outcome: 'fail', failureFamily: null, failureReason: `reward ${reward}`, score: reward };
}
