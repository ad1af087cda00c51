// The README's pictures, taken from the real views in code-server on a copy of the generated examples, in the light
// and the dark theme, so they show what the extension shows today: the Runs and Regressions views, the regressions
// grouped by cause, the compare view of a planted regression at its first divergence, the matrix and the review panel.
// Each shot first checks what a reader of the README would look for in it, then waits until the window stops changing.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './codeServer';
import { cliJson, regressionsOf } from './examples';
import {
  expandTreeRow,
  openTrajectoryLens,
  pointAt,
  revealTreeRow,
  runCommand,
  treeRowContextAction,
  treeRows,
  useExamplesWorkspace,
  useWorkbench,
  viewPane,
  webviewFrame,
  widenSideBar,
} from './workbench';

const imagesDir = join(repoRoot, 'docs', 'images');
const VIEWPORT = { width: 1400, height: 850 };
/** The planted regression the pictures follow: a contact searched in another script than the data holds. */
const GROUP = 'agent-a/execution/scn_email_budget';
const SCENARIO = 'scn_email_budget';
const LANGUAGE = 'jpn';
/** Wide enough for the clusters' titles and counts. */
const SIDE_BAR_WIDTH = 760;

const themes = [
  { name: 'light', colorTheme: 'Default Light Modern', kind: 'vs' },
  { name: 'dark', colorTheme: 'Default Dark Modern', kind: 'vs-dark' },
] as const;

const examples = useExamplesWorkspace(undefined, { 'trajectoryLens.annotator': 'Docs Reviewer' });

beforeAll(() => {
  // Two labelled regressions, so the review panel has a queue to show.
  const labels: [group: string, code: string][] = [
    [GROUP, 'T4'],
    ['agent-a/execution/scn_yoga_cleanup', 'A2'],
  ];
  for (const [group, code] of labels) {
    execFileSync(
      process.execPath,
      [join(repoRoot, 'dist', 'cli.js'), 'label', examples.dir, '--group', group, '--language', LANGUAGE, '--code', code, '--annotator', 'Docs Labeller'],
      { encoding: 'utf8' },
    );
  }
});

/** Dismisses notification toasts, which would cover the views. */
async function clearNotifications(page: Page): Promise<void> {
  const toasts = page.locator('.notifications-toasts .notification-toast');
  if ((await toasts.count()) === 0) return;
  await runCommand(page, 'Notifications: Clear All Notifications');
  await toasts.first().waitFor({ state: 'detached' });
}

/**
 * Writes docs/images/<name>.png once two consecutive captures are identical (highlighting, fonts and lazy rows have
 * arrived), with the mouse parked where it opens no hover and the caret hidden.
 */
async function saveShot(page: Page, name: string, clip?: { x: number; y: number; width: number; height: number }): Promise<void> {
  await clearNotifications(page);
  await page.mouse.move(VIEWPORT.width - 1, VIEWPORT.height - 40);
  let previous: Buffer | undefined;
  for (let attempt = 0; attempt < 40; attempt++) {
    const capture = await page.screenshot({ animations: 'disabled', caret: 'hide', ...(clip ? { clip } : {}) });
    if (previous?.equals(capture)) {
      mkdirSync(imagesDir, { recursive: true });
      writeFileSync(join(imagesDir, `${name}.png`), capture);
      return;
    }
    previous = capture;
  }
  throw new Error(`${name}: the window never stopped changing`);
}

/** Waits for the webview's fonts, the icon font too: it loads only once an icon is drawn, after the first paint. */
async function webviewFontsLoaded(frame: FrameLocator): Promise<void> {
  await frame.locator('body').evaluate(async (body) => {
    await body.ownerDocument.fonts.load('16px codicon');
    await body.ownerDocument.fonts.ready;
  });
}

async function closeEditors(page: Page): Promise<void> {
  await runCommand(page, 'View: Close All Editors');
  await expect.poll(() => page.locator('.tabs-container .tab').count()).toBe(0);
}

/** Clicks an action of the Regressions view's title bar (shown while the pointer is over the view). */
async function clickRegressionsAction(page: Page, label: string): Promise<void> {
  const pane = viewPane(page, 'Regressions');
  await pointAt(page, pane.locator('.pane-header'));
  await pane.locator(`.pane-header .action-label[aria-label="${label}"]`).click();
}

interface ClustersJson {
  clusters: { members: unknown[] }[];
}

interface FirstDivergence {
  firstDivergence: { summary: string; row: number | null };
}

for (const theme of themes) {
  describe(`README screenshots (${theme.name} theme)`, () => {
    const workbench = useWorkbench(
      () => examples.open(true, { 'workbench.colorTheme': theme.colorTheme }),
      async (page) => {
        await page.setViewportSize(VIEWPORT);
        await page.locator(`.monaco-workbench.${theme.kind}`).waitFor();
        await openTrajectoryLens(page);
        await widenSideBar(page, SIDE_BAR_WIDTH);
      },
    );
    const shot = (page: Page, view: string): Promise<void> => saveShot(page, `${view}-${theme.name}`);
    /** The activity bar and the side bar alone: the tree views are the picture. */
    const sideBarShot = async (page: Page, view: string): Promise<void> => {
      const box = await page.locator('.part.sidebar').boundingBox();
      if (!box) throw new Error('the side bar is not shown');
      await saveShot(page, `${view}-${theme.name}`, { x: 0, y: 0, width: Math.round(box.x + box.width), height: VIEWPORT.height });
    };

    it('Runs and Regressions views: a regressed scenario expanded, the worklist beside it', async () => {
      const page = workbench.page;
      const regressions = regressionsOf(examples.dir).length;
      await expect.poll(async () => (await treeRows(page, 'Regressions')).length, { timeout: 60_000 }).toBe(regressions);
      await expandTreeRow(page, 'Runs', SCENARIO);
      await expect
        .poll(async () => (await treeRows(page, 'Runs')).filter((r) => r.level === 3).map((r) => r.label))
        .toContain(`${LANGUAGE} 0/3`);
      await revealTreeRow(page, 'Regressions', `${SCENARIO} · ${LANGUAGE}`);
      // Both trees from their first row.
      for (const view of ['Runs', 'Regressions']) {
        await pointAt(page, viewPane(page, view).locator('.monaco-list').first());
        await page.mouse.wheel(0, -1_000_000);
      }
      await sideBarShot(page, 'worklist');
    });

    it('Regressions grouped by cause, largest cluster first', async () => {
      const page = workbench.page;
      const expected = cliJson<ClustersJson>(['clusters', examples.dir]).clusters;
      const largest = expected[0]?.members.length ?? 0;
      expect(largest, 'the examples have a cluster of several regressions').toBeGreaterThan(1);
      await clickRegressionsAction(page, 'Group by Cause');
      const clusters = async () => (await treeRows(page, 'Regressions')).filter((r) => r.level === 1);
      await expect.poll(async () => (await clusters()).length, { timeout: 120_000 }).toBe(expected.length);
      expect((await clusters())[0]?.description).toMatch(new RegExp(`^${largest} regressions · `));
      await sideBarShot(page, 'clusters');
      await clickRegressionsAction(page, 'Show as Worklist');
      const regressions = regressionsOf(examples.dir).length;
      await expect.poll(async () => (await treeRows(page, 'Regressions')).length, { timeout: 60_000 }).toBe(regressions);
    });

    it('compare view of the planted regression, at its first divergence', async () => {
      const page = workbench.page;
      const expected = cliJson<FirstDivergence>(['compare', examples.dir, '--group', GROUP, '--language', LANGUAGE]).firstDivergence;
      const row = await revealTreeRow(page, 'Regressions', `${SCENARIO} · ${LANGUAGE}`, 60_000);
      await treeRowContextAction(page, row, 'Compare with Baseline');
      const frame = webviewFrame(page);
      const summary = frame.getByRole('region', { name: 'First divergence' });
      await expect.poll(() => summary.innerText(), { timeout: 60_000 }).toBe(expected.summary);
      // The lanes get the whole window (also the matrix and the review panel after it).
      await runCommand(page, 'View: Close Primary Side Bar');
      await page.locator('.part.sidebar').waitFor({ state: 'hidden' });
      await expect
        .poll(() => frame.locator('.row[aria-selected="true"]').getAttribute('data-target'), { timeout: 30_000 })
        .toBe(`row:${expected.row}`);
      await frame.locator('.row[aria-selected="true"]').scrollIntoViewIfNeeded();
      await webviewFontsLoaded(frame);
      await shot(page, 'compare');
    });

    it('matrix: agents by languages, grouped by capability', async () => {
      const page = workbench.page;
      await closeEditors(page);
      await runCommand(page, 'Trajectory Lens: Show Matrix');
      const frame: FrameLocator = webviewFrame(page);
      await frame.locator('.matrix-row').first().waitFor({ timeout: 60_000 });
      const cell = frame.locator(`[role="gridcell"][aria-label^="agent-a, ${LANGUAGE}, "]`).first();
      await expect.poll(() => cell.locator('.mx-value').textContent(), { timeout: 30_000 }).toMatch(/^\d+%$/);
      await webviewFontsLoaded(frame);
      // One agent's matrix and its decomposition fill the upper part of the window.
      await saveShot(page, `matrix-${theme.name}`, { x: 0, y: 0, width: VIEWPORT.width, height: 560 });
    });

    it('review panel: a sampled label with its evidence', async () => {
      const page = workbench.page;
      await closeEditors(page);
      await runCommand(page, 'Trajectory Lens: Start Review');
      const widget = page.locator('.quick-input-widget');
      for (const title of ['items per stratum', 'seed']) {
        await widget.locator('.quick-input-title', { hasText: title }).waitFor();
        await widget.locator('.quick-input-box input').press('Enter');
      }
      const frame = webviewFrame(page);
      await expect.poll(() => frame.locator('.review-position').textContent(), { timeout: 60_000 }).toBe('1 / 2');
      expect(await frame.locator('.review-label').innerText()).toContain('by Docs Labeller');
      await frame.locator('.review-evidence').waitFor();
      expect(await frame.locator('.review-oracle li').count()).toBeGreaterThan(0);
      await webviewFontsLoaded(frame);
      await shot(page, 'review');
    });
  });
}
