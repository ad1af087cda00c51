// Labelling a regression in a real VS Code (code-server + Chromium) on a copy of the generated examples: the code is
// picked from the taxonomy with the automatic prior offered first, the label shows in the Regressions view, and exactly
// one record is appended to .trajectory-lens/labels.jsonl. In Restricted Mode labelling is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { parseLabels } from '../../src/core/triage/labelStore';
import { installExtension, type InstalledExtension } from './codeServer';
import { copyExamples, type ExamplesCopy } from './examples';
import {
  openTrajectoryLens,
  openWorkbenchSession,
  problems,
  revealTreeRow,
  screenshot,
  treeRowContextAction,
  treeRows,
  type Workbench,
  type WorkbenchSession,
} from './workbench';

const SCENARIO = 'scn_email_budget';
const GROUP = `agent-a/execution/${SCENARIO}`;
const ROW = `${SCENARIO} · jpn`;
const ANNOTATOR = 'E2E Tester';
/** What Restricted Mode says when labelling is tried (the start of the warning). */
const READ_ONLY_MESSAGE = 'Trajectory Lens is read-only in Restricted Mode';
const NOTE = 'the contact name is transliterated differently in the task';

let extension: InstalledExtension | undefined;
let examples: ExamplesCopy;

beforeAll(async () => {
  examples = copyExamples();
  extension = await installExtension();
});

afterAll(() => {
  extension?.dispose();
  examples?.dispose();
});

function openExamples(trusted: boolean): Promise<WorkbenchSession> {
  if (!extension) throw new Error('extension not installed');
  return openWorkbenchSession(examples.dir, {
    extensionsDir: extension.extensionsDir,
    trusted,
    settings: { 'trajectoryLens.annotator': ANNOTATOR },
  });
}

function labelsFile(): string {
  return join(examples.dir, '.trajectory-lens', 'labels.jsonl');
}

/** The labels of the rows of the open quick pick, once it shows any. */
async function quickPickLabels(page: Page): Promise<string[]> {
  const rows = page.locator('.quick-input-widget .quick-input-list .monaco-list-row .label-name');
  await rows.first().waitFor();
  return rows.evaluateAll((elements) => elements.map((e) => e.textContent?.trim() ?? ''));
}

/** Filters the open quick pick by `query` and accepts the row labelled exactly `label`. */
async function pickQuickItem(page: Page, query: string, label: string): Promise<void> {
  const widget = page.locator('.quick-input-widget');
  await widget.locator('.quick-input-box input').fill(query);
  const row = widget
    .locator('.quick-input-list .monaco-list-row')
    .filter({ has: page.locator('.label-name', { hasText: new RegExp(`^${label}$`) }) })
    .first();
  await row.click();
  await row.waitFor({ state: 'hidden' });
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
  let session: WorkbenchSession | undefined;
  let workbench: Workbench;

  beforeAll(async () => {
    session = await openExamples(true);
    workbench = session.workbench;
    await openTrajectoryLens(workbench.page);
  });

  afterAll(async () => {
    await session?.close();
  });

  it('labels a regression with a code, a confidence and a note, shows it and appends exactly one record', async () => {
    const page = workbench.page;
    const row = await regressionRow(page);
    await treeRowContextAction(page, row, 'Label Failure…');

    // The automatic prior comes first, as a suggestion to accept or pass over, above the taxonomy by family.
    await expect.poll(async () => (await quickPickLabels(page))[0] ?? '', { timeout: 30_000 }).toMatch(/^Suggested: [A-Z]\d — /);
    expect(await quickPickLabels(page)).toEqual(expect.arrayContaining(['I1', 'T4', 'K1', 'A2', 'E1']));
    await screenshot(page, 'label-code-pick');
    await pickQuickItem(page, 'T4', 'T4');
    await pickQuickItem(page, 'high', 'high');
    const note = page.locator('.quick-input-widget .quick-input-box input');
    await note.fill(NOTE);
    await note.press('Enter');

    await expect.poll(() => descriptionOf(page, 'Regressions', ROW), { timeout: 30_000 }).toMatch(/· 🏷 T4$/);
    await screenshot(page, 'label-shown');

    const { records, diagnostics } = parseLabels(readFileSync(labelsFile(), 'utf8'));
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
    appendFileSync(labelsFile(), '{"schema":1,"id":"cut');
    await expect
      .poll(async () => (await problems(page)).some((r) => r.text.includes('incomplete last line')), { timeout: 30_000 })
      .toBe(true);
    await expect.poll(() => descriptionOf(page, 'Regressions', ROW), { timeout: 30_000 }).toMatch(/· 🏷 T4$/);
  });
});

describe('Labelling in Restricted Mode (untrusted folder)', () => {
  let session: WorkbenchSession | undefined;
  let workbench: Workbench;

  beforeAll(async () => {
    session = await openExamples(false);
    workbench = session.workbench;
  });

  afterAll(async () => {
    await session?.close();
  });

  it('offers no labelling on the items and refuses the keybinding with the read-only message', async () => {
    const page = workbench.page;
    await page.locator('.statusbar-item', { hasText: 'Restricted Mode' }).waitFor();
    await openTrajectoryLens(page);
    const before = existsSync(labelsFile()) ? readFileSync(labelsFile(), 'utf8') : '';
    const row = await regressionRow(page);
    await row.click({ button: 'right' });
    await page.locator('.monaco-menu .action-item').first().waitFor();
    expect(await page.locator('.monaco-menu .action-label', { hasText: 'Label Failure…' }).count()).toBe(0);
    await page.keyboard.press('Escape');

    await page.keyboard.press('l');
    await page.locator('.notifications-toasts', { hasText: READ_ONLY_MESSAGE }).waitFor({ timeout: 15_000 });
    await screenshot(page, 'label-restricted-mode');
    expect(existsSync(labelsFile()) ? readFileSync(labelsFile(), 'utf8') : '').toBe(before);
  });
});
