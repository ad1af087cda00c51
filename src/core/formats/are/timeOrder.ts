import type { Step } from '../../model';

// Merging the hf log with the lite history places steps only the history has (rejected calls) just before the
// next logged action they precede, which can put them after environment events that happened later. Both exports
// record times on the scenario's simulated clock, so the merged steps are put back in the order of those times.

/** ARE writes 0 for a completed event without a time. */
const known = (time: number | null): time is number => time !== null && time > 0;

/** Steps by recorded time; a step without one stays right after the step before it; equal times keep list order. */
export function inTimeOrder(steps: readonly Step[]): Step[] {
  let key = Number.NEGATIVE_INFINITY;
  const keyed = steps.map((step, index) => {
    if (known(step.time)) key = step.time;
    return { step, key, index };
  });
  keyed.sort((a, b) => a.key - b.key || a.index - b.index);
  return keyed.map(({ step }) => step);
}
