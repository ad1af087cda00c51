import { keyPath } from '../analysis/diffArgs';
import type { Trajectory } from '../model';
import type { Side } from './inventory';

// Every string of a run an entity can occur in, with its place: task, messages, reasoning, tool arguments and
// results (each string leaf), oracle arguments and the final answer.

export interface TextField {
  side: Side;
  step: number | null;
  field: string;
  text: string;
  /** The leaf's key when the string is a JSON value (`query`, `first_name`…), else null. */
  key: string | null;
  source: 'text' | 'call-args' | 'result' | 'oracle';
}

/** An object naming a person in parts (first_name + last_name): the name as the data holds it. */
export interface NameRecord {
  side: Side;
  step: number | null;
  field: string;
  name: string;
  source: 'call-args' | 'result' | 'oracle';
}

const GIVEN_KEYS = ['first_name', 'firstName', 'given_name', 'givenName'];
const FAMILY_KEYS = ['last_name', 'lastName', 'family_name', 'familyName', 'surname'];

function firstString(record: Record<string, unknown>, keys: readonly string[]): string | null {
  for (const key of keys) {
    const value = record[key];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return null;
}

interface Walk {
  fields: TextField[];
  records: NameRecord[];
  budget: { leaves: number };
}

function walk(
  value: unknown,
  path: string,
  key: string | null,
  base: Omit<TextField, 'field' | 'text' | 'key'> & { source: NameRecord['source'] },
  out: Walk,
): void {
  if (out.budget.leaves <= 0) return;
  if (typeof value === 'string') {
    out.budget.leaves--;
    out.fields.push({ ...base, field: path, text: value, key });
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => walk(item, `${path}[${i}]`, key, base, out));
  } else if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const given = firstString(record, GIVEN_KEYS);
    const family = firstString(record, FAMILY_KEYS);
    if (given !== null && family !== null) out.records.push({ ...base, field: path, name: `${given} ${family}` });
    for (const [k, item] of Object.entries(record)) walk(item, path === '' ? k : keyPath(path, k), k, base, out);
  }
}

/** Bounded: at most `maxLeaves` JSON string leaves per pair of runs (messages, task and answer always count). */
export function textFields(runs: ReadonlyArray<readonly [Side, Trajectory]>, maxLeaves: number): Walk {
  const out: Walk = { fields: [], records: [], budget: { leaves: maxLeaves } };
  for (const [side, run] of runs) {
    if (run.task !== null) out.fields.push({ side, step: null, field: 'task', text: run.task, key: null, source: 'text' });
    run.steps.forEach((step, index) => {
      const at = { side, step: index };
      if (step.reasoning !== null) out.fields.push({ ...at, field: 'reasoning', text: step.reasoning, key: null, source: 'text' });
      if (step.kind === 'message') {
        out.fields.push({ ...at, field: 'text', text: step.text, key: null, source: 'text' });
        return;
      }
      walk(step.args, 'args', null, { ...at, source: 'call-args' }, out);
      walk(step.result, 'result', null, { ...at, source: 'result' }, out);
    });
    for (const event of run.oracle) {
      walk(event.args, `oracle[${event.id}].args`, null, { side, step: null, source: 'oracle' }, out);
    }
    if (run.finalAnswer !== null) {
      out.fields.push({ side, step: null, field: 'final_answer', text: run.finalAnswer, key: null, source: 'text' });
    }
  }
  return out;
}
