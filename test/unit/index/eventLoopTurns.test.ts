import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterTurn, turnTaker } from '../../../src/core/eventLoopTurns';
import { longestWithoutATurn } from './simulatedClock';

// The clock is simulated (each step of work moves it on) so that the stretches measured are the work's, whatever else
// the machine runs; the turns themselves are real.

const STEP_MS = 3;

afterEach(() => {
  vi.restoreAllMocks();
});

type Loop = (turn: () => Promise<void> | undefined, step: () => void) => Promise<void>;

/** Pausing when the taker says so. */
const pausing: Loop = async (turn, step) => {
  const pause = turn();
  if (pause !== undefined) await pause;
  step();
};
/** As the file sources call it: a step now or after a turn. */
const stepping: Loop = (turn, step) => afterTurn(turn, step);

/**
 * Runs `loops` loops of 100 steps each, sharing one turn taker and going through it as `each` does; the longest time
 * any turn of the event loop waited.
 */
async function longestStretch(loops: number, each: Loop): Promise<number> {
  return longestWithoutATurn(async (advance) => {
    const turn = turnTaker();
    const loop = async (): Promise<void> => {
      for (let i = 0; i < 100; i++) await each(turn, () => advance(STEP_MS));
    };
    await Promise.all(Array.from({ length: loops }, loop));
  });
}

describe('turnTaker', () => {
  it('gives the event loop a turn once a loop has run for a few milliseconds', async () => {
    expect(await longestStretch(1, pausing)).toBeLessThanOrEqual(8 + STEP_MS);
  });

  it('keeps the stretch as short when many loops share it, as the visits of a walk do', async () => {
    expect(await longestStretch(16, pausing)).toBeLessThanOrEqual(8 + STEP_MS);
  });

  it('runs a step at once or after a turn, so that loops checking together do not all run their steps', async () => {
    expect(await longestStretch(16, stepping)).toBeLessThanOrEqual(8 + STEP_MS);
  });
});
