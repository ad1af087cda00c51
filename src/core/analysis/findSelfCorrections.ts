import type { Step, ToolCallStep } from '../model';
import type { SelfCorrection } from './comparison';
import { canonicalJson } from './canonicalJson';
import { valueSimilarity } from './matchTokens';
import { ItemsById } from './itemsById';
import { idsInArgs, idsInResult } from './objectIds';
import { sameApp, writeEffect } from './writeEffects';

// Writes whose effect the agent undid itself: it created something and deleted it again (usually to create it once
// more, correctly), or deleted something and recreated it with the same details. Such a write changes the action count
// but not the end state, so the view labels it a harmless self-correction rather than a plain extra action. A create
// that was only deleted again is reported too, but not as harmless: what it made is missing from the end state.

// A recreation must carry over most of the deleted item's details.
const MIN_RECREATED_SHARE = 0.6;
const MIN_RECREATION_SIMILARITY = 0.5;

type Undo = Omit<SelfCorrection, 'side'>;

interface Write {
  index: number;
  step: ToolCallStep;
}

function writesOf(steps: readonly Step[]): Write[] {
  return steps.flatMap((step, index) => (step.kind === 'tool_call' && step.write ? [{ index, step }] : []));
}

// The delete names what the create made: by an id the create returned, or by repeating the create's own arguments.
function deletes(created: ToolCallStep, deletion: ToolCallStep): boolean {
  if (!sameApp(created, deletion)) return false;
  const made = idsInResult(created.result);
  for (const id of idsInArgs(deletion.args)) if (made.has(id)) return true;
  const keys = Object.keys(deletion.args);
  return keys.length > 0 && keys.every((k) => canonicalJson(deletion.args[k]) === canonicalJson(created.args[k]));
}

function detailsAgree(item: Record<string, unknown>, args: Record<string, unknown>): boolean {
  const shared = Object.keys(args).filter((k) => Object.hasOwn(item, k));
  if (shared.length < 2) return false;
  const equal = shared.filter((k) => canonicalJson(item[k]) === canonicalJson(args[k])).length;
  return equal / Object.keys(args).length >= MIN_RECREATED_SHARE;
}

// The deleted item as an earlier step (or the delete itself) showed it.
function deletedItem(items: ItemsById, deletion: Write): Record<string, unknown> | null {
  for (const id of idsInArgs(deletion.step.args)) {
    const item = items.latest(id, deletion.index);
    if (item) return item;
  }
  return null;
}

function createUndoneByDelete(writes: Write[], k: number, claimed: Set<number>): Undo | null {
  const create = writes[k] as Write;
  for (let d = k + 1; d < writes.length; d++) {
    const deletion = writes[d] as Write;
    if (claimed.has(deletion.index) || writeEffect(deletion.step) !== 'delete' || !deletes(create.step, deletion.step)) continue;
    const recreated = writes
      .slice(d + 1)
      .some(
        (w) =>
          w.step.tool === create.step.tool && valueSimilarity(w.step.args, create.step.args) >= MIN_RECREATION_SIMILARITY,
      );
    return {
      step: create.index,
      undoneBy: deletion.index,
      harmless: recreated,
      explanation: recreated
        ? `What ${create.step.tool} created was deleted and then recreated: a harmless self-correction.`
        : `What ${create.step.tool} created was deleted again: the agent undid its own write.`,
    };
  }
  return null;
}

function deleteUndoneByRecreate(items: ItemsById, writes: Write[], k: number, claimed: Set<number>): Undo | null {
  const deletion = writes[k] as Write;
  const item = deletedItem(items, deletion);
  if (!item) return null;
  for (const create of writes.slice(k + 1)) {
    if (claimed.has(create.index) || writeEffect(create.step) !== 'create' || !sameApp(create.step, deletion.step)) continue;
    if (!detailsAgree(item, create.step.args)) continue;
    return {
      step: deletion.index,
      undoneBy: create.index,
      harmless: true,
      explanation:
        `${deletion.step.tool} removed an item that ${create.step.tool} recreated with the same details: ` +
        'a harmless self-correction.',
    };
  }
  return null;
}

/** Self-corrections among one run's steps, in step order. */
export function findSelfCorrections(steps: readonly Step[], side: SelfCorrection['side']): SelfCorrection[] {
  const writes = writesOf(steps);
  // Each undoing write explains one undone write only.
  const claimed = new Set<number>();
  const items = new ItemsById(steps);
  const found: SelfCorrection[] = [];
  writes.forEach((write, k) => {
    const effect = writeEffect(write.step);
    const correction =
      effect === 'create'
        ? createUndoneByDelete(writes, k, claimed)
        : effect === 'delete' && !claimed.has(write.index)
          ? deleteUndoneByRecreate(items, writes, k, claimed)
          : null;
    if (correction) {
      claimed.add(correction.undoneBy);
      found.push({ ...correction, side });
    }
  });
  return found;
}
