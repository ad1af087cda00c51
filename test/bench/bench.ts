// What a bench module reports: measured numbers with the budget each is held to. `npm run bench` prints them as
// ratios; benches are measurements, not pass/fail tests, so they live outside vitest.

export interface Measurement {
  /** What was measured, e.g. `align 10k×10k`. */
  label: string;
  value: number;
  /** `×`: a ratio to a floor measured in the same run. */
  unit: 'ms' | 'MB' | '×';
  /** The budget from the issue (the printed ratio is value / budget); null for numbers shown for context only. */
  budget: number | null;
  /** How the number was taken (median of n runs, heap or RSS delta…). */
  note?: string;
  /** For ratios: our time, the floor's (ms) and our peak RSS (MB), for the README's table. */
  ours?: number;
  floor?: number;
  rssMb?: number;
}

export interface Bench {
  name: string;
  run(): Promise<Measurement[]>;
}
