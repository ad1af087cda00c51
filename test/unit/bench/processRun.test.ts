import { describe, expect, it } from 'vitest';
import { runNode } from '../../bench/processRun';

// The bench reports each command's peak resident set. The command is spawned by the bench, which may hold hundreds of
// megabytes (a corpus it just wrote): that must not be charged to the command.

describe('runNode', () => {
  it("reports the command's own peak resident set, not the bench's", () => {
    const held = Buffer.alloc(600 * 1024 * 1024, 1);
    const idle = runNode(['-e', '0']);
    const busy = runNode(['-e', 'globalThis.kept = Buffer.alloc(300 * 1024 * 1024, 1)']);
    expect(held.length).toBeGreaterThan(0);
    expect(idle.peakRssMb).toBeGreaterThan(10);
    expect(idle.peakRssMb).toBeLessThan(200);
    expect(busy.peakRssMb).toBeGreaterThan(300);
    expect(busy.peakRssMb).toBeLessThan(500);
  });
});
