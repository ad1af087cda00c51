// Labelling a regression in a real VS Code (code-server + Chromium) on a copy of the generated examples: the code is
// picked from the taxonomy with the automatic prior offered first, the label shows in the Regressions view (and in the
// compare view's header when labelled from there), and exactly one record is appended to .trajectory-lens/labels.jsonl.
// In Restricted Mode labelling is refused.
import { describe, expect, it } from 'vitest';
import { appendFileSync, readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { parseLabels } from '../../src/core/triage/labelStore';
import { labelRecords, labelsFile, labelsText } from './examples';
import {
  acceptQuickItem,
  openCompareView,
  openTrajectoryLens,
  problems,
  revealTreeRow,
  screenshot,
  treeRowContextAction,
  treeRows,
  useExamplesWorkspace,
  useWorkbench,
} from './workbench';

const SCENARIO = 'scn_email_budget';
const GROUP = `agent-a/execution/${SCENARIO}`;
const ROW = `${SCENARIO} · jpn`;
const ANNOTATOR = 'E2E Tester';
/** What Restricted Mode says when labelling is tried (the start of the warning). */
const READ_ONLY_MESSAGE = 'Trajectory Lens is read-only in Restricted Mode';
const NOTE = 'the contact name is transliterated differently in the task';
/** The regression labelled from the compare view: the target never edits the calendar event. */
const COMPARED_SCENARIO = 'scn_group_dinner';
const COMPARED_ROW = `${COMPARED_SCENARIO} · spa`;

const examples = useExamplesWorkspace(undefined, { 'trajectoryLens.annotator': ANNOTATOR });

/** The labels of the rows of the open quick pick, once it shows any. */
async function quickPickLabels(page: Page): Promise<string[]> {
  const rows = page.locator('.quick-input-widget .quick-input-list .monaco-list-row .label-name');
  await rows.first().waitFor();
  return rows.evaluateAll((elements) => elements.map((e) => e.textContent?.trim() ?? ''));
}

/** The Regressions view's row of the regression under test, once the view has loaded. */
async function regressionRow(page: Page): Promise<Locator> {
  await expect.poll(async () => (await treeRows(page, 'Regressions')).map((r) => r.label), { timeout: 60_000 }).toContain(ROW);
  return revealTreeRow(page, 'Regressions', ROW);
}

async function descriptionOf(page: Page, view: string, label: string): Promise<string> {
  return (await treeRows(page, view)).find((r) => r.label === label)?.description ?? '';
}

describe('Labelling from the Regressions view (trusted folder)', () => {
  const workbench = useWorkbench(() => examples.open(true), openTrajectoryLens);

  it('labels a regression with a code, a confidence and a note, shows it and appends exactly one record', async () => {
    const page = workbench.page;
    const row = await regressionRow(page);
    await treeRowContextAction(page, row, 'Label Failure…');

    // The automatic prior comes first, as a suggestion to accept or pass over, above the taxonomy by family.
    await expect.poll(async () => (await quickPickLabels(page))[0] ?? '', { timeout: 30_000 }).toMatch(/^Suggested: [A-Z]\d — /);
    expect(await quickPickLabels(page)).toEqual(expect.arrayContaining(['I1', 'T4', 'K1', 'A2', 'E1']));
    await screenshot(page, 'label-code-pick');
    await acceptQuickItem(page, 'T4', 'T4');
    await acceptQuickItem(page, 'high', 'high');
    const note = page.locator('.quick-input-widget .quick-input-box input');
    await note.fill(NOTE);
    await note.press('Enter');

    await expect.poll(() => descriptionOf(page, 'Regressions', ROW), { timeout: 30_000 }).toMatch(/· 🏷 T4$/);
    await screenshot(page, 'label-shown');

    const { records, diagnostics } = parseLabels(readFileSync(labelsFile(examples.dir), 'utf8'));
    expect(diagnostics).toEqual([]);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      kind: 'label',
      item: { group: GROUP, language: 'jpn', run: null },
      code: 'T4',
      confidence: 'high',
      note: NOTE,
      annotator: ANNOTATOR,
    });
  });

  it('reports a torn last line of the labels file in the Problems panel and keeps showing the label', async () => {
    const page = workbench.page;
    // Another process was killed mid-write.
    appendFileSync(labelsFile(examples.dir), '{"schema":1,"id":"cut');
    await expect
      .poll(async () => (await problems(page)).some((r) => r.text.includes('incomplete last line')), { timeout: 30_000 })
      .toBe(true);
    await expect.poll(() => descriptionOf(page, 'Regressions', ROW), { timeout: 30_000 }).toMatch(/· 🏷 T4$/);
  });

  it('labels the compared pair from the compare view with `l`, and shows the label in its header and on the tree item', async () => {
    const page = workbench.page;
    const before = labelRecords(examples.dir);
    const frame = await openCompareView(page, COMPARED_ROW);
    const pair = frame.getByRole('group', { name: 'Label of spa', exact: true });
    // Unlabelled: the header offers the automatic prior with its evidence.
    await expect.poll(() => pair.innerText(), { timeout: 60_000 }).toMatch(/no label · suggested\s*A2/);
    expect(await pair.locator('.label-evidence').innerText()).toMatch(/Calendar__edit_calendar_event/);
    await screenshot(page, 'label-compare-unlabelled');

    // Focus inside the view, away from any input, as a reader who just looked at a step.
    await frame.locator('.toolbar .scenario').click();
    await page.keyboard.press('l');
    await expect.poll(async () => (await quickPickLabels(page))[0] ?? '', { timeout: 30_000 }).toBe(
      'Suggested: A2 — missing required action',
    );
    expect(await page.locator('.quick-input-widget .quick-input-title').innerText()).toBe(`Label ${COMPARED_ROW}`);
    await screenshot(page, 'label-compare-pick');
    await acceptQuickItem(page, 'A2', 'A2');
    await acceptQuickItem(page, 'medium', 'medium');
    const note = page.locator('.quick-input-widget .quick-input-box input');
    await note.fill('the calendar edit is never attempted');
    await note.press('Enter');

    await expect.poll(() => pair.innerText(), { timeout: 30_000 }).toMatch(/A2\s*missing required action\s*medium · E2E Tester/);
    expect(await pair.locator('.label-current').getAttribute('title')).toBe('the calendar edit is never attempted');
    await expect.poll(() => descriptionOf(page, 'Regressions', COMPARED_ROW), { timeout: 30_000 }).toMatch(/· 🏷 A2$/);
    await screenshot(page, 'label-compare-labelled');

    const after = labelRecords(examples.dir);
    expect(after).toHaveLength(before.length + 1);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.at(-1)).toMatchObject({
      kind: 'label',
      item: { group: `agent-a/adaptability/${COMPARED_SCENARIO}`, language: 'spa', run: null },
      code: 'A2',
      confidence: 'medium',
      note: 'the calendar edit is never attempted',
      annotator: ANNOTATOR,
    });
  });
});

describe('Labelling in Restricted Mode (untrusted folder)', () => {
  const workbench = useWorkbench(() => examples.open(false));

  it('offers no labelling on the items and refuses the keybinding with the read-only message', async () => {
    const page = workbench.page;
    await page.locator('.statusbar-item', { hasText: 'Restricted Mode' }).waitFor();
    await openTrajectoryLens(page);
    const before = labelsText(examples.dir);
    const row = await regressionRow(page);
    await row.click({ button: 'right' });
    await page.locator('.monaco-menu .action-item').first().waitFor();
    expect(await page.locator('.monaco-menu .action-label', { hasText: 'Label Failure…' }).count()).toBe(0);
    await page.keyboard.press('Escape');

    await page.keyboard.press('l');
    await page.locator('.notifications-toasts', { hasText: READ_ONLY_MESSAGE }).waitFor({ timeout: 15_000 });
    await screenshot(page, 'label-restricted-mode');
    expect(labelsText(examples.dir)).toBe(before);
  });

  it('disables labelling in the compare view with the read-only reason, and refuses `l` with the same message', async () => {
    const page = workbench.page;
    const before = labelsText(examples.dir);
    const frame = await openCompareView(page, COMPARED_ROW);
    const button = frame.getByRole('button', { name: 'Label…', exact: true });
    await button.waitFor({ timeout: 60_000 });
    expect(await button.getAttribute('title')).toMatch(new RegExp(`^${READ_ONLY_MESSAGE}`));
    expect(await button.evaluate((el) => (el as { disabled?: boolean }).disabled)).toBe(true);

    await frame.locator('.toolbar .scenario').click();
    await page.keyboard.press('l');
    await expect.poll(() => frame.getByRole('alert').innerText(), { timeout: 15_000 }).toContain(READ_ONLY_MESSAGE);
    await screenshot(page, 'label-compare-restricted-mode');
    expect(labelsText(examples.dir)).toBe(before);
  });
});
