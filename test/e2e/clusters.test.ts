// Regressions grouped by cause in a real VS Code (code-server + Chromium) on a copy of the generated examples: the
// Regressions view's "Group by Cause" toggle shows the clusters, largest first; a cluster opens its typical member's
// comparison at the first divergence, with the summary above the lanes; "Label Cluster…" appends one label record per
// member to .trajectory-lens/labels.jsonl.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { labelRecords } from './examples';
import {
  acceptQuickItem,
  expandTreeRow,
  openTrajectoryLens,
  pointAt,
  revealTreeRow,
  screenshot,
  treeRowContextAction,
  treeRows,
  useExamplesWorkspace,
  useWorkbench,
  viewPane,
  webviewFrame,
} from './workbench';

const ANNOTATOR = 'E2E Tester';
/** The largest cluster of the examples: the contact searched by its Chinese, Japanese and Hindi name. */
const SCRIPT_VARIANT = 'Different arguments to Contacts.search_contacts (query) · script-variant miss · tool_count · T4';
const GROUP = 'agent-a/execution/scn_email_budget';

const examples = useExamplesWorkspace(undefined, { 'trajectoryLens.annotator': ANNOTATOR });

/** Clicks an action of the Regressions view's title bar (shown while the pointer is over the view). */
async function clickTitleAction(page: Page, label: string): Promise<void> {
  const pane = viewPane(page, 'Regressions');
  const action = pane.locator(`.pane-header .action-label[aria-label="${label}"]`);
  await pointAt(page, pane.locator('.pane-header'));
  await action.click();
}

async function topLevelRows(page: Page) {
  return (await treeRows(page, 'Regressions')).filter((r) => r.level === 1);
}

describe('Regressions grouped by cause', () => {
  const workbench = useWorkbench(() => examples.open(true), openTrajectoryLens);

  it('groups the worklist by cause, largest cluster first, with counts per language', async () => {
    const page = workbench.page;
    await expect.poll(async () => (await treeRows(page, 'Regressions')).length, { timeout: 60_000 }).toBe(9);
    await clickTitleAction(page, 'Group by Cause');
    await expect.poll(async () => (await topLevelRows(page)).map((r) => r.label), { timeout: 120_000 }).toHaveLength(7);
    const [largest, ...others] = await topLevelRows(page);
    expect(largest).toMatchObject({ label: SCRIPT_VARIANT, description: '3 regressions · cmn 1, hin 1, jpn 1 · agent-a 3', expanded: false });
    expect(others.map((r) => r.description.split(' · ')[0])).toEqual(Array(6).fill('1 regression'));
    expect(others.map((r) => r.label)).toContain('Extra write Calendar.delete_calendar_event · tool_count · A3');
    expect(others.map((r) => r.label)).toContain('Missing write Calendar.edit_calendar_event · tool_count · A2');
    await screenshot(page, 'clusters-grouped');
    // The toggle's other half is in the title bar now.
    await pointAt(page, viewPane(page, 'Regressions').locator('.pane-header'));
    await viewPane(page, 'Regressions').locator('.pane-header .action-label[aria-label="Show as Worklist"]').waitFor();
  });

  it("opens a cluster's typical comparison at its first divergence, with the summary above the lanes", async () => {
    const page = workbench.page;
    const row = await revealTreeRow(page, 'Regressions', SCRIPT_VARIANT, 60_000);
    await treeRowContextAction(page, row, 'Open Comparison at First Divergence');
    const frame = webviewFrame(page);
    const summary = frame.getByRole('region', { name: 'First divergence' });
    await expect
      .poll(() => summary.innerText(), { timeout: 60_000 })
      .toBe('First divergence: row 1 — different arguments of read Contacts.search_contacts: query "Zhang Wei" → "张伟"; the result differs');
    await expect.poll(() => frame.locator('.row[aria-selected="true"]').getAttribute('data-target'), { timeout: 30_000 }).toBe('row:1');
    expect(await frame.locator('.row[data-target="row:1"] .lane--target').innerText()).toContain('张伟');
    await screenshot(page, 'clusters-first-divergence');
  });

  it('labels every regression of a cluster with one decision, one record each', async () => {
    const page = workbench.page;
    const before = labelRecords(examples.dir).length;
    const row = await revealTreeRow(page, 'Regressions', SCRIPT_VARIANT, 60_000);
    await treeRowContextAction(page, row, 'Label Cluster…');
    const title = page.locator('.quick-input-widget .quick-input-title');
    await expect.poll(() => title.innerText(), { timeout: 30_000 }).toBe(`Label 3 regressions: ${SCRIPT_VARIANT}`);
    await acceptQuickItem(page, 'T4', 'T4');
    await acceptQuickItem(page, 'high', 'high');
    const note = page.locator('.quick-input-widget .quick-input-box input');
    await note.fill('name written in another script than the contacts');
    await note.press('Enter');

    await expect.poll(() => labelRecords(examples.dir).length, { timeout: 30_000 }).toBe(before + 3);
    const added = labelRecords(examples.dir).slice(before);
    expect(added.map((r) => r.item.language).sort()).toEqual(['cmn', 'hin', 'jpn']);
    for (const record of added) {
      expect(record).toMatchObject({ kind: 'label', item: { group: GROUP, run: null }, code: 'T4', confidence: 'high', annotator: ANNOTATOR });
    }
    // Each member shows its label.
    await expandTreeRow(page, 'Regressions', SCRIPT_VARIANT);
    await expect
      .poll(async () => (await treeRows(page, 'Regressions')).filter((r) => r.level === 2).map((r) => r.description), { timeout: 30_000 })
      .toEqual(Array(3).fill(expect.stringMatching(/🏷 T4/)));
  });
});
