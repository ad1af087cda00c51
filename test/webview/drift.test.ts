// Language drift in the compare view's real bundle: off-target turns marked in their lane, the off-target sentence
// of a mixed turn underlined, each run's language correctness beside its verdict (with the file's own and where they
// disagree), and drift by turn position under the header.
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { driftState, ENGLISH_TURN_STEP, MIXED_ENGLISH, MIXED_TURN_STEP } from './fixtures/driftComparison';
import type { ComparePage, OpenOptions } from './harness/comparePage';
import { screenshots, useComparePages } from './harness/webviewPages';
import { themeColor } from './harness/themeColor';
import { pageGlobal } from './harness/webviewPage';


const showPage = useComparePages();

function show(options: OpenOptions = {}): Promise<ComparePage> {
  return showPage(driftState(), options);
}

const lane = (page: Page, row: number, side: 'baseline' | 'target'): Locator => page.locator(`.row[data-target="row:${row}"] .lane--${side}`).first();
const header = (page: Page, side: 'baseline' | 'target'): Locator => page.locator(`.side-header--${side}`);

describe('language drift in the compare view', () => {
  it('marks the turns not in the run language, and only those, with the languages involved', async () => {
    const { page, problems } = await show();
    const marked = async (side: 'baseline' | 'target') =>
      page.locator(`.lane--${side} .step--off-language`).evaluateAll((els) => els.map((el) => el.closest('.row')?.getAttribute('data-target')));
    expect(await marked('target')).toEqual([`row:${ENGLISH_TURN_STEP}`, `row:${MIXED_TURN_STEP}`]);
    expect(await marked('baseline')).toEqual([]);
    expect(await lane(page, ENGLISH_TURN_STEP, 'target').locator('.tag--language').innerText()).toBe('language: tha → eng');
    expect(await lane(page, MIXED_TURN_STEP, 'target').locator('.tag--language').innerText()).toBe('language: tha → eng');
    expect(await lane(page, 0, 'target').locator('.tag--language').count()).toBe(0);
    // The mark at the lane's edge is drawn in the theme's warning colour (#cca700 in the default dark theme).
    const edge = await lane(page, ENGLISH_TURN_STEP, 'target').locator('.step--off-language').evaluate((el) => getComputedStyle(el).borderLeftColor);
    expect(edge).toBe('rgb(204, 167, 0)');
    expect(await problems()).toEqual([]);
  });

  it('underlines the English sentence of the mixed Thai turn and keeps markup in it as text', async () => {
    const { page, problems } = await show();
    const mixed = lane(page, MIXED_TURN_STEP, 'target');
    expect((await mixed.locator('.off-language').allInnerTexts()).map((t) => t.trim())).toEqual([MIXED_ENGLISH]);
    const underline = await mixed.locator('.off-language').evaluate((el) => getComputedStyle(el).textDecorationLine);
    expect(underline).toBe('underline');
    // The Thai part is shown in full, markup included, and nothing in it became an element.
    expect(await mixed.locator('.long-text').innerText()).toContain('<b>QTR52M</b>');
    expect(await mixed.locator('.long-text b').count()).toBe(0);
    // A turn in one language is not underlined.
    expect(await lane(page, ENGLISH_TURN_STEP, 'target').locator('.off-language').count()).toBe(0);
    expect(await problems()).toEqual([]);
  });

  it("shows each run's language correctness beside its verdict, with the file's own and their disagreement", async () => {
    const { page } = await show();
    const target = header(page, 'target');
    expect(await target.locator('.language-score-value').innerText()).toBe('lang 0.50');
    expect(await target.locator('.language-score-file').innerText()).toBe('· file 1.00');
    expect(await target.locator('.language-score-disagrees').innerText()).toContain('differs from the file');
    expect(await target.locator('.language-score-value').getAttribute('title')).toBe('Language correctness: 2 of 4 assistant turns in tha.');
    const baseline = header(page, 'baseline');
    expect(await baseline.locator('.language-score-value').innerText()).toBe('lang 1.00');
    expect(await baseline.locator('.language-score-file').count()).toBe(0);
    expect(await baseline.locator('.language-score-disagrees').count()).toBe(0);
  });

  it('summarises drift by turn position, links to the drifting turns and lists the disagreements', async () => {
    const { page } = await show();
    const target = header(page, 'target').locator('.side-drift');
    expect(await target.locator('.collapsible-toggle').innerText()).toContain('language drift: 2 of 4 assistant turns off target');
    const table = target.getByRole('table', { name: 'Off-target assistant turns by position in the conversation' });
    expect(await table.locator('thead th[scope="col"]').allInnerTexts()).toEqual(['1', '2', '3', '4-5']);
    expect(await table.locator('.drift-count').allInnerTexts()).toEqual(['0/1', '0/1', '1/1', '1/1']);
    const heights = await table.locator('.drift-bar-fill').evaluateAll((els) => els.map((el) => (el as HTMLElement).getBoundingClientRect().height));
    expect(heights[0]).toBe(0);
    expect(heights[2]).toBeGreaterThan(10);
    expect((await target.locator('.drift-disagreements li').allInnerTexts()).map((t) => t.trim())).toEqual([
      '#4 reads as eng; the file counts it as correct',
      '#6 is mostly tha but has an eng sentence; the file counts it as correct',
      'language correctness 0.50 here, 1 in the file',
    ]);
    // The step a disagreement names is a link to it, numbered as the lanes are.
    const named = target.locator('.drift-disagreements li').nth(1).getByRole('button', { name: '#6' });
    expect(await named.getAttribute('title')).toBe('Go to step #6');
    // The English baseline never drifts: its summary stays folded and says so.
    const baseline = header(page, 'baseline').locator('.side-drift');
    expect(await baseline.locator('.collapsible-toggle').getAttribute('aria-expanded')).toBe('false');
    expect(await baseline.locator('.collapsible-toggle').innerText()).toContain('language: 4 assistant turns in eng');
    // A drifting turn is a keyboard stop away.
    expect(await target.locator('.drift-turns button').allInnerTexts()).toEqual(['#4 assistant: eng', '#6 assistant: eng']);
    const link = target.getByRole('button', { name: '#6 assistant: eng' });
    await link.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.row[aria-selected="true"]').getAttribute('data-target')).toBe(`row:${MIXED_TURN_STEP}`);
  });

  for (const theme of ['light', 'dark', 'high-contrast'] as const) {
    it(`draws the drift marks in the ${theme} theme`, async () => {
      const { page, problems } = await show({ theme, viewport: { width: 1400, height: 900 } });
      await page.screenshot({ path: join(screenshots, `drift-${theme}.png`) });
      const chip = await page.locator('.tag--language').first().evaluate((el) => getComputedStyle(el).color);
      expect(await themeColor(page, 'editorWarning-foreground')).toBe(chip);
      expect(await pageGlobal<unknown>(page, '__xss')).toBeUndefined();
      expect(await problems()).toEqual([]);
    });
  }
});
