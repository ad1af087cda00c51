// Labels and comparisons within one SEATau setting in a real VS Code: Vietnamese runs in l2_interaction and in
// l2_tools, each against the English setting. A label given in one setting shows on that setting's items only, a
// regression labelled from the tree is saved with its setting, and "Compare with Baseline" on a setting's regression
// or scenario compares that setting's runs, its run picker offering no other setting's runs.
import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { labelItem, newLabelRecord } from '../../src/core/triage/labelRecord';
import { labelRecords, labelsFile } from './examples';
import { acceptQuickItem, openCompareView, openTrajectoryLens, revealTreeRow, screenshot, treeRowContextAction, treeRows, useExamplesWorkspace, useWorkbench, viewPane, webviewFrame } from './workbench';

const ANNOTATOR = 'E2E Tester';
const SIMULATIONS = 'data/simulations/airline_gpt-4.1_gpt-4.1';
/** Vietnamese regresses in task 14 in l2_tools only, and in task 27 in l2_interaction only. */
const TOOLS_ROW = 'task 14 · vie';
const INTERACTION_ROW = 'task 27 · vie';

const examples = useExamplesWorkspace('tau2-seatau', { 'trajectoryLens.annotator': ANNOTATOR });

async function descriptionOf(page: Page, label: string): Promise<string> {
  return (await treeRows(page, 'Regressions')).find((r) => r.label === label)?.description ?? '';
}

describe('Labels and comparisons within a SEATau setting', () => {
  const workbench = useWorkbench(() => examples.open(true), openTrajectoryLens);

  it('shows a label given in l2_tools on the l2_tools regression, not on an l2_interaction one', async () => {
    const page = workbench.page;
    await expect
      .poll(async () => (await treeRows(page, 'Regressions')).map((r) => r.label), { timeout: 60_000 })
      .toEqual(expect.arrayContaining([TOOLS_ROW, INTERACTION_ROW]));
    // Written by `trajectory-lens label --setting l2_tools` elsewhere: task 14 and task 27, both in l2_tools.
    const file = labelsFile(examples.dir);
    mkdirSync(dirname(file), { recursive: true });
    for (const [task, code] of [['14', 'T3'], ['27', 'A2']] as const) {
      const record = newLabelRecord({ item: labelItem(`${SIMULATIONS}#${task}`, 'vie', null, 'l2_tools'), code, annotator: 'Ana', tool: 'e2e' });
      appendFileSync(file, `${JSON.stringify(record)}\n`);
    }
    await expect.poll(() => descriptionOf(page, TOOLS_ROW), { timeout: 30_000 }).toMatch(/l2_tools · 🏷 T3$/);
    expect(await descriptionOf(page, INTERACTION_ROW)).not.toContain('🏷');
  });

  it('labels a regression from the tree in the setting it regresses in', async () => {
    const page = workbench.page;
    const before = labelRecords(examples.dir);
    await treeRowContextAction(page, await revealTreeRow(page, 'Regressions', INTERACTION_ROW), 'Label Failure…');
    const title = page.locator('.quick-input-widget .quick-input-title');
    await expect.poll(() => title.innerText(), { timeout: 30_000 }).toBe('Label task 27 · vie · l2_interaction');
    await acceptQuickItem(page, 'A1', 'A1');
    await acceptQuickItem(page, 'high', 'high');
    const note = page.locator('.quick-input-widget .quick-input-box input');
    await note.fill('pays with the wrong card');
    await note.press('Enter');
    await expect.poll(() => descriptionOf(page, INTERACTION_ROW), { timeout: 30_000 }).toMatch(/l2_interaction · 🏷 A1$/);
    const after = labelRecords(examples.dir);
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)?.item).toEqual({ group: `${SIMULATIONS}#27`, language: 'vie', run: null, setting: 'l2_interaction' });
    expect(await descriptionOf(page, TOOLS_ROW)).toMatch(/🏷 T3$/);
  });

  it('compares the l2_tools runs with English, the run picker offering l2_tools runs only', async () => {
    const page = workbench.page;
    const frame = await openCompareView(page, TOOLS_ROW);
    const target = frame.locator('.side-header--target');
    expect(await target.locator('.side-setting').innerText()).toBe('l2_tools');
    expect(await frame.locator('.side-header--baseline .side-setting').innerText()).toBe('english');
    // Both settings number their runs 0 and 1; only l2_tools' two failing runs are offered.
    const options = await target.locator('vscode-option').evaluateAll((els) => els.map((e) => e.textContent?.trim() ?? ''));
    expect(options).toEqual(['run 0 ✗ db_mismatch', 'run 1 ✗ db_mismatch']);
    const pair = frame.getByRole('group', { name: 'Label of vie · l2_tools', exact: true });
    await expect.poll(() => pair.innerText(), { timeout: 30_000 }).toMatch(/T3/);
    await screenshot(page, 'compare-seatau-setting-labelled');
  });

  it('compares a scenario row of l2_tools in the language picked, from l2_tools runs', async () => {
    const page = workbench.page;
    // Each setting lists task 14; only l2_tools' says Vietnamese regressed there.
    const row = viewPane(page, 'Runs').locator('.monaco-list-row', { hasText: 'vie 0/2 ↓' }).filter({ hasText: 'task 14' }).first();
    await treeRowContextAction(page, row, 'Compare with Baseline');
    const picker = page.locator('.quick-input-widget');
    await picker.locator('.quick-input-title', { hasText: 'Compare task 14 with baseline eng · l2_tools' }).waitFor({ timeout: 30_000 });
    // Rows an earlier quick pick left in the list stay in the page, hidden.
    const entries = picker.locator('.quick-input-list .monaco-list-row .label-name').filter({ visible: true });
    await expect.poll(() => entries.allTextContents()).toEqual([
      'vie 0/2 ↓ deterministic pass→fail · db_mismatch',
      'cmn 1/2 ↓ stochastic pass→partial · max_steps',
    ]);
    await acceptQuickItem(page, 'vie', 'vie 0/2 ↓ deterministic pass→fail · db_mismatch');
    const frame = webviewFrame(page);
    const target = frame.locator('.side-header--target');
    await expect.poll(() => target.locator('.side-language').innerText(), { timeout: 60_000 }).toBe('(vie)');
    expect(await target.locator('.side-setting').innerText()).toBe('l2_tools');
    const options = await target.locator('vscode-option').evaluateAll((els) => els.map((e) => e.textContent?.trim() ?? ''));
    expect(options).toEqual(['run 0 ✗ db_mismatch', 'run 1 ✗ db_mismatch']);
  });
});
