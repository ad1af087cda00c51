// The first divergence in the compare view's real bundle: the one-line summary above the lanes, the view opening
// scrolled to it with it selected, a click on the summary going back to it, and F7 walking on from it.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Comparison } from '../../src/core/analysis/comparison';
import { firstDivergence } from '../../src/core/analysis/firstDivergence';
import type { ToolCallStep } from '../../src/core/model';
import { longComparison, stateFor } from './fixtures/comparisons';
import { useComparePages } from './harness/webviewPages';

const show = useComparePages();

const row = (page: Page, target: string): Locator => page.locator(`.row[data-target="${target}"]`);
async function selected(page: Page): Promise<string | null> {
  const rows = page.locator('.row[aria-selected="true"]');
  return (await rows.count()) === 0 ? null : rows.getAttribute('data-target');
}
const summary = (page: Page) => page.getByRole('region', { name: 'First divergence' });

/** Is the row rendered (the list is virtualized) and inside the list's visible area? */
async function inView(page: Page, element: Locator): Promise<boolean> {
  if ((await element.count()) === 0) return false;
  const box = await element.boundingBox();
  const list = await page.locator('.scroller').boundingBox();
  return box !== null && list !== null && box.y >= list.y - 1 && box.y < list.y + list.height;
}

// Row 1207 is a write; the target passes another offset to it. Every earlier row differs only in the free text of
// a query, which cannot change the verdict.
const DIVERGING_ROW = 1207;

function divergingComparison(): Comparison {
  const comparison = longComparison(2000);
  const step = comparison.target.steps[DIVERGING_ROW] as ToolCallStep;
  comparison.target.steps[DIVERGING_ROW] = { ...step, args: { ...step.args, offset: 9999 } };
  comparison.rows[DIVERGING_ROW] = {
    kind: 'changed',
    baseline: DIVERGING_ROW,
    target: DIVERGING_ROW,
    argDiff: [{ path: 'offset', baseline: DIVERGING_ROW, target: 9999, parts: null }],
  };
  return comparison;
}

function divergingState() {
  const comparison = divergingComparison();
  return stateFor(comparison, { firstDivergence: firstDivergence(comparison) });
}

describe('first divergence in the compare view', () => {
  it('opens scrolled to the first divergence, selected, with its summary above the lanes', async () => {
    const state = divergingState();
    expect(state.firstDivergence).toMatchObject({ row: DIVERGING_ROW, kind: 'different-arguments', argument: 'offset' });
    const { page, host } = await show(state);
    expect(await summary(page).innerText()).toBe(
      `First divergence: row ${DIVERGING_ROW} — different arguments of write Calendar.add_calendar_event: offset ${DIVERGING_ROW} → 9999`,
    );
    await expect.poll(() => inView(page, row(page, `row:${DIVERGING_ROW}`))).toBe(true);
    expect(await selected(page)).toBe(`row:${DIVERGING_ROW}`);
    expect(await inView(page, row(page, 'row:0'))).toBe(false);
    expect(host.rejected).toEqual([]);
  });

  it('walks on from the first divergence with F7 and Shift+F7', async () => {
    const { page } = await show(divergingState());
    await expect.poll(() => selected(page)).toBe(`row:${DIVERGING_ROW}`);
    await page.locator('.scroller').focus();
    // Rows whose index is a multiple of 3 differ in their query: 1209 is the next difference, 1206 the one before.
    await page.keyboard.press('F7');
    expect(await selected(page)).toBe('row:1209');
    await page.keyboard.press('Shift+F7');
    expect(await selected(page)).toBe(`row:${DIVERGING_ROW}`);
    await page.keyboard.press('Shift+F7');
    expect(await selected(page)).toBe('row:1206');
  });

  it('goes back to the first divergence when its summary is clicked', async () => {
    const view = await show(divergingState());
    const { page } = view;
    await view.host.send({ kind: 'event', event: { type: 'reveal', row: 10 } });
    await expect.poll(() => inView(page, row(page, 'row:10'))).toBe(true);
    expect(await inView(page, row(page, `row:${DIVERGING_ROW}`))).toBe(false);
    await summary(page).getByRole('button').click();
    await expect.poll(() => inView(page, row(page, `row:${DIVERGING_ROW}`))).toBe(true);
    expect(await selected(page)).toBe(`row:${DIVERGING_ROW}`);
  });

  it('keeps a linked step or the row a restored panel showed before the first divergence', async () => {
    const linked = await show({ ...divergingState(), reveal: 300 });
    await expect.poll(() => inView(linked.page, row(linked.page, 'row:300'))).toBe(true);
    expect(await selected(linked.page)).toBe('row:300');

    const state = divergingState();
    const { runDir, comparison } = state;
    const restored = await show(state, {
      savedState: { runDir, baselineRunId: comparison.baseline.run.id, targetRunId: comparison.target.run.id, row: 800 },
    });
    await expect.poll(() => inView(restored.page, row(restored.page, 'row:800'))).toBe(true);
  });

  it('says so when nothing diverges, and opens at the top', async () => {
    const { page } = await show(stateFor(longComparison(2000)));
    expect(await summary(page).innerText()).toBe('No divergence that can change the verdict');
    expect(await summary(page).getByRole('button').count()).toBe(0);
    await expect.poll(() => inView(page, row(page, 'row:0'))).toBe(true);
    expect(await selected(page)).toBeNull();
  });
});
