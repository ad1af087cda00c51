import type { Diagnostic, MessageStep, OracleEvent } from '../../model';
import { FileDiagnostics } from '../fileDiagnostics';
import type { Gaia2Event } from '../gaia2/readGaia2Events';
import { isObject, numberOrNull, objectOrEmpty, stringOrNull, type JsonObject } from '../gaia2/values';
import { decodeArgs, decodeReturnValue } from './exportedValues';
import { worldLogNotifications } from './notifications';

// The hf export (`version: "are_simulation_v1"`): `metadata` (definition, simulation, annotation), the scenario DAG
// in `events` (oracle events are class_name OracleEvent) and what actually ran in `completed_events`.

export const HF_VERSION = 'are_simulation_v1';

/** What indexing needs from an hf export. */
export interface HfMetadata {
  scenarioId: string | null;
  runNumber: number | null;
  /** GAIA2 capability (`config`: execution, search, …). */
  config: string | null;
  model: string | null;
  /** The runner's agent (`runner_config.agent`, e.g. `default`). */
  agent: string | null;
  /** `Valid` or `Invalid` as the validator annotated the run; null when it did not. */
  decision: string | null;
  /** `<type>: <message>` when the scenario raised; null otherwise. */
  exception: string | null;
}

/** What an hf completed event records beyond the fields a GAIA2 environment action has. */
export interface ActionInfo {
  /** AGENT, ENV or USER. */
  eventType: string | null;
  exception: string | null;
}

export interface HfTrace extends HfMetadata {
  oracle: OracleEvent[];
  /** Completed actions in log order, in the shape the GAIA2 step builders take. */
  actions: Gaia2Event[];
  actionInfo: Map<string, ActionInfo>;
  /** Environment notifications the agent received, from `world_logs` (usually empty: runners do not export it). */
  notifications: MessageStep[];
  diagnostics: Diagnostic[];
}

/** An hf export states its version, or at least carries the scenario definition in its metadata. */
export function isHfExport(value: JsonObject): boolean {
  return value.version === HF_VERSION || isObject(objectOrEmpty(value.metadata).definition);
}

function exceptionOf(definition: JsonObject): string | null {
  if (definition.has_exception !== true) return null;
  const type = stringOrNull(definition.exception_type);
  const message = stringOrNull(definition.exception_message);
  if (type !== null && message !== null) return `${type}: ${message}`;
  return type ?? message ?? 'the scenario raised an exception';
}

export function hfMetadata(value: JsonObject): HfMetadata {
  const metadata = objectOrEmpty(value.metadata);
  const definition = objectOrEmpty(metadata.definition);
  const runner = objectOrEmpty(metadata.runner_config);
  const runNumber = numberOrNull(definition.run_number);
  return {
    scenarioId: stringOrNull(definition.scenario_id),
    runNumber: runNumber !== null && Number.isInteger(runNumber) && runNumber >= 0 ? runNumber : null,
    config: stringOrNull(definition.config),
    model: stringOrNull(objectOrEmpty(metadata.simulation).model_id) ?? stringOrNull(runner.model),
    agent: stringOrNull(runner.agent),
    decision: stringOrNull(objectOrEmpty(metadata.annotation).validation_decision),
    exception: exceptionOf(definition),
  };
}

function listOf(value: JsonObject, name: string, problems: FileDiagnostics): unknown[] {
  const list = value[name];
  if (Array.isArray(list)) return list;
  problems.add(null, list === undefined ? `no "${name}" list` : `"${name}" is not a list; ignored`);
  return [];
}

function oracleEvents(events: unknown[], problems: FileDiagnostics): OracleEvent[] {
  const oracle: OracleEvent[] = [];
  const seen = new Set<string>();
  events.forEach((event, i) => {
    if (!isObject(event) || event.class_name !== 'OracleEvent') return;
    const id = stringOrNull(event.event_id) ?? `events[${i}]`;
    const action = objectOrEmpty(event.action);
    const app = stringOrNull(action.app);
    const fn = stringOrNull(action.function);
    if (app === null || fn === null) return problems.add(null, `oracle event ${id} has no action app and function; ignored`);
    if (seen.has(id)) return problems.add(null, `oracle event id ${id} appears twice; the second is ignored`);
    seen.add(id);
    oracle.push({ id, tool: `${app}__${fn}`, args: decodeArgs(action.args), turn: null });
  });
  return oracle;
}

/** Condition checks run Python predicates, not app actions: they are no step of the run. */
function isConditionCheck(event: JsonObject): boolean {
  return event.event_type === 'CONDITION' || event.class_name === 'ConditionCheckEvent';
}

function completedActions(completed: unknown[], problems: FileDiagnostics): Pick<HfTrace, 'actions' | 'actionInfo'> {
  const actions: Gaia2Event[] = [];
  const actionInfo = new Map<string, ActionInfo>();
  completed.forEach((event, i) => {
    if (!isObject(event)) return problems.add(null, `completed_events[${i}] is not an object; ignored`);
    if (isConditionCheck(event)) return;
    const action = objectOrEmpty(event.action);
    const app = stringOrNull(action.app);
    const fn = stringOrNull(action.function);
    if (app === null || fn === null) {
      return problems.add(null, `completed_events[${i}] has no action app and function; ignored`);
    }
    const metadata = objectOrEmpty(event.metadata);
    const id = stringOrNull(event.event_id);
    const eventId = id !== null && !actionInfo.has(id) ? id : `completed_events[${i}]`;
    actions.push({
      line: i + 1,
      t: numberOrNull(event.event_time),
      app,
      fn,
      args: decodeArgs(action.args),
      write: action.operation_type === 'WRITE',
      ret: decodeReturnValue(metadata.return_value),
      simTime: null,
      eventId,
    });
    actionInfo.set(eventId, { eventType: stringOrNull(event.event_type), exception: stringOrNull(metadata.exception) });
  });
  return { actions, actionInfo };
}

/** Everything the view takes from an hf export; shape problems become warnings on `path`. */
export function hfTrace(value: JsonObject, path: string): HfTrace {
  const problems = new FileDiagnostics(path);
  const oracle = oracleEvents(listOf(value, 'events', problems), problems);
  const { actions, actionInfo } = completedActions(listOf(value, 'completed_events', problems), problems);
  const notifications = worldLogNotifications(value.world_logs);
  return { ...hfMetadata(value), oracle, actions, actionInfo, notifications, diagnostics: problems.list() };
}
