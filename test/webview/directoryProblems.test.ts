// The strip above the lanes listing problems in the run directory's files the comparison reads besides the runs
// (value sets, term tables): folded to a count, opened by a click, each problem opening its file at its line.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/core/model';
import { emailBudgetComparison, stateFor } from './fixtures/comparisons';
import { screenshots, useComparePages } from './harness/webviewPages';

const show = useComparePages();

const PROBLEMS: Diagnostic[] = [
  { path: 'data/tau2/domains/airline/th/data_model.json', line: 4, message: 'invalid JSON: Unexpected end of JSON input', severity: 'error' },
  { path: 'terms.csv', line: null, message: 'no terms read: <img src=x onerror=alert(1)> ignored', severity: 'warning' },
];

describe('problems strip of the compare view', () => {
  it('shows the count folded, lists file, line and message when opened, and opens a file at its line', async () => {
    const { page, host } = await show(stateFor(emailBudgetComparison(), { directoryDiagnostics: PROBLEMS }));
    const strip = page.getByRole('region', { name: "Problems in the run directory's files" });
    const toggle = strip.getByRole('button', { name: /2 problems reading the value sets and term tables/ });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await strip.getByRole('listitem').count()).toBe(0);

    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    const items = strip.getByRole('listitem');
    expect(await items.allInnerTexts()).toEqual([
      expect.stringMatching(/data_model\.json:4\s+invalid JSON: Unexpected end of JSON input$/),
      expect.stringMatching(/terms\.csv\s+no terms read: <img src=x onerror=alert\(1\)> ignored$/),
    ]);
    // A message quoting file content is text, never markup.
    expect(await strip.locator('img').count()).toBe(0);
    await page.screenshot({ path: join(screenshots, 'compare-directory-problems.png'), clip: { x: 0, y: 0, width: 1500, height: 260 } });

    await strip.getByRole('button', { name: 'data/tau2/domains/airline/th/data_model.json:4' }).click();
    expect((await host.request('openFile')).params).toEqual({ path: 'data/tau2/domains/airline/th/data_model.json', line: 4 });
    expect(host.rejected).toEqual([]);

    await toggle.click();
    await expect.poll(() => strip.getByRole('listitem').count()).toBe(0);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('is absent when the directory’s files read cleanly', async () => {
    const { page } = await show(stateFor(emailBudgetComparison()));
    expect(await page.locator('.lanes').count()).toBe(1);
    expect(await page.getByRole('region', { name: "Problems in the run directory's files" }).count()).toBe(0);
  });
});
