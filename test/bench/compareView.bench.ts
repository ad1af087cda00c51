// Opening the compare view for two 2,000-step runs in headless Chromium: time to the first painted rows, and the
// frame times while scrolling through them. Uses a production bundle built into a temporary folder, the extension's
// own HTML and CSP, and the fake host of the webview tests.
import { loadavg } from 'node:os';
import type { Page } from 'playwright-core';
import { longComparison, stateFor } from '../webview/fixtures/comparisons';
import { launchChromium } from '../chromium';
import { openComparePage } from '../webview/harness/comparePage';
import { startPageServer } from '../webview/harness/server';
import type { Bench, Measurement } from './bench';
import { buildProductionBundle } from './productionBundle';

const STEPS = 2000;
const SCROLL_FRAMES = 180;
const SCROLL_PX_PER_FRAME = 120;

export interface CompareViewTimings {
  /** Navigation start → the first frame that shows rows, per run (ms). */
  firstPaintMs: number[];
  /** Time between frames while scrolling (ms). */
  frameMs: number[];
}

/** Measures the compare view; `runs` page loads for the first paint, one scroll pass on the last page. */
export async function measureCompareViewPerformance(options: { runs?: number } = {}): Promise<Measurement[]> {
  const timings = await measureTimings(options);
  const firstPaint = median(timings.firstPaintMs);
  const frames = [...timings.frameMs].sort((a, b) => a - b);
  const p95 = frames[Math.floor(frames.length * 0.95)] ?? 0;
  const worst = frames[frames.length - 1] ?? 0;
  // Wall-clock numbers: the machine's load average says how much the other processes took from them.
  const note = `${STEPS}×${STEPS} steps, production bundle, headless Chromium without GPU, load average ${loadavg()[0]?.toFixed(1)}`;
  return [
    { label: 'compare view first paint', value: firstPaint, unit: 'ms', budget: 1000, note: `median of ${timings.firstPaintMs.length} loads; ${note}` },
    { label: 'compare view scroll frame (p95)', value: p95, unit: 'ms', budget: 50, note: `${frames.length} frames at ${SCROLL_PX_PER_FRAME} px each; ${note}` },
    { label: 'compare view scroll frame (worst)', value: worst, unit: 'ms', budget: 50, note: `${frames.length} frames; ${note}` },
  ];
}

export const compareViewBench: Bench = { name: 'compare view', run: () => measureCompareViewPerformance() };

async function measureTimings({ runs = 3 }: { runs?: number }): Promise<CompareViewTimings> {
  const bundle = buildProductionBundle();
  const server = await startPageServer(bundle.webviewDir);
  const browser = await launchChromium();
  try {
    const state = stateFor(longComparison(STEPS));
    const firstPaintMs: number[] = [];
    let frameMs: number[] = [];
    for (let k = 0; k < runs; k++) {
      const view = await openComparePage(browser, server, state, { viewport: { width: 1500, height: 950 } });
      firstPaintMs.push(await firstRowsPaintedAt(view.page));
      if (k === runs - 1) frameMs = await scrollFrameTimes(view.page);
      await view.close();
    }
    return { firstPaintMs, frameMs };
  } finally {
    await browser.close();
    await server.close();
    bundle.remove();
  }
}

/** The first frame with rows: the page marks when the first row is added; the frame after that is when it shows. */
async function firstRowsPaintedAt(page: Page): Promise<number> {
  const mark = () => page.evaluate(() => performance.getEntriesByName('first-rows-painted')[0]?.startTime ?? null);
  for (let wait = 0; wait < 100; wait++) {
    const at = await mark();
    if (at !== null) return at;
    await page.waitForTimeout(50);
  }
  throw new Error('the compare view painted no rows');
}

/** Frame times while the list scrolls a fixed distance every frame (the page's environment script does the scrolling). */
async function scrollFrameTimes(page: Page): Promise<number[]> {
  return page.evaluate(
    ([frames, step]) =>
      (globalThis as unknown as { __measureScrollFrames(f: number, s: number): Promise<number[]> }).__measureScrollFrames(frames, step),
    [SCROLL_FRAMES, SCROLL_PX_PER_FRAME] as const,
  );
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}
