// "Export Worklist as HTML…" in the Regressions view's title bar of a real VS Code (code-server + Chromium): the page
// goes where the save dialog says, with a comparison report per regression in the folder beside it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { regressionsOf } from './examples';
import { openTrajectoryLens, pointAt, revealTreeRow, useExamplesWorkspace, useWorkbench, viewPane } from './workbench';

const examples = useExamplesWorkspace();

describe('Export Worklist as HTML', () => {
  const workbench = useWorkbench(() => examples.open(true), openTrajectoryLens);

  it('writes the worklist and its comparison reports where the save dialog says', async () => {
    const page = workbench.page;
    const regressions = regressionsOf(examples.dir);
    const first = regressions[0];
    if (!first) throw new Error('the examples plant no regression');
    await revealTreeRow(page, 'Regressions', `${first.scenarioId} · ${first.language}`, 60_000);

    const pane = viewPane(page, 'Regressions');
    await pointAt(page, pane.locator('.pane-header'));
    await pane.locator('.pane-header .action-label[aria-label^="Export Worklist as HTML"]').click();
    await page.locator('.quick-input-widget .quick-input-title', { hasText: 'Export Worklist as HTML' }).waitFor({ timeout: 30_000 });
    const input = page.locator('.quick-input-widget .quick-input-box input');
    // The dialog offers worklist.html in the workspace folder, filled in after it opens: Enter once it is there. Typing
    // another folder's path instead makes the dialog list that folder first, and an Enter meanwhile is not an accept.
    const target = join(examples.dir, 'worklist.html');
    await expect.poll(() => input.inputValue(), { timeout: 30_000 }).toBe(target);
    await input.press('Enter');

    // The page is written last, and a file is visible before its bytes are all in: wait for the whole page.
    await expect.poll(() => existsSync(target) && readFileSync(target, 'utf8').trimEnd().endsWith('</html>'), { timeout: 120_000 }).toBe(true);
    const reports = join(dirname(target), 'worklist-reports');
    expect(readdirSync(reports)).toHaveLength(regressions.length);
    const html = readFileSync(target, 'utf8');
    expect(html).toContain('<table class="matrix">');
    const links = [...html.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(links).toHaveLength(regressions.length);
    for (const link of links) expect(existsSync(join(dirname(target), decodeURI(link))), link).toBe(true);
  });
});
