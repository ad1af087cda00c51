// The ways into the compare view in a real VS Code: a scenario row of the Runs view, the command palette, "Compare Two
// Runs…", a deep link to a step opened from outside, and a window reload that brings an open panel back.
/// <reference lib="dom" />
import { beforeAll, describe, expect, it } from 'vitest';
import type { FrameLocator, Page } from 'playwright-core';
import { compareLinkQuery } from '../../src/host/compare/deepLink';
import { indexOf, type IndexedRun } from './examples';
import {
  acceptQuickItem,
  activeTab,
  openTrajectoryLens,
  openUrl,
  reloadWindow,
  revealTreeRow,
  runCommand,
  screenshot,
  treeRowContextAction,
  useExamplesWorkspace,
  useWorkbench,
  webviewFrame,
} from './workbench';

const SCENARIO = 'scn_email_budget';
const TWO_RUNS = 'scn_coffee_reorder';

const examples = useExamplesWorkspace();
let runs: IndexedRun[];

beforeAll(() => {
  runs = indexOf(examples.dir).runs;
});

function runOf(scenarioId: string, language: string, runIndex: number): IndexedRun {
  const found = runs.find((r) => r.scenarioId === scenarioId && r.language === language && r.runIndex === runIndex);
  if (!found) throw new Error(`no run ${runIndex} of ${scenarioId} in ${language}`);
  return found;
}

/** The compare view's document once its rows have painted, and the languages its two lane headers name. */
async function shownComparison(page: Page): Promise<{ frame: FrameLocator; languages: string[] }> {
  const frame = webviewFrame(page);
  await frame.locator('.row').first().waitFor({ timeout: 60_000 });
  const languages = await Promise.all(
    ['baseline', 'target'].map(async (side) => (await frame.locator(`.side-header--${side} .side-language`).textContent())?.trim() ?? ''),
  );
  return { frame, languages };
}

async function closeEditors(page: Page): Promise<void> {
  await runCommand(page, 'View: Close All Editors');
  await page.locator('iframe.webview.ready').waitFor({ state: 'detached' });
}

describe('Entry points of the compare view', () => {
  const workbench = useWorkbench(() => examples.open(true), openTrajectoryLens);

  it('compares a scenario row with the baseline in the language picked, regressions first', async () => {
    const page = workbench.page;
    const row = await revealTreeRow(page, 'Runs', SCENARIO, 60_000);
    await row.hover();
    await expect.poll(() => row.locator('.actions .action-label[aria-label="Compare with Baseline"]').count()).toBe(1);

    await treeRowContextAction(page, row, 'Compare with Baseline');
    const picker = page.locator('.quick-input-widget');
    await picker.locator('.quick-input-title', { hasText: `Compare ${SCENARIO} with baseline eng` }).waitFor();
    const entries = picker.locator('.quick-input-list .monaco-list-row .label-name');
    await expect.poll(() => entries.allTextContents()).toEqual([
      'cmn 0/3 ↓ deterministic pass→fail · tool_count',
      'hin 0/3 ↓ deterministic pass→fail · tool_count',
      'jpn 0/3 ↓ deterministic pass→fail · tool_count',
      'fra 3/3',
      'spa 3/3',
    ]);
    await screenshot(page, 'compare-scenario-pick');
    await acceptQuickItem(page, 'jpn', 'jpn 0/3 ↓ deterministic pass→fail · tool_count');

    const { languages } = await shownComparison(page);
    expect(languages).toEqual(['(eng)', '(jpn)']);
    await expect.poll(() => activeTab(page).textContent()).toContain(`${SCENARIO}: eng run 1 ↔ jpn run 1`);
    await closeEditors(page);
  });

  it('compares the scenario and language picked after "Compare with Baseline" from the command palette', async () => {
    const page = workbench.page;
    await runCommand(page, 'Trajectory Lens: Compare with Baseline');
    await acceptQuickItem(page, `${SCENARIO} · hin`, `${SCENARIO} · hin`);
    const { languages } = await shownComparison(page);
    expect(languages).toEqual(['(eng)', '(hin)']);
    await expect.poll(() => activeTab(page).textContent()).toContain(`${SCENARIO}: eng run 1 ↔ hin run 1`);
    await closeEditors(page);
  });

  it('compares two runs of the same language with "Compare Two Runs…"', async () => {
    const page = workbench.page;
    await runCommand(page, 'Trajectory Lens: Compare Two Runs…');
    await acceptQuickItem(page, `${TWO_RUNS} · fra · run 1`, `${TWO_RUNS} · fra · run 1`);
    await acceptQuickItem(page, `${TWO_RUNS} · fra · run 3`, `${TWO_RUNS} · fra · run 3`);
    const { frame, languages } = await shownComparison(page);
    expect(languages).toEqual(['(fra)', '(fra)']);
    await expect.poll(() => activeTab(page).textContent()).toContain(`${TWO_RUNS}: fra run 1 ↔ fra run 3`);
    await expect.poll(() => frame.locator('.side-header--target .outcome-text').textContent()).toBe('fail');
    await closeEditors(page);
  });

  it('reopens the view at a step from the link copied for it, opened through VS Code', async () => {
    const page = workbench.page;
    await runCommand(page, 'Trajectory Lens: Compare with Baseline');
    await acceptQuickItem(page, `${SCENARIO} · jpn`, `${SCENARIO} · jpn`);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin });
    const { frame } = await shownComparison(page);

    const steps = frame.locator('.row[data-target^="row:"]');
    await expect.poll(() => steps.count()).toBeGreaterThan(3);
    const step = steps.nth(3);
    const row = Number((await step.getAttribute('data-target'))?.slice('row:'.length));
    // The link button shows on the selected row, as it does under the mouse.
    await step.locator('.row-number').click();
    await step.locator('.row-link').click();
    await frame.getByText(`Link to row ${row} copied`).waitFor();
    const link = `code-oss://trajectory-lens.trajectory-lens/compare?${compareLinkQuery({
      baselineRunId: runOf(SCENARIO, 'eng', 1).id,
      targetRunId: runOf(SCENARIO, 'jpn', 1).id,
      row,
    })}`;
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    await closeEditors(page);

    await openUrl(page, copied);
    const reopened = await shownComparison(page);
    expect(reopened.languages).toEqual(['(eng)', '(jpn)']);
    await expect.poll(() => reopened.frame.locator('.row[aria-selected="true"]').getAttribute('data-target'), { timeout: 30_000 }).toBe(`row:${row}`);
    await screenshot(page, 'compare-deep-link');
  });

  it('brings an open compare view back with the same runs and lane widths after the window reloads', async () => {
    const page = workbench.page;
    await closeEditors(page);
    await runCommand(page, 'Trajectory Lens: Compare with Baseline');
    await acceptQuickItem(page, `${SCENARIO} · cmn`, `${SCENARIO} · cmn`);
    const { frame } = await shownComparison(page);
    await expect.poll(() => activeTab(page).textContent()).toContain(`${SCENARIO}: eng run 1 ↔ cmn run 1`);
    const oracleWidth = async () => (await frame.locator('.lanes-header [role="columnheader"]').first().boundingBox())?.width ?? 0;
    const before = await oracleWidth();
    const sash = await frame.getByRole('separator', { name: 'Resize oracle lane' }).boundingBox();
    if (!sash) throw new Error('the oracle lane has no sash');
    await page.mouse.move(sash.x + sash.width / 2, sash.y + sash.height / 2);
    await page.mouse.down();
    await page.mouse.move(sash.x + sash.width / 2 + 120, sash.y + sash.height / 2, { steps: 5 });
    await page.mouse.up();
    const widened = await oracleWidth();
    expect(widened).toBeGreaterThan(before + 100);

    await reloadWindow(page);
    const { languages } = await shownComparison(page);
    expect(languages).toEqual(['(eng)', '(cmn)']);
    await expect.poll(() => activeTab(page).textContent()).toContain(`${SCENARIO}: eng run 1 ↔ cmn run 1`);
    expect(Math.abs((await oracleWidth()) - widened)).toBeLessThan(2);
  });
});
