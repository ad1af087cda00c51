// Playwright helpers that drive the VS Code web workbench the way a user does: activity bar, views, command palette, panels.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { getCurrentTest } from 'vitest/suite';
import { launchChromium } from '../chromium';
import { installExtension, repoRoot, startCodeServer, type CodeServer, type CodeServerOptions } from './codeServer';
import { copyExamples, type ExamplesCopy } from './examples';

const screenshotDir = join(repoRoot, '.cache', 'screenshots');

export interface Workbench {
  page: Page;
  close(): Promise<void>;
}

/** Opens `folder` (absolute path) in the workbench and waits until the extension host has finished activating. */
export async function openWorkbench(server: CodeServer, folder: string): Promise<Workbench> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    await page.goto(server.urlFor(folder));
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    await page.locator('.statusbar').getByText('Activating Extensions...').waitFor({ state: 'detached', timeout: 60_000 });
    return { page, close: () => browser.close() };
  } catch (error) {
    await browser.close();
    throw new Error(`the workbench did not open: ${String(error)}\ncode-server said:\n${server.logTail()}`, { cause: error });
  }
}

declare module 'vitest' {
  interface TaskMeta {
    /** Names of the UI steps that passed only on a second or later try; `npm test` lists such tests in its summary. */
    retriedSteps?: string[];
  }
}

/** Steps retried in a `beforeAll` (no test running yet): they are charged to the next test of that block. */
const retriedBeforeATest: string[] = [];

function recordRetriedStep(name: string): void {
  const test = getCurrentTest();
  if (!test) retriedBeforeATest.push(name);
  else (test.meta.retriedSteps ??= []).push(name);
}

/**
 * Runs a UI step that is racy by nature (a quick pick that misses the first query, a context menu opened while its tree
 * re-renders): `action`, then `check` waits for its effect; on a miss `reset` puts the UI back and the step runs again,
 * up to `attempts` times. Only the step is retried, never the test; a step that needed a retry is recorded on the running
 * test, so the suite's summary names every test that passed only thanks to one.
 */
export async function retryStep(
  name: string,
  action: () => Promise<void>,
  check: () => Promise<boolean>,
  { attempts = 5, reset }: { attempts?: number; reset?: () => Promise<void> } = {},
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await action();
    if (await check()) {
      if (attempt > 1) recordRetriedStep(name);
      return;
    }
    if (attempt === attempts) throw new Error(`${name}: not done after ${attempts} tries`);
    await reset?.();
  }
}

/** Whether `target` reaches `state` within `timeout` ms. */
function reaches(target: Locator, timeout: number, state: 'visible' | 'attached' = 'visible'): Promise<boolean> {
  return target
    .waitFor({ state, timeout })
    .then(() => true)
    .catch(() => false);
}

/**
 * Waits until `read` gives something other than `before` (a list re-rendered after a scroll), for at most `timeout` ms;
 * at the end of a list nothing changes, and the caller's own check then sees that.
 */
async function settledAfter<T>(read: () => Promise<T>, before: T, timeout = 2_000): Promise<void> {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline && (await read()) === before) await new Promise((r) => setTimeout(r, 25));
}

/** The data-index of the first row a virtualised tree has rendered (-1 when it shows none). */
function firstRenderedRow(list: Locator): Promise<number> {
  return list
    .locator('.monaco-list-row')
    .evaluateAll((rows) => Math.min(...rows.map((row) => Number(row.getAttribute('data-index')))))
    .then((index) => (Number.isFinite(index) ? index : -1));
}

/** A RegExp matching exactly `text`. */
function exactly(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}

/**
 * Puts the mouse over an element without Playwright's actionability checks: a hover left open by an earlier click
 * (an activity bar tooltip) would otherwise block it, and moving the mouse away is what closes that hover.
 */
export async function pointAt(page: Page, target: Locator): Promise<void> {
  const box = await target.boundingBox();
  if (!box) throw new Error('element is not on screen');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
}

/**
 * Types into the open quick input and accepts the entry whose label is exactly `label` (the fuzzy order varies). Right
 * after start-up the command palette may not list an extension's commands yet and does not refresh an unchanged query,
 * so the query is typed again until the entry shows.
 */
export async function acceptQuickItem(page: Page, query: string, label: string, attempts = 10): Promise<void> {
  const widget = page.locator('.quick-input-widget');
  const input = widget.locator('.quick-input-box input');
  const row = widget
    .locator('.quick-input-list .monaco-list-row')
    .filter({ has: page.locator('.label-name', { hasText: exactly(label) }) })
    .first();
  await retryStep(`quick input offers "${label}"`, () => input.fill(query), () => reaches(row, 3_000), {
    attempts,
    reset: () => input.fill(query.startsWith('>') ? '>' : ''),
  });
  await row.click();
  // Accepted once the entry is gone: the widget closed or shows the next quick pick (a command may open one).
  await row.waitFor({ state: 'hidden' });
}

/** Runs a command palette entry by its exact title (e.g. "Trajectory Lens: Refresh"). */
export async function runCommand(page: Page, title: string): Promise<void> {
  await page.keyboard.press('F1');
  await acceptQuickItem(page, `>${title}`, title);
}

/** Opens the Trajectory Lens container in the activity bar. */
export async function openTrajectoryLens(page: Page): Promise<void> {
  const item = page.locator('.activitybar .action-item', { has: page.locator('.action-label[aria-label^="Trajectory Lens"]') });
  // A click on the container already shown would close the side bar.
  if ((await item.getAttribute('aria-selected')) !== 'true') await item.click();
  await viewPane(page, 'Runs').waitFor();
  await widenSideBar(page, 560);
}

/** Drags the side bar's edge so tree descriptions (the per-language counts) show in full on screenshots. */
export async function widenSideBar(page: Page, width: number): Promise<void> {
  const box = await page.locator('.part.sidebar').boundingBox();
  if (!box || box.width >= width) return;
  const edge = box.x + box.width;
  await page.mouse.move(edge, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + width, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
}

/** The pane of a view in the side bar, found by its title ("Runs", "Regressions"). */
export function viewPane(page: Page, title: string): Locator {
  return page
    .locator('.sidebar .pane')
    .filter({ has: page.locator('.pane-header .title', { hasText: exactly(title) }) });
}

export interface TreeRow {
  label: string;
  description: string;
  /** 1 for top-level items. */
  level: number;
  /** null when the item has no children. */
  expanded: boolean | null;
}

/**
 * All rows of a tree view, top to bottom. The tree renders only the rows on screen, so this scrolls it through
 * and collects rows by their position.
 */
export async function treeRows(page: Page, viewTitle: string): Promise<TreeRow[]> {
  const list = viewPane(page, viewTitle).locator('.monaco-list').first();
  if (!(await list.isVisible())) return [];
  await pointAt(page, list);
  await page.mouse.wheel(0, -1_000_000);
  const byIndex = new Map<number, TreeRow>();
  for (let pass = 0; pass < 1000; pass++) {
    const visible = await list.locator('.monaco-list-row').evaluateAll((elements) =>
      elements.map((row) => {
        const expanded = row.getAttribute('aria-expanded');
        return {
          index: Number(row.getAttribute('data-index')),
          last: row.getAttribute('data-last-element') === 'true',
          row: {
            label: row.querySelector('.label-name')?.textContent?.trim() ?? '',
            description: row.querySelector('.label-description')?.textContent?.trim() ?? '',
            level: Number(row.getAttribute('aria-level') ?? '1'),
            expanded: expanded === null ? null : expanded === 'true',
          },
        };
      }),
    );
    for (const { index, row } of visible) byIndex.set(index, row);
    if (visible.length === 0 || visible.some((v) => v.last)) break;
    const first = await firstRenderedRow(list);
    await page.mouse.wheel(0, 300);
    await settledAfter(() => firstRenderedRow(list), first);
  }
  await page.mouse.wheel(0, -1_000_000);
  return [...byIndex].sort(([a], [b]) => a - b).map(([, row]) => row);
}

function rowLabelled(page: Page, viewTitle: string, label: string): Locator {
  return viewPane(page, viewTitle)
    .locator('.monaco-list-row')
    .filter({ has: page.locator('.label-name', { hasText: exactly(label) }) })
    .first();
}

/** The row labelled exactly `label`, scrolled into view; waits for it to appear (trees fill in asynchronously). */
export async function revealTreeRow(page: Page, viewTitle: string, label: string, timeout = 30_000): Promise<Locator> {
  const row = rowLabelled(page, viewTitle, label);
  const list = viewPane(page, viewTitle).locator('.monaco-list').first();
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    if ((await row.count()) > 0) return row;
    // While the view is still loading it shows a message instead of its (hidden) tree, and a freshly shown tree may
    // not be laid out yet: wait for it to have a box before scrolling it.
    const box = (await list.isVisible()) ? await list.boundingBox() : null;
    if (!box) {
      await reaches(list, Math.max(1, Math.min(5_000, deadline - Date.now())));
      continue;
    }
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const atEnd = (await list.locator('.monaco-list-row[data-last-element="true"]').count()) > 0;
    const first = await firstRenderedRow(list);
    await page.mouse.wheel(0, atEnd ? -1_000_000 : 300);
    // Back at the top of a list that fits on screen nothing changes: the row may still arrive, so look again.
    await settledAfter(() => firstRenderedRow(list), first, atEnd ? 250 : 2_000);
  }
  throw new Error(`no row "${label}" in the ${viewTitle} view`);
}

/** Expands a row. A tree refresh (labels or an index update arriving) can re-render the row mid-click: click again. */
export async function expandTreeRow(page: Page, viewTitle: string, label: string): Promise<void> {
  const expanded = viewPane(page, viewTitle)
    .locator('.monaco-list-row[aria-expanded="true"]')
    .filter({ has: page.locator('.label-name', { hasText: exactly(label) }) })
    .first();
  await retryStep(
    `expand "${label}" in ${viewTitle}`,
    async () => {
      const row = await revealTreeRow(page, viewTitle, label);
      if ((await row.getAttribute('aria-expanded')) === 'false') await row.locator('.monaco-tl-twistie').click();
    },
    () => reaches(expanded, 5_000),
  );
}

/**
 * Runs an entry of a tree row's context menu ("Compare with Baseline", "Open Trajectory"). A tree that refreshes while it
 * is clicked (indexing finishing, labels loading) re-renders its rows, and the menu then opens for nothing or for another
 * row: close it and click the row again.
 */
export async function treeRowContextAction(page: Page, row: Locator, action: string, attempts = 5): Promise<void> {
  const item = page.locator('.monaco-menu .action-item .action-label', { hasText: exactly(action) }).first();
  const menu = page.locator('.context-view .monaco-menu');
  await retryStep(`context menu offers "${action}"`, () => row.click({ button: 'right' }), () => reaches(item, 5_000), {
    attempts,
    reset: async () => {
      await page.keyboard.press('Escape');
      // Closed, or left for the next right-click to replace.
      await menu.first().waitFor({ state: 'hidden', timeout: 5_000 }).catch(() => undefined);
    },
  });
  // The menu ignores a click that arrives right after it opened; hovering focuses the entry and Enter runs it.
  await item.hover();
  await page.keyboard.press('Enter');
  await item.waitFor({ state: 'detached' });
}

export interface ProblemRow {
  /** File rows carry the file name; marker rows the message. */
  text: string;
  level: number;
}

/** Everything the Problems panel lists (file rows at level 1, their markers below). */
export async function problems(page: Page): Promise<ProblemRow[]> {
  await runCommand(page, 'View: Focus Problems (Errors, Warnings, Infos)');
  const rows = page.locator('.markers-panel .monaco-list-row');
  await rows.first().waitFor({ timeout: 30_000 });
  return rows.evaluateAll((elements) =>
    elements.map((row) => ({ text: row.textContent ?? '', level: Number(row.getAttribute('aria-level') ?? '1') })),
  );
}

/**
 * How often `text` occurs in the active editor, counted by the editor's own Find widget: the editor renders only the
 * lines on screen, so reading the DOM would miss the rest of a long document.
 */
export async function countInActiveEditor(page: Page, text: string): Promise<number> {
  await page.locator('.editor-group-container.active .monaco-editor').first().click();
  await page.keyboard.press('Control+F');
  const widget = page.locator('.editor-group-container.active .find-widget.visible');
  const input = widget.locator('.find-part .input').first();
  await input.fill(text);
  const count = widget.locator('.matchesCount');
  await page.waitForFunction((el) => /\d|No results/.test(el?.textContent ?? ''), await count.elementHandle());
  const shown = (await count.textContent()) ?? '';
  await page.keyboard.press('Escape');
  return /No results/.test(shown) ? 0 : Number(/of (\d+)/.exec(shown)?.[1] ?? '0');
}

/** The active webview's document (VS Code nests it in two iframes). */
export function webviewFrame(page: Page): FrameLocator {
  return page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
}

export type ThemeKind = 'vs' | 'vs-dark' | 'hc-black' | 'hc-light';

/** Switches the colour theme through "Preferences: Color Theme", as a user would, and waits until the workbench shows it. */
export async function setColorTheme(page: Page, theme: string, kind: ThemeKind): Promise<void> {
  await runCommand(page, 'Preferences: Color Theme');
  await acceptQuickItem(page, theme, theme);
  await page.locator(`.monaco-workbench.${kind}`).waitFor();
}

/** Saves a screenshot into .cache/screenshots/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name}.png`);
  // Park the mouse where it opens no hover, so the picture shows the view and not a tooltip.
  const { width, height } = page.viewportSize() ?? { width: 1, height: 1 };
  await page.mouse.move(width - 1, height / 2);
  await page.waitForTimeout(300);
  await page.screenshot({ path });
  return path;
}

/**
 * Scrolls the view's virtualised list until `target` is rendered, then brings it on screen. Rows change height while
 * the view settles (highlighting arrives after first paint), so a rendered row can leave the rendered window again
 * before it is scrolled to: then keep looking, and sweep the list once more from the top if the end comes first.
 */
export async function revealInCompareView(page: Page, frame: FrameLocator, target: Locator): Promise<Locator> {
  const scroller = frame.locator('.scroller');
  await pointAt(page, scroller);
  let misses = 0;
  for (let sweep = 0; sweep < 2; sweep++) {
    await page.mouse.wheel(0, -1_000_000);
    for (let pass = 0; pass < 200; pass++) {
      if ((await target.count()) > 0) {
        const shown = await target
          .first()
          .scrollIntoViewIfNeeded({ timeout: 2_000 })
          .then(() => true)
          .catch(() => false);
        if (shown) return target.first();
        if (++misses === 5) throw new Error('rendered in the compare view but never on screen');
        continue;
      }
      const atEnd = await scroller.evaluate((el) => el.scrollTop + el.clientHeight >= el.scrollHeight - 1);
      if (atEnd) break;
      const scrollTop = (): Promise<number> => scroller.evaluate((el) => el.scrollTop);
      const before = await scrollTop();
      await page.mouse.wheel(0, 400);
      await settledAfter(scrollTop, before);
    }
  }
  throw new Error('not found in the compare view');
}

/** A code-server of its own with `folder` open in Chromium; `close` ends both, whatever failed. */
export interface WorkbenchSession {
  server: CodeServer;
  workbench: Workbench;
  close(): Promise<void>;
}

export async function openWorkbenchSession(folder: string, options: CodeServerOptions): Promise<WorkbenchSession> {
  const server = await startCodeServer(options);
  try {
    const workbench = await openWorkbench(server, folder);
    const close = async (): Promise<void> => {
      try {
        await workbench.close();
      } finally {
        await server.stop();
      }
    };
    return { server, workbench, close };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/**
 * Opens the compare view of a Regressions view row (`<scenario> · <language>`) from its context menu, as a user would
 * (opening the Trajectory Lens container first), and returns the view's document once its first rows have painted.
 */
export async function openCompareView(page: Page, regression: string): Promise<FrameLocator> {
  await openTrajectoryLens(page);
  const row = await revealTreeRow(page, 'Regressions', regression, 60_000);
  await treeRowContextAction(page, row, 'Compare with Baseline');
  const frame = webviewFrame(page);
  await frame.locator('.row').first().waitFor({ timeout: 60_000 });
  return frame;
}

/** For a test file: a copy of `examples/<name>` and the extension installed before its tests, both removed after. */
export interface ExamplesWorkspace {
  /** Absolute path of the copy (only once the file's tests started). */
  readonly dir: string;
  /** A session on the copy with the file's user settings, and `extraSettings` for this session. */
  open(trusted: boolean, extraSettings?: Record<string, unknown>): Promise<WorkbenchSession>;
}

export function useExamplesWorkspace(name?: string, settings?: Record<string, unknown>): ExamplesWorkspace {
  let examples: ExamplesCopy | undefined;
  let extensionsDir: string | undefined;
  let disposeExtension = (): void => undefined;
  beforeAll(async () => {
    examples = copyExamples(name);
    const extension = await installExtension();
    extensionsDir = extension.extensionsDir;
    disposeExtension = extension.dispose;
  });
  afterAll(() => {
    disposeExtension();
    examples?.dispose();
  });
  return {
    get dir() {
      if (!examples) throw new Error('the examples are not copied yet');
      return examples.dir;
    },
    open(trusted, extraSettings) {
      if (!examples || !extensionsDir) throw new Error('extension not installed');
      const merged = settings || extraSettings ? { settings: { ...settings, ...extraSettings } } : {};
      return openWorkbenchSession(examples.dir, { extensionsDir, trusted, ...merged });
    },
  };
}

/**
 * For a describe block: a session opened before its tests (then `prepare`d, e.g. the Trajectory Lens container opened)
 * and closed after them. The workbench is the session's once its tests run.
 */
export function useWorkbench(open: () => Promise<WorkbenchSession>, prepare?: (page: Page) => Promise<unknown>): Workbench {
  let session: WorkbenchSession | undefined;
  beforeAll(async () => {
    session = await open();
    await prepare?.(session.workbench.page);
  });
  beforeEach(({ task }) => {
    if (retriedBeforeATest.length > 0) (task.meta.retriedSteps ??= []).push(...retriedBeforeATest.splice(0));
  });
  afterAll(async () => {
    await session?.close();
  });
  return {
    get page() {
      if (!session) throw new Error('the workbench is not open');
      return session.workbench.page;
    },
    close: () => session?.close() ?? Promise.resolve(),
  };
}

/** The active editor tab; its text holds the title (a compare panel's: `scn_email_budget: eng run 1 ↔ jpn run 1`). */
export function activeTab(page: Page): Locator {
  return page.locator('.tabs-container .tab.active').first();
}

/**
 * Opens `url` through VS Code's own "Developer: Open URL", as a link from outside would arrive, and allows the extension
 * to handle it in the confirmation VS Code shows for links to an extension.
 */
export async function openUrl(page: Page, url: string): Promise<void> {
  await runCommand(page, 'Developer: Open URL');
  const input = page.locator('.quick-input-widget .quick-input-box input');
  await input.fill(url);
  await input.press('Enter');
  const dialog = page.locator('.monaco-dialog-box', { hasText: 'open this URI' });
  await dialog.waitFor({ timeout: 30_000 });
  await dialog.locator('.monaco-button', { hasText: exactly('Open') }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** Reloads the window with "Developer: Reload Window" and waits until the extension host has activated again. */
export async function reloadWindow(page: Page): Promise<void> {
  const loaded = page.waitForEvent('load', { timeout: 60_000 });
  await runCommand(page, 'Developer: Reload Window');
  await loaded;
  await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
  await page.locator('.statusbar').getByText('Activating Extensions...').waitFor({ state: 'detached', timeout: 60_000 });
}
