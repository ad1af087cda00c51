import type { Diagnostic } from '../../model';
import { FileDiagnostics } from '../fileDiagnostics';
import { isObject, numberOrNull, stringOrNull, type JsonObject } from '../gaia2/values';

// The lite export: the verdict with the validator's rationale, and each agent's interaction history
// (`per_agent_interaction_histories: {"agent_<id>": [{role, content, timestamp}]}`, roles system | user |
// assistant | tool-response). The first history is the main agent's; sub-agents (agent2agent) follow it.

export interface LiteMessage {
  role: string;
  content: string;
  time: number | null;
}

export interface LiteMetadata {
  scenarioId: string | null;
  model: string | null;
  decision: string | null;
  /** The validator's failure text. */
  rationale: string | null;
}

export interface LiteTrace extends LiteMetadata {
  /** The main agent's history. */
  messages: LiteMessage[];
  diagnostics: Diagnostic[];
}

const HISTORIES = 'per_agent_interaction_histories';

export function isLiteExport(value: JsonObject): boolean {
  return HISTORIES in value || 'validation_rationale' in value;
}

export function liteMetadata(value: JsonObject): LiteMetadata {
  const rationale = stringOrNull(value.validation_rationale);
  return {
    scenarioId: stringOrNull(value.scenario_id),
    model: stringOrNull(value.model_id),
    decision: stringOrNull(value.validation_decision),
    rationale: rationale !== null && rationale.trim() !== '' ? rationale : null,
  };
}

function contentText(content: unknown): string | null {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return null;
  return content.map((part) => (typeof part === 'string' ? part : (isObject(part) && stringOrNull(part.text)) || '')).join('');
}

function historyMessages(agent: string, history: unknown[], problems: FileDiagnostics): LiteMessage[] {
  const messages: LiteMessage[] = [];
  history.forEach((entry, i) => {
    const where = `${HISTORIES}.${agent}[${i}]`;
    const role = isObject(entry) ? stringOrNull(entry.role) : null;
    const content = isObject(entry) ? contentText(entry.content) : null;
    if (!isObject(entry) || role === null || content === null) {
      return problems.add(null, `${where} is not a message with a role and text content; ignored`);
    }
    messages.push({ role, content, time: numberOrNull(entry.timestamp) });
  });
  return messages;
}

export function liteTrace(value: JsonObject, path: string): LiteTrace {
  const problems = new FileDiagnostics(path);
  const histories = value[HISTORIES];
  let messages: LiteMessage[] = [];
  if (!isObject(histories)) {
    problems.add(null, histories === undefined ? `no "${HISTORIES}": the conversation is unknown` : `"${HISTORIES}" is not an object`);
  } else {
    const agents = Object.entries(histories).filter((entry): entry is [string, unknown[]] => Array.isArray(entry[1]));
    const [main, ...others] = agents;
    if (main) messages = historyMessages(main[0], main[1], problems);
    if (others.length > 0) {
      const names = others.map(([name]) => name).join(', ');
      problems.add(null, `only the first agent's history (${main?.[0] ?? ''}) is shown; not shown: ${names}`);
    }
  }
  return { ...liteMetadata(value), messages, diagnostics: problems.list() };
}
