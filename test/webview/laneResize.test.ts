// Resizing the oracle, baseline and target lanes with the sashes in the lane header row, in the real compare bundle in
// headless Chromium: by mouse, by keyboard, and across a reload of the panel.
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { SavedCompareState } from '../../src/protocol/compare';
import { emailBudgetComparison, stateFor } from './fixtures/comparisons';
import { pageGlobal } from './harness/webviewPage';
import { screenshots, useComparePages } from './harness/webviewPages';

const show = useComparePages();

/** A panel beside an editor, where the default oracle lane is narrow. */
const PANEL = { width: 900, height: 700 };

const oracleSash = (page: Page) => page.getByRole('separator', { name: 'Resize oracle lane' });
const runsSash = (page: Page) => page.getByRole('separator', { name: 'Resize baseline and target lanes' });

async function width(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return box.width;
}

/** The widths of the three lanes of the first row. */
async function lanes(page: Page): Promise<{ oracle: number; baseline: number; target: number }> {
  const row = page.locator('.row[data-target="row:1"]');
  return {
    oracle: await width(row.locator('.lane--oracle').first()),
    baseline: await width(row.locator('.lane--baseline').first()),
    target: await width(row.locator('.lane--target').first()),
  };
}

/** Drags a sash horizontally by `dx` pixels with the mouse. */
async function drag(page: Page, sash: Locator, dx: number): Promise<void> {
  const box = await sash.boundingBox();
  if (!box) throw new Error('sash not on screen');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y, { steps: 8 });
  await page.mouse.up();
}

const valueNow = async (sash: Locator) => Number(await sash.getAttribute('aria-valuenow'));

function savedState(lanes: unknown): SavedCompareState | Record<string, unknown> {
  const state = stateFor(emailBudgetComparison());
  return { runDir: state.runDir, baselineRunId: state.comparison.baseline.run.id, targetRunId: state.comparison.target.run.id, row: null, lanes };
}

describe('resizing the lanes', () => {
  it('widens the oracle lane when its sash is dragged right, narrowing the runs lanes no further than their minimum', async () => {
    const { page, problems } = await show(stateFor(emailBudgetComparison()), { viewport: PANEL });
    const before = await lanes(page);
    expect(await oracleSash(page).evaluate((el) => getComputedStyle(el).cursor)).toBe('ew-resize');

    await drag(page, oracleSash(page), 150);
    const wider = await lanes(page);
    expect(wider.oracle).toBeCloseTo(before.oracle + 150, -1);
    expect(wider.baseline).toBeLessThan(before.baseline - 60);
    expect(wider.target).toBeLessThan(before.target - 60);
    // The runs keep their ratio: the oracle sash takes from both alike.
    expect(wider.baseline).toBeCloseTo(wider.target, 0);

    await drag(page, oracleSash(page), 2000);
    const widest = await lanes(page);
    expect(widest.oracle).toBeGreaterThan(wider.oracle);
    expect(widest.baseline).toBeGreaterThanOrEqual(199);
    expect(widest.target).toBeGreaterThanOrEqual(199);
    // The header stays over its lane.
    expect(await width(page.locator('.side-header--oracle'))).toBeCloseTo(widest.oracle, 0);

    await drag(page, oracleSash(page), -2000);
    expect((await lanes(page)).oracle).toBeGreaterThanOrEqual(99);
    expect(await problems()).toEqual([]);
  });

  it('moves a focused sash with the arrow keys, announces its place, and goes back to the default on double-click', async () => {
    const { page } = await show(stateFor(emailBudgetComparison()), { viewport: PANEL });
    const defaults = await lanes(page);
    const sash = oracleSash(page);
    expect(await sash.getAttribute('aria-orientation')).toBe('vertical');
    expect(Number(await sash.getAttribute('aria-valuemin'))).toBeGreaterThan(0);
    expect(Number(await sash.getAttribute('aria-valuemax'))).toBeLessThan(100);
    const start = await valueNow(sash);

    await sash.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => valueNow(sash)).toBeGreaterThan(start);
    expect((await lanes(page)).oracle).toBeCloseTo(defaults.oracle + 40, 0);
    await page.keyboard.press('ArrowLeft');
    expect((await lanes(page)).oracle).toBeCloseTo(defaults.oracle + 20, 0);

    // The runs' sash shares the runs' width and leaves the oracle alone.
    const beforeRuns = await lanes(page);
    const runs = runsSash(page);
    await runs.focus();
    const split = await valueNow(runs);
    await page.keyboard.press('Shift+ArrowLeft');
    await expect.poll(() => valueNow(runs)).toBeLessThan(split);
    const afterRuns = await lanes(page);
    expect(afterRuns.oracle).toBeCloseTo(beforeRuns.oracle, 0);
    expect(afterRuns.baseline).toBeLessThan(beforeRuns.baseline);
    expect(afterRuns.target).toBeGreaterThan(beforeRuns.target);

    // End takes the oracle sash as far as the runs' lanes allow: both at their minimum.
    await sash.focus();
    await page.keyboard.press('End');
    await expect.poll(() => valueNow(sash)).toBe(Number(await sash.getAttribute('aria-valuemax')));
    const widest = await lanes(page);
    expect(Math.min(widest.baseline, widest.target)).toBeCloseTo(200, 0);

    await sash.dblclick();
    await expect.poll(() => lanes(page)).toEqual(defaults);
    await expect.poll(() => valueNow(sash)).toBe(start);
    // Enter, on a focused sash, does the same.
    await sash.focus();
    await page.keyboard.press('Home');
    expect((await lanes(page)).oracle).toBeCloseTo(100, 0);
    await page.keyboard.press('Enter');
    await expect.poll(() => lanes(page)).toEqual(defaults);
  });

  it('saves the chosen widths with the panel and restores them on reload; malformed saved widths give the default', async () => {
    const first = await show(stateFor(emailBudgetComparison()), { viewport: PANEL });
    const defaults = await lanes(first.page);
    await drag(first.page, oracleSash(first.page), 120);
    const chosen = await lanes(first.page);
    await expect
      .poll(() => pageGlobal<SavedCompareState | null>(first.page, '__savedState'))
      .toMatchObject({ lanes: { oracle: expect.any(Number), baseline: expect.any(Number) } });
    const saved = await pageGlobal<SavedCompareState>(first.page, '__savedState');

    const restored = await show(stateFor(emailBudgetComparison()), { viewport: PANEL, savedState: saved });
    const again = await lanes(restored.page);
    expect(again.oracle).toBeCloseTo(chosen.oracle, 0);
    expect(again.baseline).toBeCloseTo(chosen.baseline, 0);

    for (const bad of [{ oracle: 'wide', baseline: 0.5 }, { oracle: 40, baseline: 0.5 }, { oracle: 0.3, baseline: -1 }, [0.3, 0.5]]) {
      const reset = await show(stateFor(emailBudgetComparison()), { viewport: PANEL, savedState: savedState(bad) });
      expect(await lanes(reset.page)).toEqual(defaults);
      await reset.close();
    }
  });

  for (const theme of ['light', 'dark', 'high-contrast'] as const) {
    it(`highlights a focused sash in the ${theme} theme`, async () => {
      const { page, problems } = await show(stateFor(emailBudgetComparison()), { theme, viewport: PANEL });
      await drag(page, oracleSash(page), 120);
      await runsSash(page).focus();
      await page.keyboard.press('ArrowLeft');
      // The highlight fades in (0.1 s), as VS Code's sashes do.
      await expect.poll(() => runsSash(page).evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
      await page.screenshot({ path: join(screenshots, `lane-resize-${theme}.png`), clip: { x: 0, y: 0, width: PANEL.width, height: 420 } });
      expect(await problems()).toEqual([]);
    });
  }
});
