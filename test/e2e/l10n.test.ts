// The extension in a real VS Code whose display language is Japanese (code-server with `--locale ja` and a language
// pack for it): the view titles come from package.nls.ja.json, the tree texts from l10n/bundle.l10n.ja.json, and the
// compare webview speaks Japanese too. The expected texts are read from the shipped translations, never written here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { installExtension, repoRoot } from './codeServer';
import { copyExamples } from './examples';
import { openWorkbenchSession, revealTreeRow, runCommand, treeRowContextAction, treeRows, useWorkbench, viewPane, webviewFrame } from './workbench';

const read = (file: string) => JSON.parse(readFileSync(join(repoRoot, file), 'utf8')) as Record<string, string>;
const nls = read('package.nls.ja.json');
const bundle = read('l10n/bundle.l10n.ja.json');

/** The Japanese of an English message, with its `{0}`… filled in as `vscode.l10n.t` does. */
function ja(message: string, ...args: (string | number)[]): string {
  const text = bundle[message];
  if (text === undefined) throw new Error(`no Japanese for "${message}"`);
  return text.replace(/\{(\d+)\}/g, (_, i: string) => String(args[Number(i)]));
}

/** A pattern for the Japanese of a message whose placeholders are numbers. */
function jaCounting(message: string): string {
  const text = bundle[message];
  if (text === undefined) throw new Error(`no Japanese for "${message}"`);
  return text.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\d+\}/g, '\\d+');
}

const RUNS = nls['view.runs.name'] ?? '';
const REGRESSIONS = nls['view.regressions.name'] ?? '';

async function openTrajectoryLensInJapanese(page: Page): Promise<void> {
  await page.locator('.activitybar .action-item .action-label[aria-label^="Trajectory Lens"]').click();
  await viewPane(page, RUNS).waitFor();
}

describe('Trajectory Lens with VS Code in Japanese', () => {
  let dispose = (): void => undefined;
  // Registered before the session's hooks, so it runs after them: once the server is stopped.
  afterAll(() => dispose());
  const workbench = useWorkbench(async () => {
    const examples = copyExamples();
    const extension = await installExtension();
    dispose = () => {
      extension.dispose();
      examples.dispose();
    };
    return openWorkbenchSession(examples.dir, { extensionsDir: extension.extensionsDir, trusted: true, displayLanguage: 'ja' });
  }, openTrajectoryLensInJapanese);
  it('titles its views and describes its tree items in Japanese', async () => {
    const page = workbench.page;
    expect(RUNS).toBe('実行');
    await expect.poll(() => viewPane(page, REGRESSIONS).count(), { timeout: 30_000 }).toBe(1);
    await revealTreeRow(page, RUNS, 'execution', 60_000);
    const description = viewPane(page, RUNS).locator('.pane-header .description');
    await expect.poll(() => description.textContent(), { timeout: 30_000 }).toBe(ja('{0} · baseline {1}', 'gaia2-multilingual', 'eng'));
    const capability = (await treeRows(page, RUNS)).find((row) => row.label === 'execution');
    expect(capability?.description).toMatch(new RegExp(`^${jaCounting('{0} scenarios')} · ${jaCounting('{0} regressed')}$`));
  });

  it('opens the compare view from the Japanese context menu, and the webview shows Japanese', async () => {
    const page = workbench.page;
    const row = await revealTreeRow(page, REGRESSIONS, 'scn_email_budget · jpn', 60_000);
    await treeRowContextAction(page, row, nls['command.compareWithBaseline.title'] ?? '');
    const frame = webviewFrame(page);
    await frame.locator('.row').first().waitFor({ timeout: 60_000 });
    expect(await frame.locator('html').getAttribute('lang')).toBe('ja');
    expect(await frame.locator('.side-role').allTextContents()).toEqual([ja('Oracle'), ja('Baseline'), ja('Target')]);
    await expect.poll(() => frame.locator('.toolbar-actions').innerText()).toContain(ja('Swap'));
    expect(await frame.locator('.toolbar-actions').innerText()).not.toContain('Swap');
  });

  it('opens the Japanese walkthrough, its first page read from its Japanese file', async () => {
    const page = workbench.page;
    await runCommand(page, `${nls['command.category']}: ${nls['command.openWalkthrough.title']}`);
    const walkthrough = page.locator('.gettingStartedContainer');
    await walkthrough.getByText(nls['walkthrough.gettingStarted.title'] ?? '').first().waitFor({ timeout: 60_000 });
    await expect.poll(() => walkthrough.getByText(nls['walkthrough.gettingStarted.readMatrix.title'] ?? '', { exact: true }).count()).toBeGreaterThan(0);
    const firstPage = readFileSync(join(repoRoot, nls['walkthrough.gettingStarted.openRuns.media'] ?? ''), 'utf8');
    const lastLine = firstPage.trim().split('\n').pop() ?? '';
    // The compare panel's webview stays in the page, hidden behind the walkthrough: read the one on screen.
    const media = page.frameLocator('iframe.webview.ready:visible').frameLocator('#active-frame');
    await media.getByText(lastLine).waitFor({ timeout: 60_000 });
  });
});
