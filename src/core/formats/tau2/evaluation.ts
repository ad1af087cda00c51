import type { JudgeRecord, OracleEvent, Step, ToolCallStep, VerifierCheck } from '../../model';
import { isObject, numberOrNull, objectOrEmpty, stringOrNull, type JsonObject } from '../gaia2/values';
import type { ToolKind } from './messageSteps';
import { endedNormally, simulationVerdict } from './simulationVerdict';

// What tau2's evaluator decided, in the canonical model:
//   oracle events   the task's evaluation_criteria.actions (canonical English arguments in every language), else the
//                   actions inside reward_info.action_checks;
//   judge records   one per action check (matched or not, with the agent call it concerns), per NL assertion (LLM
//                   judge) and per communicate check (LLM judge when its justification says so, else substring match);
//   checks          reward (with its breakdown), termination, db_check, one per env assertion.

/** tau2 marks communicate checks decided by its LLM judge with this prefix. */
const LLM_JUDGE_PREFIX = '[llm_judge]';
const TOOL_KINDS = new Set<ToolKind>(['read', 'write', 'think', 'generic']);

interface Evaluation {
  oracle: OracleEvent[];
  judge: JudgeRecord[];
  checks: VerifierCheck[];
}

function objects(value: unknown): JsonObject[] {
  return Array.isArray(value) ? value.filter(isObject) : [];
}

function rewardInfoOf(simulation: JsonObject): JsonObject | null {
  return isObject(simulation.reward_info) ? simulation.reward_info : null;
}

/** Tool name → read/write/think/generic, as the action checks classify the tools they name. */
export function toolKinds(simulation: JsonObject): Map<string, ToolKind> {
  const kinds = new Map<string, ToolKind>();
  for (const check of objects(rewardInfoOf(simulation)?.action_checks)) {
    const name = stringOrNull(objectOrEmpty(check.action).name);
    const kind = check.tool_type;
    if (name !== null && typeof kind === 'string' && TOOL_KINDS.has(kind as ToolKind)) kinds.set(name, kind as ToolKind);
  }
  return kinds;
}

function actionId(action: JsonObject, position: number): string {
  return stringOrNull(action.action_id) ?? `action_${position}`;
}

function oracleEvent(action: JsonObject, position: number): OracleEvent | null {
  const name = stringOrNull(action.name);
  if (name === null || name === '') return null;
  return { id: actionId(action, position), tool: name, args: objectOrEmpty(action.arguments), turn: null };
}

function oracleOf(task: JsonObject | null, rewardInfo: JsonObject | null): OracleEvent[] {
  const expected = objects(objectOrEmpty(task?.evaluation_criteria).actions);
  const actions = expected.length > 0 ? expected : objects(rewardInfo?.action_checks).map((c) => objectOrEmpty(c.action));
  return actions.map(oracleEvent).filter((e): e is OracleEvent => e !== null);
}

function sameValue(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

function compareKeys(action: JsonObject): string[] {
  const args = objectOrEmpty(action.arguments);
  return Array.isArray(action.compare_args) ? action.compare_args.filter((k): k is string => typeof k === 'string') : Object.keys(args);
}

/** How many of the compared arguments a call has as the action expects them. */
function agreement(action: JsonObject, call: ToolCallStep): number {
  const args = objectOrEmpty(action.arguments);
  return compareKeys(action).filter((k) => sameValue(call.args[k], args[k])).length;
}

function namedCalls(action: JsonObject, calls: readonly ToolCallStep[]): ToolCallStep[] {
  const name = stringOrNull(action.name);
  const requestor = action.requestor === 'user' ? 'user' : 'assistant';
  return calls.filter((c) => c.tool === name && (c.requestor ?? 'assistant') === requestor);
}

/**
 * The agent call each action check concerns, in check order. A check's action matches a same-named call equal on its
 * compare_args: each takes the first such call not taken by an earlier check. A check with no such call was compared
 * against every same-named call and concerns the closest (most compared arguments equal, untaken first, then earliest).
 */
function comparedCalls(actions: readonly JsonObject[], calls: readonly ToolCallStep[]): Array<ToolCallStep | null> {
  const taken = new Set<ToolCallStep>();
  const found = actions.map((action) => {
    const keys = compareKeys(action).length;
    const call = namedCalls(action, calls).find((c) => !taken.has(c) && agreement(action, c) === keys) ?? null;
    if (call !== null) taken.add(call);
    return call;
  });
  return actions.map((action, k) => {
    const exact = found[k];
    if (exact !== null && exact !== undefined) return exact;
    let best: ToolCallStep | null = null;
    let bestScore = -1;
    for (const call of namedCalls(action, calls)) {
      const score = 2 * agreement(action, call) + (taken.has(call) ? 0 : 1);
      if (score > bestScore) {
        best = call;
        bestScore = score;
      }
    }
    if (best !== null) taken.add(best);
    return best;
  });
}

function actionRecord(check: JsonObject, position: number, call: ToolCallStep | null, gating: boolean): JudgeRecord {
  const action = objectOrEmpty(check.action);
  const name = stringOrNull(action.name);
  const matched = typeof check.action_match === 'boolean' ? check.action_match : null;
  const compared = Array.isArray(action.compare_args) ? `on ${action.compare_args.join(', ') || 'no arguments'}` : 'on all arguments';
  const by = action.requestor === 'user' ? 'user' : 'agent';
  const verdict =
    matched === true ? `an ${by} call matched ${compared}` : matched === false ? `no ${by} call matched ${compared}` : 'not decided';
  return {
    oracleId: actionId(action, position),
    tool: name,
    matched,
    check: 'action_match',
    rationale: `${name ?? '?'}: ${verdict}${gating ? '' : ' (not part of the reward basis)'}`,
    llm: false,
    turn: null,
    agentArgs: call === null ? null : call.args,
  };
}

function assertionRecord(check: string, met: unknown, rationale: string, llm: boolean): JudgeRecord {
  return { oracleId: null, tool: null, matched: typeof met === 'boolean' ? met : null, check, rationale, llm, turn: null, agentArgs: null };
}

function judgeOf(rewardInfo: JsonObject | null, steps: readonly Step[]): JudgeRecord[] {
  if (rewardInfo === null) return [];
  const calls = steps.filter((s): s is ToolCallStep => s.kind === 'tool_call');
  const basis = Array.isArray(rewardInfo.reward_basis) ? rewardInfo.reward_basis : null;
  const actionsGate = basis === null || basis.includes('ACTION');
  const checks = objects(rewardInfo.action_checks);
  const compared = comparedCalls(checks.map((check) => objectOrEmpty(check.action)), calls);
  const records = checks.map((check, i) => actionRecord(check, i, compared[i] ?? null, actionsGate));
  for (const check of objects(rewardInfo.nl_assertions)) {
    const assertion = stringOrNull(check.nl_assertion) ?? '';
    const justification = stringOrNull(check.justification) ?? '';
    records.push(assertionRecord('nl_assertion', check.met, `${assertion}\n\n${justification}`.trim(), true));
  }
  for (const check of objects(rewardInfo.communicate_checks)) {
    const info = stringOrNull(check.info) ?? '';
    const justification = stringOrNull(check.justification) ?? '';
    const llm = justification.startsWith(LLM_JUDGE_PREFIX);
    const text = llm ? justification.slice(LLM_JUDGE_PREFIX.length).trim() : justification;
    records.push(assertionRecord('communicate', check.met, `${JSON.stringify(info)}: ${text}`, llm));
  }
  return records;
}

function breakdownText(rewardInfo: JsonObject): string {
  const breakdown = Object.entries(objectOrEmpty(rewardInfo.reward_breakdown))
    .filter(([, v]) => typeof v === 'number')
    .map(([k, v]) => `${k} ${String(v)}`);
  const basis = Array.isArray(rewardInfo.reward_basis) ? rewardInfo.reward_basis.join(', ') : null;
  const parts = [...(breakdown.length > 0 ? [breakdown.join(' × ')] : []), ...(basis ? [`basis ${basis}`] : [])];
  return parts.length > 0 ? ` (${parts.join('; ')})` : '';
}

function rewardCheck(simulation: JsonObject, rewardInfo: JsonObject | null): VerifierCheck {
  const reward = rewardInfo === null ? null : numberOrNull(rewardInfo.reward);
  if (rewardInfo === null || reward === null) return { name: 'reward', passed: null, detail: 'not evaluated: no reward recorded' };
  const verdict = simulationVerdict(simulation);
  const passed = verdict.outcome === 'pass' ? true : verdict.outcome === 'fail' ? false : null;
  return { name: 'reward', passed, detail: `reward ${reward}${breakdownText(rewardInfo)}` };
}

function terminationCheck(simulation: JsonObject, rewardInfo: JsonObject | null): VerifierCheck | null {
  const termination = stringOrNull(simulation.termination_reason);
  if (termination === null) return null;
  const note = stringOrNull(objectOrEmpty(rewardInfo?.info).note);
  return { name: 'termination', passed: endedNormally(termination), detail: note === null ? termination : `${termination}: ${note}` };
}

function envChecks(rewardInfo: JsonObject): VerifierCheck[] {
  return objects(rewardInfo.env_assertions).map((check) => {
    const assertion = objectOrEmpty(check.env_assertion);
    const fn = stringOrNull(assertion.func_name) ?? '?';
    const message = stringOrNull(assertion.message);
    const call = `${stringOrNull(assertion.env_type) ?? 'env'}.${fn}(${JSON.stringify(objectOrEmpty(assertion.arguments))})`;
    return {
      name: `env_assertion:${fn}`,
      passed: typeof check.met === 'boolean' ? check.met : null,
      detail: `${call} should be ${String(assertion.assert_value ?? true)}${message ? `: ${message}` : ''}`,
    };
  });
}

function checksOf(simulation: JsonObject, rewardInfo: JsonObject | null): VerifierCheck[] {
  const checks = [rewardCheck(simulation, rewardInfo)];
  const termination = terminationCheck(simulation, rewardInfo);
  if (termination !== null) checks.push(termination);
  if (rewardInfo === null) return checks;
  if (isObject(rewardInfo.db_check)) {
    const match = rewardInfo.db_check.db_match;
    const detail =
      match === true
        ? 'the database at the end matches the expected end state'
        : match === false
          ? 'the database at the end differs from the expected end state'
          : 'no database comparison recorded';
    checks.push({ name: 'db_check', passed: typeof match === 'boolean' ? match : null, detail });
  }
  checks.push(...envChecks(rewardInfo));
  return checks;
}

/** Oracle events, judge records and verifier checks of one simulation. */
export function evaluationOf(task: JsonObject | null, simulation: JsonObject, steps: readonly Step[]): Evaluation {
  const rewardInfo = rewardInfoOf(simulation);
  return { oracle: oracleOf(task, rewardInfo), judge: judgeOf(rewardInfo, steps), checks: checksOf(simulation, rewardInfo) };
}
