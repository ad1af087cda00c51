import { isObject, stringOrNull, type JsonObject } from '../gaia2/values';
import { taskIdOf } from './simulationRefs';

// The task as the user simulator received it: user_scenario.instructions, a string or structured
// {domain, reason_for_call, known_info, unknown_info, task_instructions}, with the persona when there is one.

const STRUCTURED_FIELDS: ReadonlyArray<[string, string]> = [
  ['reason_for_call', 'Reason for call'],
  ['known_info', 'Known info'],
  ['unknown_info', 'Unknown info'],
  ['task_instructions', 'Task instructions'],
];

function instructionsText(instructions: unknown): string | null {
  if (typeof instructions === 'string') return instructions;
  if (!isObject(instructions)) return null;
  const sections = STRUCTURED_FIELDS.flatMap(([field, label]) => {
    const text = stringOrNull(instructions[field]);
    return text === null || text.trim() === '' ? [] : [`${label}:\n${text.trim()}`];
  });
  return sections.length > 0 ? sections.join('\n\n') : null;
}

/** The task's text, or null when the task records no instructions. */
export function taskText(task: JsonObject): string | null {
  const scenario = isObject(task.user_scenario) ? task.user_scenario : null;
  if (scenario === null) return null;
  const instructions = instructionsText(scenario.instructions);
  const persona = stringOrNull(scenario.persona);
  if (instructions === null) return persona;
  return persona !== null && persona.trim() !== '' ? `Persona:\n${persona.trim()}\n\n${instructions}` : instructions;
}

/** The task object with this id among the results file's tasks, or null. */
export function findTask(tasks: readonly unknown[], taskId: string): JsonObject | null {
  for (const task of tasks) if (isObject(task) && taskIdOf(task.id) === taskId) return task;
  return null;
}
