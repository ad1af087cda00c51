// Opening the matrix view for 50 agents × 15 languages × 5 capabilities in headless Chromium: time to the first
// painted rows. Uses a production bundle built into a temporary folder, the extension's own HTML and CSP, and the fake
// host of the webview tests.
import { loadavg } from 'node:os';
import type { Page } from 'playwright-core';
import { launchChromium } from '../chromium';
import { generatedReport, matrixState } from '../webview/fixtures/matrixReports';
import { openMatrixPage } from '../webview/harness/matrixPage';
import { startPageServer } from '../webview/harness/server';
import type { Bench, Measurement } from './bench';
import { buildProductionBundle } from './productionBundle';

const AGENTS = 50;
const LANGUAGES = 15;
const CAPABILITIES = 5;
const RUNS = 3;

export async function measureMatrixViewPerformance(): Promise<Measurement[]> {
  const bundle = buildProductionBundle();
  const server = await startPageServer(bundle.webviewDir);
  const browser = await launchChromium();
  const firstPaintMs: number[] = [];
  try {
    const state = matrixState(generatedReport(AGENTS, LANGUAGES, CAPABILITIES));
    for (let k = 0; k < RUNS; k++) {
      const view = await openMatrixPage(browser, server, state, { viewport: { width: 1500, height: 950 } });
      firstPaintMs.push(await firstRowsPaintedAt(view.page));
      await view.close();
    }
  } finally {
    await browser.close();
    await server.close();
    bundle.remove();
  }
  const sorted = [...firstPaintMs].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
  const note = `${AGENTS} agents × ${LANGUAGES} languages × ${CAPABILITIES} capabilities, median of ${RUNS} loads, production bundle, headless Chromium without GPU, load average ${loadavg()[0]?.toFixed(1)}`;
  return [{ label: 'matrix view first paint', value: median, unit: 'ms', budget: 500, note }];
}

export const matrixViewBench: Bench = { name: 'matrix view', run: () => measureMatrixViewPerformance() };

/** The first frame with rows: the page marks when the first row is added; the frame after that is when it shows. */
async function firstRowsPaintedAt(page: Page): Promise<number> {
  const mark = () => page.evaluate(() => performance.getEntriesByName('first-rows-painted')[0]?.startTime ?? null);
  for (let wait = 0; wait < 100; wait++) {
    const at = await mark();
    if (at !== null) return at;
    await page.waitForTimeout(50);
  }
  throw new Error('the matrix view painted no rows');
}
