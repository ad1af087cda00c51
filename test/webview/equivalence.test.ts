// Values that differ only by form and the judge rationale comparison, in the real compare bundle in headless
// Chromium, on a comparison the real core computed (an English and a Thai run of one dinner booking).
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { equivalenceState } from './fixtures/equivalenceComparison';
import { pageGlobal } from './harness/webviewPage';
import { screenshots, useComparePages } from './harness/webviewPages';
import { themeColor } from './harness/themeColor';

const show = useComparePages();
const VIEWPORT = { width: 1400, height: 900 };

const stepRow = (page: Page, row: number) => page.locator(`.row[data-target="row:${row}"]`);

describe('equivalent values', () => {
  it('marks an argument written in another form with ≈ and the normal form, each side keeping its own form', async () => {
    const { page, problems } = await show(equivalenceState(), { viewport: VIEWPORT });
    const booking = stepRow(page, 1);
    const mark = booking.locator('.lane--target .equiv-mark');
    await expect.poll(() => mark.getAttribute('title')).toBe('equivalent: normal form 2024-10-16');
    expect(await booking.locator('.lane--baseline .diff-equiv').textContent()).toBe('2024-10-16');
    expect(await booking.locator('.lane--target .diff-equiv').textContent()).toBe('16 ต.ค. 2567');
    expect(await booking.locator('.lane--target .diff-equiv').getAttribute('title')).toBe('equivalent: normal form 2024-10-16');
    // Not painted as a change.
    expect(await booking.locator('.diff-del, .diff-ins').count()).toBe(0);
    const underline = await booking.locator('.lane--target .diff-equiv').evaluate((el) => getComputedStyle(el).textDecorationStyle);
    expect(underline).toBe('dotted');

    const deposit = stepRow(page, 2);
    expect(await deposit.locator('.lane--target .diff-equiv').textContent()).toBe('๑,๒๓๔.๕๐');
    expect(await deposit.locator('.lane--target .diff-equiv').getAttribute('title')).toBe('equivalent: normal form 1234.5');
    expect(await problems()).toEqual([]);
  });

  it('marks the same value in the final answers as equivalent and the words around it as changed', async () => {
    const { page } = await show(equivalenceState(), { viewport: VIEWPORT });
    const final = page.locator('.row[data-target="final"]');
    await final.scrollIntoViewIfNeeded();
    const target = final.locator('.lane--target');
    await expect.poll(() => target.locator('.diff-equiv').allTextContents()).toEqual(['16 ต.ค. 2567', '1,234.50 บาท']);
    expect(await target.locator('.diff-ins').first().textContent()).toBe('จองวันที่');
  });

  it('shows every difference as a change when equivalences are off', async () => {
    const { page } = await show(equivalenceState({ equivalentForms: false }), { viewport: VIEWPORT });
    const booking = stepRow(page, 1);
    await expect.poll(() => booking.locator('.lane--target .diff-ins').textContent()).toBe('16 ต.ค. 2567');
    expect(await page.locator('.equiv-mark, .diff-equiv').count()).toBe(0);
  });
});

describe('judge rationale comparison', () => {
  it('diffs two rationales in one language word by word when toggled, and back', async () => {
    const { page, problems } = await show(equivalenceState(), { viewport: VIEWPORT });
    const toggle = page.getByRole('button', { name: 'diff rationales' });
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    const rationales = page.locator('.rationale-row').first();
    await expect.poll(() => rationales.locator('.lane--baseline .diff-del').allTextContents()).toEqual(['requested']);
    expect(await rationales.locator('.lane--target .diff-ins').allTextContents()).toEqual(['wrong', ' and booked twice']);
    expect(await page.locator('.rationale-diff-note').first().textContent()).toBe('both in English: diffed by word');

    await toggle.click();
    await expect.poll(() => rationales.locator('.diff-del, .diff-ins').count()).toBe(0);
    expect(await rationales.locator('.lane--target .rationale-text').textContent()).toContain('on the wrong date and booked twice');
    expect(await problems()).toEqual([]);
  });

  it('sets rationales written in two languages side by side, naming each language', async () => {
    const { page } = await show(equivalenceState(), { viewport: VIEWPORT });
    // The second event was matched by both runs: its rationales are folded until opened.
    const card = page.locator('.oracle-event[data-oracle="1"]');
    await card.getByRole('button', { name: 'judge rationale' }).click();
    const toggle = card.getByRole('button', { name: 'rationales side by side' });
    await toggle.click();
    await expect.poll(() => card.locator('.rationale-diff-note').textContent()).toBe('written in English and Thai: not diffed');
    const rationales = page.locator('.rationale-row', { has: page.locator('.rationale-language') });
    expect(await rationales.locator('.lane--baseline .rationale-language').textContent()).toBe('written in English');
    expect(await rationales.locator('.lane--target .rationale-language').textContent()).toBe('written in Thai');
    expect(await rationales.locator('.lane--target .rationale-text').textContent()).toContain('ชำระเงินมัดจำ');
    expect(await rationales.locator('.diff-del, .diff-ins').count()).toBe(0);
  });

  for (const theme of ['light', 'dark', 'high-contrast'] as const) {
    it(`draws equivalent values and a rationale diff in the ${theme} theme`, async () => {
      const { page, problems } = await show(equivalenceState(), { theme, viewport: VIEWPORT });
      await page.getByRole('button', { name: 'diff rationales' }).click();
      await page.locator('.rationale-row .diff-del').first().waitFor();
      await page.screenshot({ path: join(screenshots, `equivalence-${theme}.png`) });
      const mark = await page.locator('.equiv-mark').first().evaluate((el) => getComputedStyle(el).color);
      expect(mark).toBe(await themeColor(page, 'editorInfo-foreground'));
      expect(await pageGlobal<unknown>(page, '__xss')).toBeUndefined();
      expect(await problems()).toEqual([]);
    });
  }
});
