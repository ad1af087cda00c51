// Find-in-page over the data model rather than the DOM: with a virtualized list most rows are not in the DOM,
// so the text of every step, oracle event, task and final answer is searched here and the view scrolls to hits.
import type { Comparison } from '../../../src/core/analysis/comparison';
import type { Step } from '../../../src/core/model';
import { toolLabel, valueText } from './format';
import type { Layout, Target } from './layout';

interface Entry {
  target: Target;
  text: string;
}

const entriesCache = new WeakMap<Comparison, Entry[]>();

/** Every searchable unit in display order, lower-cased once per comparison. */
function entries(c: Comparison, layout: Layout): Entry[] {
  let list = entriesCache.get(c);
  if (list) return list;
  list = [];
  if (layout.showTask) list.push({ target: { kind: 'task' }, text: lower([c.baseline.task, c.target.task]) });
  for (const oracle of layout.unplacedOracle) list.push({ target: { kind: 'oracle', oracle }, text: oracleText(c, oracle) });
  c.rows.forEach((row, index) => {
    const parts = [stepText(c.baseline.steps, row.baseline), stepText(c.target.steps, row.target)];
    for (const oracle of layout.oracleAtRow.get(index) ?? []) parts.push(oracleText(c, oracle));
    list.push({ target: { kind: 'row', row: index }, text: lower(parts) });
  });
  list.push({ target: { kind: 'final' }, text: lower([c.baseline.finalAnswer, c.target.finalAnswer]) });
  entriesCache.set(c, list);
  return list;
}

/** Targets whose text contains the query (case-insensitive), in display order. */
export function findTargets(c: Comparison, layout: Layout, query: string): Target[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return [];
  return entries(c, layout)
    .filter((e) => e.text.includes(needle))
    .map((e) => e.target);
}

/** Does a piece of text contain the query? Used to open folded results and reasoning that hold a hit. */
export function containsQuery(text: string, query: string): boolean {
  const needle = query.trim().toLowerCase();
  return needle !== '' && text.toLowerCase().includes(needle);
}

function stepText(steps: Step[], index: number | null): string {
  const step = index === null ? undefined : steps[index];
  if (!step) return '';
  if (step.kind === 'message') return [step.role, step.text, step.reasoning ?? ''].join('\n');
  return [toolLabel(step.tool), valueText(step.args, false), valueText(step.result, false), step.error ?? '', step.reasoning ?? ''].join('\n');
}

function oracleText(c: Comparison, index: number): string {
  const event = c.oracle[index];
  if (!event) return '';
  return lower([
    toolLabel(event.tool),
    valueText(event.args, false),
    event.baseline?.check ?? null,
    event.baseline?.rationale ?? null,
    event.target?.check ?? null,
    event.target?.rationale ?? null,
  ]);
}

function lower(parts: (string | null)[]): string {
  return parts
    .filter((p): p is string => p !== null)
    .join('\n')
    .toLowerCase();
}
