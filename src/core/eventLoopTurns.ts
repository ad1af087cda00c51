// Long loops that may run on a thread serving a UI (the extension host) give the event loop a turn every few
// milliseconds, so that input, repaints, progress and cancellation get through; a turn costs a few microseconds.

/** Longest stretch of work without giving the event loop a turn: every loop that takes turns keeps to it. */
export const SLICE_MS = 8;

/**
 * A function to call between steps of a loop: it returns undefined while the current stretch is short, or a promise
 * that resolves after a turn of the event loop once the stretch has run for SLICE_MS. Loops may share one (the
 * concurrent visits of a walk): they resume in the order they paused, sharing the stretch a turn starts, and once
 * that is used up the rest wait for the next turn, rather than each starting a stretch of its own in the same turn.
 */
export function turnTaker(): () => Promise<void> | undefined {
  let sliceStart = performance.now();
  /** Counts the stretches started. */
  let stretches = 0;
  const paused: Array<() => void> = [];
  /** A chance, in the next turn, to resume the loop that paused first; there is one pending for each paused loop. */
  const resumeFirst = (): void => {
    const scheduledIn = stretches;
    setImmediate(() => {
      const now = performance.now();
      if (now - sliceStart >= SLICE_MS) {
        // Used up by the loops resumed since this chance was scheduled (in this turn): the next turn's, then.
        if (stretches !== scheduledIn) return resumeFirst();
        sliceStart = now;
        stretches++;
      }
      paused.shift()?.();
    });
  };
  return () => {
    if (performance.now() - sliceStart < SLICE_MS) return undefined;
    return new Promise((resolve) => {
      paused.push(resolve);
      resumeFirst();
    });
  };
}

/**
 * Runs `step` at once while the stretch is short, else after a turn of the event loop. At once, not after awaiting
 * nothing: loops sharing the taker would each pass the check before any of their steps ran, and then run them all.
 */
export function afterTurn<T>(turn: () => Promise<void> | undefined, step: () => T): Promise<T> {
  const pause = turn();
  if (pause !== undefined) return pause.then(step);
  try {
    return Promise.resolve(step());
  } catch (error) {
    return Promise.reject(error as Error);
  }
}
