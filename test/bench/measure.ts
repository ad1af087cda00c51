// Timing and memory helpers for the benches. Memory needs node --expose-gc to start each measurement from a clean heap.

const gc = (globalThis as { gc?: () => void }).gc;

export function gcAvailable(): boolean {
  return gc !== undefined;
}

/** A full collection, when node runs with --expose-gc. */
export function collectGarbage(): void {
  gc?.();
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

export interface Timing {
  /** Median wall-clock milliseconds: what a user waits. */
  wallMs: number;
  /** Median CPU milliseconds of this process (all threads): what the code costs when the machine is busy. */
  cpuMs: number;
}

/**
 * Medians over `runs` calls after one warm-up call. No collection is forced in between: a forced full collection
 * shrinks the young generation and makes the next call pay for regrowing it, which no real caller does.
 */
export function time(runs: number, fn: () => unknown): Timing {
  fn();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let k = 0; k < runs; k++) {
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    fn();
    wall.push(performance.now() - start);
    const used = process.cpuUsage(cpuStart);
    cpu.push((used.user + used.system) / 1000);
  }
  return { wallMs: median(wall), cpuMs: median(cpu) };
}

export interface MemoryDelta {
  /** Growth of the JS heap while `fn` ran (nothing collected in between unless `fn` forced it). */
  heapMb: number;
  /** Growth of the resident set: also counts typed arrays and other memory outside the JS heap. */
  rssMb: number;
}

const MB = 1024 * 1024;

/** Extra memory a first call of `fn` needs, from a collected heap. */
export function memoryDelta(fn: () => unknown): MemoryDelta {
  collectGarbage();
  const before = process.memoryUsage();
  fn();
  const after = process.memoryUsage();
  return { heapMb: (after.heapUsed - before.heapUsed) / MB, rssMb: (after.rss - before.rss) / MB };
}
