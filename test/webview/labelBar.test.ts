// The labels in the compare view's header, in the real bundle under the extension's CSP with a fake host: the current
// label of the pair and of the run, the prior's suggestion with its evidence when there is none, `l` / `Shift+L` and
// the buttons asking the host to label, the header following the labels file, and Restricted Mode.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { CompareState } from '../../src/protocol/compare';
import { emailBudgetComparison, stateFor } from './fixtures/comparisons';
import { labelledPair, noLabels, READ_ONLY } from './fixtures/labels';
import type { ComparePage, OpenOptions } from './harness/comparePage';
import { screenshots, useComparePages } from './harness/webviewPages';
import type { ThemeName } from './harness/themes';

/** The toolbar, the labels and the lane headers. */
const HEADER = { x: 0, y: 0, width: 1500, height: 220 };

const showPage = useComparePages();

function show(state: CompareState, options: OpenOptions = {}): Promise<ComparePage> {
  return showPage(state, { handlers: { label: () => null }, ...options });
}

const item = (page: Page, text: string) => page.getByRole('group', { name: `Label of ${text}`, exact: true });
const labelRequests = (view: ComparePage) => view.host.requests.filter((r) => r.method === 'label').map((r) => r.params);

describe('labels in the compare header', () => {
  it('shows the pair label with code, confidence and annotator (note on hover) and the prior with its evidence for the unlabelled run', async () => {
    const view = await show(stateFor(emailBudgetComparison(), { labels: labelledPair() }));
    const { page } = view;
    const pair = item(page, 'jpn');
    expect(await pair.innerText()).toMatch(/jpn\s*T4\s*cross-reference or transliteration broken\s*high · Ada Triager/);
    expect(await pair.locator('.label-current').getAttribute('title')).toBe('the contact name is transliterated differently in the task');
    const run = item(page, 'jpn · run 1');
    expect(await run.innerText()).toMatch(/no label · suggested\s*A2\s*missing required action/);
    expect(await run.locator('.label-evidence').innerText()).toBe(
      'oracle event EmailClientV2.send_email has no matching action in jpn run 1; eng run 1 sent it',
    );
    for (const theme of ['dark', 'light', 'high-contrast'] satisfies ThemeName[]) {
      const themed = theme === 'dark' ? view : await show(stateFor(emailBudgetComparison(), { labels: labelledPair() }), { theme });
      await themed.page.screenshot({ path: join(screenshots, `compare-labels-${theme}.png`), clip: HEADER });
    }
    expect(await view.problems()).toEqual([]);
  });

  it('asks the host to label the pair on l, the run on Shift+L, and from the buttons, but not while typing in find', async () => {
    const view = await show(stateFor(emailBudgetComparison()));
    const { page } = view;
    await page.keyboard.press('l');
    await view.host.request('label');
    await page.keyboard.press('Shift+L');
    await expect.poll(() => labelRequests(view)).toEqual([{ scope: 'pair' }, { scope: 'run' }]);

    await page.getByRole('button', { name: 'Label…', exact: true }).click();
    await page.getByRole('button', { name: 'Label jpn · run 1…' }).click();
    await expect.poll(() => labelRequests(view)).toEqual([{ scope: 'pair' }, { scope: 'run' }, { scope: 'pair' }, { scope: 'run' }]);

    await page.keyboard.press('/');
    const field = page.locator('.find-bar vscode-textfield');
    await field.waitFor();
    await page.keyboard.type('label');
    await expect.poll(() => field.evaluate((el) => (el as HTMLInputElement).value)).toBe('label');
    expect(labelRequests(view)).toHaveLength(4);
    expect(view.host.rejected).toEqual([]);
  });

  it('shows a label as soon as the host says the labels changed, without losing the place in the comparison', async () => {
    const view = await show(stateFor(emailBudgetComparison()));
    const { page } = view;
    await page.keyboard.press('F7');
    const selected = await page.locator('.row[aria-selected="true"]').getAttribute('data-target');
    expect(selected).not.toBeNull();
    expect(await item(page, 'jpn').innerText()).toMatch(/no label/);
    await view.host.send({ kind: 'event', event: { type: 'labels', labels: labelledPair() } });
    await expect.poll(() => item(page, 'jpn').innerText()).toMatch(/T4.*high · Ada Triager/s);
    expect(await page.locator('.row[aria-selected="true"]').getAttribute('data-target')).toBe(selected);
  });

  it('takes the labels from the handshake when they changed while the panel was hidden', async () => {
    const embedded = stateFor(emailBudgetComparison());
    const view = await show(embedded, { handlers: { ready: () => ({ kind: 'current', labels: labelledPair() }) } });
    await expect.poll(() => item(view.page, 'jpn').innerText()).toMatch(/T4/);
  });

  it('in Restricted Mode disables the buttons with the read-only reason as their title and shows the host refusing the key', async () => {
    const view = await show(stateFor(emailBudgetComparison(), { labels: noLabels({ readOnly: READ_ONLY }) }), {
      handlers: {
        label: () => {
          throw new Error(READ_ONLY);
        },
      },
    });
    const { page } = view;
    const toolbarButton = page.getByRole('button', { name: 'Label…', exact: true });
    expect(await toolbarButton.getAttribute('title')).toBe(READ_ONLY);
    expect(await toolbarButton.evaluate((el) => (el as { disabled?: boolean }).disabled)).toBe(true);
    const runButton = page.getByRole('button', { name: 'Label jpn · run 1…' });
    expect(await runButton.getAttribute('title')).toBe(READ_ONLY);
    expect(await runButton.isDisabled()).toBe(true);

    await page.keyboard.press('l');
    await expect.poll(() => page.getByRole('alert').innerText()).toBe(`Could not label: ${READ_ONLY}`);
    await page.screenshot({ path: join(screenshots, 'compare-labels-read-only.png'), clip: HEADER });
  });
});
