import { vi } from 'vitest';

/**
 * The longest stretch of simulated time that passed without a turn of the event loop while `work` ran. The clock
 * (performance.now) moves only when the work calls `advance`, so that the stretches measured are the work's, whatever
 * else the machine runs; the turns themselves are real. The caller restores the clock (vi.restoreAllMocks).
 */
export async function longestWithoutATurn(work: (advance: (ms: number) => void) => Promise<unknown>): Promise<number> {
  let clock = 0;
  vi.spyOn(performance, 'now').mockImplementation(() => clock);
  let lastTurn = clock;
  let longest = 0;
  let running = true;
  const tick = (): void => {
    longest = Math.max(longest, clock - lastTurn);
    lastTurn = clock;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  await work((ms) => {
    clock += ms;
  });
  tick();
  running = false;
  return longest;
}
