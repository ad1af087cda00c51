// Problems in the run directory's files a comparison reads besides its runs, in a real VS Code: on the SEATau
// example's Thai regression (task 14) with a term table that has no usable header, the compare view shows the
// problem in its folded strip, opens terms.csv from it, and the Problems panel lists it.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openCompareView, problems, screenshot, useExamplesWorkspace, useWorkbench, webviewFrame } from './workbench';

const examples = useExamplesWorkspace('tau2-seatau');

describe('Compare view problems strip', () => {
  const workbench = useWorkbench(
    () => {
      writeFileSync(join(examples.dir, 'terms.csv'), 'english,thai\ngift card,บัตรของขวัญ\n');
      return examples.open(true);
    },
    (page) => openCompareView(page, 'task 14 · tha'),
  );

  it('shows the term table problem, opens the file from it and lists it in the Problems panel', async () => {
    const page = workbench.page;
    const frame = webviewFrame(page);
    const strip = frame.getByRole('region', { name: "Problems in the run directory's files" });
    const toggle = strip.getByRole('button', { name: /1 problem reading the value sets and term tables/ });
    await toggle.waitFor({ timeout: 30_000 });
    await toggle.click();
    const item = strip.getByRole('listitem');
    await expect.poll(() => item.count(), { timeout: 10_000 }).toBe(1);
    expect(await item.innerText()).toMatch(/terms\.csv\s+no terms read: expected a header/);
    await screenshot(page, 'compare-directory-problems-vscode');

    // The file opens beside the panel, in the next editor group.
    await strip.getByRole('button', { name: 'terms.csv' }).click();
    await page.locator('.tabs-container .tab.active', { hasText: 'terms.csv' }).waitFor({ timeout: 30_000 });

    await expect
      .poll(async () => (await problems(page)).some((r) => r.text.includes('no terms read')), { timeout: 30_000 })
      .toBe(true);
  });
});
