import { afterEach, describe, expect, it, vi } from 'vitest';
import { drainWorkList } from '../../../src/core/index/concurrency';
import { longestWithoutATurn } from './simulatedClock';

// A work list shaped like a walk: item n has the children 2n+1 and 2n+2 below SIZE. Visits finish at once (a local
// folder), in a promise (a remote one), or either.

const SIZE = 2047;

afterEach(() => {
  vi.restoreAllMocks();
});

function childrenOf(n: number): number[] {
  return [2 * n + 1, 2 * n + 2].filter((c) => c < SIZE);
}

describe('drainWorkList', () => {
  it('visits every item once, whether visits finish at once, in a promise or either', async () => {
    const kinds = {
      atOnce: () => true,
      inPromises: () => false,
      mixed: (n: number) => n % 3 !== 0,
    };
    for (const [kind, atOnce] of Object.entries(kinds)) {
      const visited: number[] = [];
      await drainWorkList([0], 4, (n) => {
        visited.push(n);
        return atOnce(n) ? childrenOf(n) : Promise.resolve(childrenOf(n));
      });
      expect(visited.length, kind).toBe(SIZE);
      expect(new Set(visited).size, kind).toBe(SIZE);
    }
  });

  it('keeps at most the limit of visits in flight', async () => {
    let inFlight = 0;
    let most = 0;
    await drainWorkList([0], 5, async (n) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setImmediate(resolve));
      inFlight--;
      return childrenOf(n);
    });
    expect(most).toBe(5);
  });

  it('gives the event loop a turn every few milliseconds while visits finish at once', async () => {
    let visits = 0;
    // Each visit takes 3 ms of simulated time.
    const longest = await longestWithoutATurn((advance) =>
      drainWorkList([0], 16, (n) => {
        visits++;
        advance(3);
        return childrenOf(n);
      }),
    );
    expect(visits).toBe(SIZE);
    expect(longest).toBeLessThanOrEqual(8 + 3);
  });

  it('rejects with the error a visit throws at once, and starts no visit after it', async () => {
    const visited: number[] = [];
    const drained = drainWorkList([0], 4, (n) => {
      visited.push(n);
      if (n === 5) throw new Error('cannot read directory');
      return childrenOf(n);
    });
    await expect(drained).rejects.toThrow('cannot read directory');
    expect(visited.at(-1)).toBe(5);
  });

  it('stops when the signal aborts between slices', async () => {
    let clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => clock);
    const controller = new AbortController();
    let visits = 0;
    const drained = drainWorkList(
      [0],
      4,
      (n) => {
        visits++;
        clock += 3;
        if (visits === 10) controller.abort(new Error('cancelled by the user'));
        return childrenOf(n);
      },
      controller.signal,
    );
    await expect(drained).rejects.toThrow('cancelled by the user');
    expect(visits).toBeLessThan(20);
  });
});
