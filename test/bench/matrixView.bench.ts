// Opening the matrix view for 50 agents × 15 languages × 5 capabilities in headless Chromium: time to the first
// painted rows. Uses the production bundle, the extension's own HTML and CSP, and the fake host of the webview tests.
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium } from '../chromium';
import { generatedReport, matrixState } from '../webview/fixtures/matrixReports';
import { openMatrixPage } from '../webview/harness/matrixPage';
import { repoRoot, startPageServer } from '../webview/harness/server';
import type { Bench, Measurement } from './bench';

const AGENTS = 50;
const LANGUAGES = 15;
const CAPABILITIES = 5;
const RUNS = 3;

export async function measureMatrixViewPerformance(options: { build?: boolean } = {}): Promise<Measurement[]> {
  if (options.build !== false) execFileSync(process.execPath, [join(repoRoot, 'scripts', 'build.mjs'), '--production'], { cwd: repoRoot, stdio: 'pipe' });
  const server = await startPageServer();
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
