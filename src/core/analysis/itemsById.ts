import type { Step } from '../model';
import { firstAtOrAfter } from '../sortedPositions';
import { findObjectById } from './objectIds';

// Finds the item a delete removed, as the latest earlier step showed it, without searching every earlier result for
// every delete (quadratic on long runs). Each result is walked once for the keys and scalar values it holds; a step
// can show the item with an id only if it holds that id as one of them, so only those steps are searched.

function collectScalars(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) collectScalars(item, into);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      into.add(key);
      collectScalars(item, into);
    }
  } else if (typeof value === 'string' || typeof value === 'number') into.add(String(value));
}

export class ItemsById {
  private index: Map<string, number[]> | null = null;

  constructor(private readonly steps: readonly Step[]) {}

  private stepsHolding(): Map<string, number[]> {
    if (this.index) return this.index;
    const index = new Map<string, number[]>();
    this.steps.forEach((step, i) => {
      if (step.kind !== 'tool_call' || step.result === null) return;
      const scalars = new Set<string>();
      collectScalars(step.result, scalars);
      for (const scalar of scalars) {
        const list = index.get(scalar);
        if (list) list.push(i);
        else index.set(scalar, [i]);
      }
    });
    this.index = index;
    return index;
  }

  /** The object with this id in the result of the latest tool call at or before step `last`. */
  latest(id: string, last: number): Record<string, unknown> | null {
    const holding = this.stepsHolding().get(id) ?? [];
    for (let k = firstAtOrAfter(holding, last + 1) - 1; k >= 0; k--) {
      const i = holding[k] as number;
      const step = this.steps[i] as Step;
      if (step.kind !== 'tool_call') continue;
      const item = findObjectById(step.result, id);
      if (item) return item;
    }
    return null;
  }
}
