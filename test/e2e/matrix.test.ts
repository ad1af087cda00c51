// The matrix in a real VS Code (code-server + Chromium) on a copy of the generated gaia2 examples: "Show Matrix" from
// the palette, a cell's numbers against `trajectory-lens metrics --json`, a click on the cell filtering the
// Regressions view to it (and "Clear Filter" lifting it), the CSV export saved where the save dialog says and equal to
// `metrics --csv`, the view in the dark and light themes, and a cell's own menu on a right-click.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { MetricsReport } from '../../src/core/metrics/types';
import { repoRoot } from './codeServer';
import { cliJson, regressionsOf } from './examples';
import { openTrajectoryLens, runCommand, screenshot, setColorTheme, treeRows, useExamplesWorkspace, useWorkbench, viewPane, webviewFrame } from './workbench';

const AGENT = 'agent-a';
const CAPABILITY = 'execution';
const LANGUAGE = 'jpn';

const examples = useExamplesWorkspace();

async function showMatrix(page: Page): Promise<FrameLocator> {
  await runCommand(page, 'Trajectory Lens: Show Matrix');
  const frame = webviewFrame(page);
  await frame.locator('.matrix-row').first().waitFor({ timeout: 60_000 });
  return frame;
}

/**
 * The cell of the agent's row under the capability's language column, found by its screen-reader label. Columns
 * out of view are not rendered: scroll the matrix sideways, as a user would, until the cell is there.
 */
async function revealCell(frame: FrameLocator, capability: string, language: string): Promise<Locator> {
  const target = frame.locator(`[role="gridcell"][aria-label^="${AGENT}, ${language}, ${capability}:"]`);
  const scroller = frame.locator('.matrix-scroller');
  for (let step = 0; step < 100 && (await target.count()) === 0; step++) {
    const atEnd = await scroller.evaluate((el) => {
      el.scrollLeft += 200;
      return el.scrollLeft + el.clientWidth >= el.scrollWidth - 1;
    });
    if (atEnd && (await target.count()) === 0) await target.waitFor({ timeout: 5_000 });
  }
  await target.scrollIntoViewIfNeeded();
  return target;
}

describe('Matrix view', () => {
  const workbench = useWorkbench(() => examples.open(true), openTrajectoryLens);

  it("shows a cell's numbers as the CLI computes them, filters the Regressions view to it, and exports the CSV", async () => {
    const page = workbench.page;
    const report = cliJson<MetricsReport>(['metrics', examples.dir]);
    const expected = report.cells.find((c) => c.agent === AGENT && c.capability === CAPABILITY && c.language === LANGUAGE);
    if (!expected?.pass1 || !expected.mcnemar || !expected.wilson) throw new Error('the examples have no such cell');
    await setColorTheme(page, 'Dark Modern', 'vs-dark');
    const frame = await showMatrix(page);

    const target = await revealCell(frame, CAPABILITY, LANGUAGE);
    expect(await target.locator('.mx-value').textContent()).toBe(`${Math.round(expected.pass1 * 100)}%`);
    expect(await target.getAttribute('aria-label')).toContain(
      `pass hat 1 ${(expected.pass1 * 100).toFixed(1)} percent, 95 percent interval ${(expected.wilson.low * 100).toFixed(1)} percent to ${(expected.wilson.high * 100).toFixed(1)} percent`,
    );
    await target.hover();
    const tooltip = frame.locator('[role="tooltip"]');
    await tooltip.waitFor();
    const { b, c } = expected.mcnemar;
    await expect.poll(() => tooltip.innerText()).toContain(`McNemar b = ${b}, c = ${c}`);
    expect(await tooltip.innerText()).toContain(`${expected.scenarios} scenarios · ${expected.runs} clean runs`);
    await screenshot(page, 'matrix-e2e-dark');

    // A click filters the worklist to the cell's regressions, as the CLI lists them.
    await target.click();
    const regressions = viewPane(page, 'Regressions');
    await expect.poll(() => regressions.locator('.pane-header .description').textContent(), { timeout: 30_000 }).toBe(
      `filtered: ${AGENT} · ${LANGUAGE} · ${CAPABILITY}`,
    );
    const inCell = regressionsOf(examples.dir).filter(
      (r) => r.language === LANGUAGE && r.group.startsWith(`${AGENT}/${CAPABILITY}/`),
    );
    expect(inCell.length).toBeGreaterThan(0);
    await expect.poll(async () => (await treeRows(page, 'Regressions')).map((r) => r.label).sort(), { timeout: 30_000 }).toEqual(
      inCell.map((r) => `${r.scenarioId} · ${LANGUAGE}`).sort(),
    );
    await screenshot(page, 'matrix-e2e-filtered');
    await runCommand(page, 'Trajectory Lens: Clear Filter');
    await expect.poll(async () => (await treeRows(page, 'Regressions')).length, { timeout: 30_000 }).toBeGreaterThan(inCell.length);

    // The CSV goes where the save dialog says: it offers the run directory's parent, with the directory's name.
    const csvPath = join(dirname(examples.dir), `${basename(examples.dir)}-matrix.csv`);
    await frame.locator('vscode-button[data-export="csv"]').click();
    // The save dialog's own title, not the command palette that Clear Filter may still be closing; its path is filled
    // in after it opens, so Enter waits for it.
    await page.locator('.quick-input-widget .quick-input-title', { hasText: 'Export the matrix as CSV' }).waitFor({ timeout: 30_000 });
    const input = page.locator('.quick-input-widget .quick-input-box input');
    await expect.poll(() => input.inputValue(), { timeout: 30_000 }).toBe(csvPath);
    await input.press('Enter');
    await expect.poll(() => existsSync(csvPath), { timeout: 30_000 }).toBe(true);
    const cliCsv = execFileSync(process.execPath, [join(repoRoot, 'dist', 'cli.js'), 'metrics', examples.dir, '--csv'], { encoding: 'utf8' });
    expect(readFileSync(csvPath, 'utf8')).toBe(cliCsv);
    await expect.poll(() => frame.locator('[role="status"]').textContent()).toBe(`Saved ${csvPath}.`);
  });

  it('follows the light theme', async () => {
    const page = workbench.page;
    await setColorTheme(page, 'Light Modern', 'vs');
    const frame = webviewFrame(page);
    await frame.locator('.matrix-row').first().waitFor({ timeout: 60_000 });
    await expect
      .poll(() => frame.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor), { timeout: 30_000 })
      .toBe('rgb(255, 255, 255)');
    await screenshot(page, 'matrix-e2e-light');
  });

  it("opens the cell's own menu on a right-click, not VS Code's, with its first item focused", async () => {
    const page = workbench.page;
    const frame = webviewFrame(page);
    const cell = await revealCell(frame, CAPABILITY, LANGUAGE);
    await cell.click({ button: 'right' });
    const menu = frame.locator('[role="menu"]');
    await menu.waitFor();
    expect(await menu.locator('[role="menuitem"]').allInnerTexts()).toEqual(['Show in Regressions view', 'Compare worst scenario with baseline']);
    await expect.poll(() => frame.locator('[role="menuitem"]:focus').innerText()).toBe('Show in Regressions view');
    // The webview's right-click is the matrix's: the workbench shows no menu of its own (Cut, Copy, Paste) over it.
    expect(await page.locator('.context-view .monaco-menu').count()).toBe(0);
    await screenshot(page, 'matrix-e2e-cell-menu');
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.count()).toBe(0);
  });
});
