import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

// Runs a command as its own Node process, as a user would, and reports its wall time and peak resident set.

const RSS_REPORTER = join(__dirname, 'reportPeakRss.cjs');
const PEAK = /^peak-rss-kb=(\d+)$/m;
const CPU = /^cpu-ms=(\d+)$/m;

export interface ProcessRun {
  wallMs: number;
  peakRssMb: number;
  /** CPU time of the process, all threads: what a busy machine's other processes do not add to. */
  cpuMs: number;
}

/** `discardOutput`: standard output goes nowhere (large outputs need not be held by the bench). */
export function runNode(args: readonly string[], options: { discardOutput?: boolean } = {}): ProcessRun {
  const start = performance.now();
  const stdio = ['ignore', options.discardOutput === true ? 'ignore' : 'pipe', 'pipe'] as const;
  const result = spawnSync(process.execPath, ['--require', RSS_REPORTER, ...args], { encoding: 'utf8', maxBuffer: 1 << 30, stdio: [...stdio] });
  const wallMs = performance.now() - start;
  if (result.status !== 0) throw new Error(`node ${args.join(' ')} exited with ${result.status}: ${result.stderr.slice(-2000)}`);
  const peak = PEAK.exec(result.stderr);
  const cpu = CPU.exec(result.stderr);
  return { wallMs, peakRssMb: peak ? Number(peak[1]) / 1024 : Number.NaN, cpuMs: cpu ? Number(cpu[1]) : Number.NaN };
}

/** Medians over `runs` rounds of `commands`, run one after another in each round so that load hits all alike. */
export function interleaved(runs: number, commands: ReadonlyArray<() => ProcessRun>): ProcessRun[] {
  const samples = commands.map((): ProcessRun[] => []);
  for (let k = 0; k < runs; k++) commands.forEach((command, i) => samples[i]?.push(command()));
  return samples.map((list) => {
    const mid = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
    return { wallMs: mid(list.map((s) => s.wallMs)), peakRssMb: Math.max(...list.map((s) => s.peakRssMb)), cpuMs: mid(list.map((s) => s.cpuMs)) };
  });
}
