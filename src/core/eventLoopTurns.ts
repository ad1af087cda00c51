// Long loops that may run on a thread serving a UI (the extension host) give the event loop a turn every few
// milliseconds, so that input, repaints, progress and cancellation get through; a turn costs a few microseconds.

/** Longest stretch of work without giving the event loop a turn. */
const SLICE_MS = 8;

/**
 * A function to call between steps of a loop: it returns undefined while the current stretch is short, or a promise
 * that resolves after a turn of the event loop once the stretch has run for SLICE_MS.
 */
export function turnTaker(): () => Promise<void> | undefined {
  let sliceStart = performance.now();
  return () => {
    if (performance.now() - sliceStart < SLICE_MS) return undefined;
    return new Promise((resolve) =>
      setImmediate(() => {
        sliceStart = performance.now();
        resolve();
      }),
    );
  };
}
