// The run document in a real VS Code (code-server + Chromium): a run opens rendered in the Markdown preview, "Open as
// Text" shows its Markdown source in the same tab and "Open Rendered" goes back; agent text stays text in the preview.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  activeTab,
  countInActiveEditor,
  expandTreeRow,
  openTrajectoryLens,
  revealTreeRow,
  screenshot,
  setColorTheme,
  treeRowContextAction,
  useExamplesWorkspace,
  useWorkbench,
  webviewFrame,
} from './workbench';

const IMG = '<img src=x onerror="document.title=\'pwned\'">';
const COMMAND_LINK = '[click me](command:workbench.action.terminal.new)';
const payload = `Done. ${IMG} ${COMMAND_LINK} <b>bold</b>`;

/** A canonical-format scenario planted beside the gaia2 examples: passes in eng, fails in jpn with hostile agent text. */
function plantPayloadRuns(dir: string): void {
  const header = (language: string, outcome: 'pass' | 'fail') => ({
    type: 'run',
    schema: 'trajectory-lens/v1',
    id: `${language}-1`,
    scenarioId: 'scn_payload',
    language,
    runIndex: 1,
    capability: 'payload',
    outcome,
    ...(outcome === 'fail' ? { failureReason: `Cannot match ${IMG}`, failureFamily: 'other' } : {}),
    task: 'Find the contact and reply to the email.',
  });
  const steps = [
    { type: 'message', role: 'user', text: 'Find the contact and reply to the email.' },
    { type: 'tool_call', tool: 'Contacts__search_contacts', args: { query: COMMAND_LINK }, result: [IMG], write: false },
    { type: 'message', role: 'assistant', text: payload },
  ];
  const lines = [header('eng', 'pass'), ...steps, header('jpn', 'fail'), ...steps];
  const folder = join(dir, 'zz-payload');
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'payload.trajectory.jsonl'), `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
}

/** The lines the active text editor shows (it renders spaces as no-break spaces). */
async function editorText(page: Page): Promise<string> {
  const lines = page.locator('.editor-group-container.active .monaco-editor .view-lines');
  return ((await lines.textContent()) ?? '').replace(/\u00a0/g, ' ');
}

const examples = useExamplesWorkspace();
beforeAll(() => plantPayloadRuns(examples.dir));

describe('run document', () => {
  const workbench = useWorkbench(() => examples.open(true), openTrajectoryLens);
  const title = 'scn_payload · jpn · run 1';

  it('opens a run from the Runs view rendered, with agent text shown as text', async () => {
    const page = workbench.page;
    await expandTreeRow(page, 'Runs', 'scn_payload');
    await expandTreeRow(page, 'Runs', 'jpn 0/1');
    await (await revealTreeRow(page, 'Runs', 'run 1')).click();
    await expect.poll(() => activeTab(page).textContent(), { timeout: 30_000 }).toContain(title);

    const preview = webviewFrame(page);
    // Rendered: headings are elements, not `#` lines.
    await expect.poll(() => preview.locator('h1').first().textContent(), { timeout: 30_000 }).toMatch(/^fail · scn_payload · jpn · run 1/);
    expect(await preview.locator('h3').allTextContents()).toEqual(['1 · user', '2 · read Contacts.search_contacts', '3 · assistant']);
    expect(await preview.locator('body').textContent()).not.toContain('### ');

    // The payloads are shown as the text they are: no image, no link, no bold element from agent text.
    const code = await preview.locator('code').allTextContents();
    expect(code.some((c) => c.includes(payload))).toBe(true);
    expect(code.some((c) => c.includes(COMMAND_LINK))).toBe(true);
    expect(await preview.locator('img').count()).toBe(0);
    expect(await preview.locator('a').count()).toBe(0);
    expect(await preview.locator('b').count()).toBe(0);
    expect(await page.title()).not.toContain('pwned');
    await setColorTheme(page, 'Dark Modern', 'vs-dark');
    await screenshot(page, 'run-document-rendered-dark');
    await setColorTheme(page, 'Light Modern', 'vs');
    await screenshot(page, 'run-document-rendered-light');
  });

  it('switches to the Markdown source with Open as Text, in the same tab, and back with Open Rendered', async () => {
    const page = workbench.page;
    const actions = page.locator('.editor-group-container.active .editor-actions');
    await actions.locator('.action-label[aria-label^="Open as Text"]').click();
    await expect.poll(() => editorText(page), { timeout: 30_000 }).toContain('# fail · `scn_payload` · `jpn` · run 1');
    expect(await countInActiveEditor(page, '### 3 · assistant')).toBe(1);
    expect(await page.locator('.tabs-container .tab', { hasText: title }).count(), 'one tab for the run').toBe(1);
    await screenshot(page, 'run-document-text');

    await actions.locator('.action-label[aria-label^="Open Rendered"]').click();
    await expect.poll(() => webviewFrame(page).locator('h1').first().textContent(), { timeout: 30_000 }).toMatch(/^fail · scn_payload/);
    expect(await page.locator('.tabs-container .tab', { hasText: title }).count(), 'one tab for the run').toBe(1);
  });

  it('opens a run as text from its context menu', async () => {
    const page = workbench.page;
    await treeRowContextAction(page, await revealTreeRow(page, 'Runs', 'run 1'), 'Open as Text');
    await page.locator('.editor-group-container.active .monaco-editor .view-lines').waitFor({ timeout: 30_000 });
    expect(await countInActiveEditor(page, '# fail · `scn_payload` · `jpn` · run 1')).toBe(1);
  });
});
