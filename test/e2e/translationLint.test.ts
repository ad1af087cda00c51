// The translation lint in a real VS Code (code-server + Chromium) on a copy of the SEATau example, whose Thai task file
// carries the planted translation defects: the altered reservation id shows in the Problems panel with its message at
// its line and column, opening it selects the altered span, and the quick fix labels the task as a translation defect —
// exactly one record appended, the label shown on the tree item; correcting the file clears the problem. In Restricted
// Mode the quick fix is refused.
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { cliJson, groundTruth, labelRecords } from './examples';
import {
  expandTreeRow,
  openTrajectoryLens,
  problems,
  reloadWindow,
  revealTreeRow,
  runCommand,
  screenshot,
  treeRows,
  useExamplesWorkspace,
  useWorkbench,
  webviewFrame,
} from './workbench';

const ANNOTATOR = 'E2E Tester';
const READ_ONLY_MESSAGE = 'Trajectory Lens is read-only in Restricted Mode';
const GROUP = 'data/simulations/airline_gpt-4.1_gpt-4.1#27';
const QUICK_FIX = 'Label task 27 · tha as T4 translation defect';

interface LintRow {
  file: string;
  line: number;
  column: number;
  code: string;
  message: string;
  source: string;
  translation: string | null;
}

interface PlantedDefect {
  path: string;
  scenarioId: string;
  code: string;
  source: string;
  translation: string;
}

const examples = useExamplesWorkspace('tau2-seatau', { 'trajectoryLens.annotator': ANNOTATOR });
/** The planted altered reservation id, as lint-translation reports it on the copy. */
let planted: LintRow;

beforeAll(() => {
  const truth = groundTruth(examples.dir) as { phenomena: Array<{ id: string; evidence?: PlantedDefect[] }> };
  const defect = truth.phenomena.find((p) => p.id === 'translation_defects')?.evidence?.find((e) => e.scenarioId === '27');
  if (defect === undefined) throw new Error('the SEATau ground truth names no planted translation defect in task 27');
  const rows = cliJson<LintRow[]>(['lint-translation', examples.dir]);
  const row = rows.find((r) => r.file === defect.path && r.code === defect.code && r.translation === defect.translation);
  if (row === undefined) throw new Error(`lint-translation does not report the planted defect: ${JSON.stringify(rows)}`);
  planted = row;
});

/** The planted problem's row in the Problems panel, once the lint has published it. */
async function plantedProblem(page: Page): Promise<Locator> {
  await expect
    .poll(async () => (await problems(page)).some((r) => r.text.includes(planted.message)), { timeout: 60_000 })
    .toBe(true);
  return page.locator('.markers-panel .monaco-list-row', { hasText: planted.message }).first();
}

/**
 * Opens the translated file at the problem from the Problems panel (a double click, as a user would), waiting until
 * the cursor is on the problem's line: an editor restored from an earlier window is focused before it gets there.
 */
async function openAtProblem(page: Page, row: Locator): Promise<void> {
  await row.dblclick();
  await page.locator('.editor-group-container.active .monaco-editor.focused').waitFor();
  const cursor = page.locator('.statusbar-item[id="status.editor.selection"]');
  await expect.poll(async () => (await cursor.textContent()) ?? '', { timeout: 15_000 }).toMatch(new RegExp(`^Ln ${planted.line}, `));
}

/**
 * Opens the translated file at the problem, then the quick fixes there with Ctrl+. — again if the menu came up before
 * the editor had the problem's markers (on a busy machine it then lists only "No code actions available").
 */
async function openQuickFixes(page: Page, row: Locator): Promise<Locator> {
  await openAtProblem(page, row);
  const action = page.locator('.action-widget .monaco-list-row', { hasText: QUICK_FIX }).first();
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press('Control+.');
    try {
      await action.waitFor({ timeout: 10_000 });
      return action;
    } catch (error) {
      if (attempt === 3) {
        const shown = await page.locator('.action-widget .monaco-list-row').allInnerTexts();
        throw new Error(`the quick fix menu lists ${JSON.stringify(shown)}, not "${QUICK_FIX}"`, { cause: error });
      }
      await page.keyboard.press('Escape');
    }
  }
}

describe('Translation lint in the Problems panel (trusted folder)', () => {
  const workbench = useWorkbench(() => examples.open(true), openTrajectoryLens);

  it('shows the planted defect with its message, source, code and place', async () => {
    const page = workbench.page;
    const row = await plantedProblem(page);
    const text = (await row.textContent()) ?? '';
    expect(text).toContain(planted.message);
    expect(text).toContain('Trajectory Lens');
    expect(text).toContain('frozen-span-changed');
    expect(text).toContain(`[Ln ${planted.line}, Col ${planted.column}]`);
    await screenshot(page, 'translation-lint-problems');
  });

  it('opens the translated file with the altered span selected at the line and column', async () => {
    const page = workbench.page;
    await openAtProblem(page, await plantedProblem(page));
    const tab = page.locator('.tabs-container .tab.active');
    await expect.poll(async () => (await tab.getAttribute('aria-label')) ?? '').toContain('tasks.json');
    // The selection covers the span; the cursor ends it.
    const translation = planted.translation ?? '';
    const selection = page.locator('.statusbar-item[id="status.editor.selection"]');
    await expect
      .poll(async () => (await selection.textContent()) ?? '', { timeout: 15_000 })
      .toBe(`Ln ${planted.line}, Col ${planted.column + translation.length} (${translation.length} selected)`);
    // Find seeds its query from the selection: the selected text is the altered reservation id.
    await page.keyboard.press('Control+F');
    const query = page.locator('.editor-group-container.active .find-widget.visible .find-part .input').first();
    await expect.poll(() => query.inputValue()).toBe(translation);
    await page.keyboard.press('Escape');
    await screenshot(page, 'translation-lint-selection');
  });

  it('labels task 27 in Thai as a T4 translation defect from the quick fix, once, with the finding in the note', async () => {
    const page = workbench.page;
    const before = labelRecords(examples.dir);
    const action = await openQuickFixes(page, await plantedProblem(page));
    await screenshot(page, 'translation-lint-quick-fix');
    await action.click();

    await expect.poll(() => labelRecords(examples.dir).length, { timeout: 30_000 }).toBe(before.length + 1);
    const record = labelRecords(examples.dir).at(-1);
    expect(record).toMatchObject({
      kind: 'label',
      item: { group: GROUP, language: 'tha', run: null },
      code: 'T4',
      annotator: ANNOTATOR,
    });
    expect(record?.note).toContain(`${planted.file}:${planted.line}:${planted.column}`);
    expect(record?.note).toContain(planted.message);

    await openTrajectoryLens(page);
    await expandTreeRow(page, 'Runs', 'task 27');
    await revealTreeRow(page, 'Runs', 'tha 2/2');
    await expect
      .poll(async () => (await treeRows(page, 'Runs')).find((r) => r.label === 'tha 2/2')?.description ?? '', { timeout: 30_000 })
      .toMatch(/🏷 T4$/);
    await screenshot(page, 'translation-lint-labelled');
    expect(labelRecords(examples.dir)).toHaveLength(before.length + 1);
  });

  it('clears the problem once the translation is corrected on disk, keeping the others', async () => {
    const page = workbench.page;
    const file = join(examples.dir, planted.file);
    const original = readFileSync(file, 'utf8');
    writeFileSync(file, original.replace(planted.translation ?? '', planted.source));
    try {
      await expect
        .poll(async () => (await problems(page)).map((r) => r.text).join('\n'), { timeout: 60_000 })
        .not.toContain(planted.message);
      expect((await problems(page)).some((r) => r.text.includes('frozen-span-changed'))).toBe(false);
      expect((await problems(page)).some((r) => r.text.includes('value-changed'))).toBe(true);
    } finally {
      // The Restricted Mode session below opens the same copy and needs the planted defect.
      writeFileSync(file, original);
    }
  });
  it('shows the source beside the translation from the problem\'s code action, the altered row marked, and opens the file there', async () => {
    const page = workbench.page;
    await openAtProblem(page, await plantedProblem(page));
    await page.keyboard.press('Control+.');
    await page.locator('.action-widget .monaco-list-row', { hasText: 'Show source side by side' }).first().click();
    const frame = webviewFrame(page);
    const row = frame.locator('.tr-row.tr-marked', { hasText: planted.translation ?? '' });
    await row.waitFor({ timeout: 60_000 });
    await page.getByRole('tab', { name: /^Translation: th\/tasks\.json \(tha\)/ }).waitFor();
    // It opens at the finding's row: that one row selected, focused and scrolled into view.
    await expect.poll(() => row.evaluate((e) => document.activeElement === e), { timeout: 15_000 }).toBe(true);
    expect(await row.getAttribute('aria-current')).toBe('true');
    expect(await frame.locator('.tr-row.tr-selected').count()).toBe(1);
    expect(await row.evaluate((e) => e.getBoundingClientRect().top >= 0 && e.getBoundingClientRect().bottom <= window.innerHeight)).toBe(true);
    await screenshot(page, 'translation-side-by-side-at-finding');
    expect(await row.locator('.tr-source').innerText()).toContain(planted.source);
    expect(await row.locator('.tr-translation').innerText()).toContain(planted.translation ?? '');
    expect(await row.locator('.tr-finding').innerText()).toBe(`frozen-span-changed ${planted.message}`);
    expect(await frame.locator('.tr-row.tr-marked').count()).toBe(2);
    await frame.getByLabel('Only rows with problems').check();
    await expect.poll(() => frame.locator('.tr-row').count()).toBe(2);
    await screenshot(page, 'translation-side-by-side');
    await row.click();
    const selection = page.locator('.statusbar-item[id="status.editor.selection"]');
    await expect.poll(async () => (await selection.textContent()) ?? '', { timeout: 15_000 }).toMatch(new RegExp(`^Ln ${planted.line}, Col \\d+$`));
  });

  it('keeps the side-by-side panel, on the same file and row, across a window reload', async () => {
    const page = workbench.page;
    await reloadWindow(page);
    await page.getByRole('tab', { name: /^Translation: th\/tasks\.json \(tha\)/ }).waitFor({ timeout: 60_000 });
    const frame = webviewFrame(page);
    const row = frame.locator('.tr-row.tr-selected');
    await row.waitFor({ timeout: 60_000 });
    expect(await row.locator('.tr-translation').innerText()).toContain(planted.translation ?? '');
    expect(await frame.locator('.tr-title').innerText()).toContain(planted.file);
    expect(await frame.locator('.tr-row.tr-marked').count()).toBe(2);
    await screenshot(page, 'translation-side-by-side-after-reload');
  });
});

describe('Translation lint quick fix in Restricted Mode (untrusted folder)', () => {
  const workbench = useWorkbench(() => examples.open(false));

  it('still shows the problem but refuses to label, with the read-only message', async () => {
    const page = workbench.page;
    await page.locator('.statusbar-item', { hasText: 'Restricted Mode' }).waitFor();
    await runCommand(page, 'View: Focus Problems (Errors, Warnings, Infos)');
    const before = labelRecords(examples.dir);
    const action = await openQuickFixes(page, await plantedProblem(page));
    await action.click();
    await page.locator('.notifications-toasts', { hasText: READ_ONLY_MESSAGE }).waitFor({ timeout: 15_000 });
    await screenshot(page, 'translation-lint-restricted-mode');
    expect(labelRecords(examples.dir)).toEqual(before);
  });
});
