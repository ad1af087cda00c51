// A first run: an empty folder's Runs view offers the Getting Started walkthrough, which opens with its steps; on the
// examples in Restricted Mode the Runs and Regressions views say that labelling and review are disabled.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installExtension, type InstalledExtension } from './codeServer';
import { openTrajectoryLens, openWorkbenchSession, screenshot, useExamplesWorkspace, useWorkbench, viewPane } from './workbench';

const RESTRICTED = 'Restricted Mode: labelling and review are disabled. Trust this folder to enable them.';

describe('Getting Started from the Runs view of a folder without runs', () => {
  let extension: InstalledExtension | undefined;
  let empty: string;
  beforeAll(async () => {
    empty = mkdtempSync(join(tmpdir(), 'tl-first-run-'));
    extension = await installExtension();
  });
  afterAll(() => {
    extension?.dispose();
    rmSync(empty, { recursive: true, force: true });
  });
  const workbench = useWorkbench(() => {
    if (!extension) throw new Error('extension not installed');
    return openWorkbenchSession(empty, { extensionsDir: extension.extensionsDir, trusted: true });
  });

  it('opens the walkthrough with its five steps', async () => {
    const page = workbench.page;
    await openTrajectoryLens(page);
    const runs = viewPane(page, 'Runs');
    await runs.getByText('No benchmark runs found in this workspace.').waitFor({ timeout: 60_000 });
    await runs.getByRole('button', { name: 'Get Started' }).click();
    const walkthrough = page.locator('.gettingStartedContainer');
    await walkthrough.getByText('Get Started with Trajectory Lens').first().waitFor({ timeout: 60_000 });
    for (const step of ['Open a run directory', 'Read the matrix and the worklist', 'Compare two runs', 'Label the failure', 'Export a comparison']) {
      await expect.poll(() => walkthrough.getByText(step, { exact: true }).count()).toBeGreaterThan(0);
    }
    await screenshot(page, 'walkthrough');
  });
});

describe('the examples in Restricted Mode', () => {
  const examples = useExamplesWorkspace();
  const workbench = useWorkbench(() => examples.open(false));

  it('says in the Runs and Regressions views what is disabled', async () => {
    const page = workbench.page;
    await page.locator('.statusbar-item', { hasText: 'Restricted Mode' }).waitFor();
    await openTrajectoryLens(page);
    await viewPane(page, 'Runs').getByText(RESTRICTED).waitFor({ timeout: 60_000 });
    await viewPane(page, 'Regressions').getByText(RESTRICTED).waitFor({ timeout: 60_000 });
    await screenshot(page, 'runs-view-restricted-mode-message');
  });
});
