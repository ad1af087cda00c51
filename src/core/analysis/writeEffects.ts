import type { ToolCallStep } from '../model';

// What a write does to the environment, read from its function name: creates something, deletes something, or other.
// Sending is not creating: deleting a sent email or message does not unsend it.

export type WriteEffect = 'create' | 'delete' | 'other';

const CREATE_VERB = /^(?:create|add|post|schedule|book|insert|new|save|upload|make|reserve|order)(?:_|$)/i;
const DELETE_VERB = /^(?:delete|remove|cancel|unschedule|discard|trash|erase|drop|unbook|unsend)(?:_|$)/i;

export function writeEffect(step: ToolCallStep): WriteEffect {
  if (!step.write) return 'other';
  if (CREATE_VERB.test(step.fn)) return 'create';
  if (DELETE_VERB.test(step.fn)) return 'delete';
  return 'other';
}

/** Same app (or both without one): a delete can only undo what its own app created. */
export function sameApp(a: ToolCallStep, b: ToolCallStep): boolean {
  return (a.app ?? a.tool.split('__')[0]) === (b.app ?? b.tool.split('__')[0]);
}
