// The compare view's real bundle in headless Chromium, under the extension's CSP, fed by a fake host that speaks
// the real protocol. Assertions are on what a user sees and on what reaches the host.
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  emailBudgetComparison,
  FAR_NEEDLE,
  FAR_NEEDLE_ROW,
  longComparison,
  runSummary,
  stateFor,
  XSS_RESULT,
} from './fixtures/comparisons';
import { pageGlobal } from './harness/webviewPage';
import { screenshots, useComparePages } from './harness/webviewPages';


const show = useComparePages();

const row = (page: Page, target: string): Locator => page.locator(`.row[data-target="${target}"]`);
const lane = (page: Page, target: string, side: 'oracle' | 'baseline' | 'target'): Locator => row(page, target).locator(`.lane--${side}`).first();
const selected = (page: Page) => page.locator('.row[aria-selected="true"]').getAttribute('data-target');

/** Is the element inside the list's visible area? */
async function inView(page: Page, element: Locator): Promise<boolean> {
  const box = await element.boundingBox();
  const list = await page.locator('.scroller').boundingBox();
  return box !== null && list !== null && box.y >= list.y - 1 && box.y < list.y + list.height;
}

describe('compare view', () => {
  it('shows the oracle, baseline and target lanes with the steps of both runs aligned row by row', async () => {
    const { page, host, problems } = await show(stateFor(emailBudgetComparison()));
    expect(await page.getByRole('columnheader').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))).toEqual([
      'Oracle',
      'Baseline (eng)',
      'Target (jpn)',
    ]);
    // Same action, same row: both runs search the contact on row 1.
    expect(await lane(page, 'row:1', 'baseline').innerText()).toContain('Contacts.search_contacts');
    expect(await lane(page, 'row:1', 'target').innerText()).toContain('Contacts.search_contacts');
    // The baseline's email has no counterpart in the target, and its oracle event sits beside it, unmatched in jpn.
    expect(await row(page, 'row:12').getAttribute('data-row-kind')).toBe('baseline-only');
    expect(await lane(page, 'row:12', 'baseline').innerText()).toMatch(/EmailClientV2\.\s*send_email/);
    expect(await lane(page, 'row:12', 'target').innerText()).toBe('no counterpart');
    const oracle = await lane(page, 'row:12', 'oracle').innerText();
    expect(oracle).toContain('EmailClientV2.send_email');
    expect(oracle).toMatch(/eng\s*✓\s*email_checker/);
    expect(oracle).toMatch(/jpn\s*✗\s*tool_count/);
    // The rationale of an event a run failed is open beside it, baseline and target side by side.
    const rationale = row(page, 'row:12').locator('.rationale-row');
    expect(await rationale.locator('.lane--baseline').innerText()).toContain('[[Success]]');
    expect(await rationale.locator('.lane--target').innerText()).toContain('Tool count mismatch');
    // An oracle event no step matched is listed on its own with each run's reason.
    expect(await lane(page, 'oracle:2', 'target').innerText()).toContain('The agent did not confirm the email.');
    // Writes look different from reads.
    expect(await row(page, 'row:12').locator('.step--write').count()).toBe(1);
    expect(await row(page, 'row:1').locator('.step--read').count()).toBe(2);
    // The delete later undone by recreating the event is labelled, not counted as a plain extra action.
    expect(await lane(page, 'row:10', 'target').innerText()).toContain('harmless self-correction');
    // Final answers are diffed (below the first screen when the header is tall).
    await page.locator('.scroller').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    expect(await row(page, 'final').locator('.lane--baseline del.diff-del').innerText()).toContain('Done. I emailed Zhang Wei');
    expect(await row(page, 'final').locator('.lane--target ins.diff-ins').innerText()).toContain('張偉という連絡先');
    // The handshake names the revision the page shows, so the host need not send the embedded state again.
    expect(host.requests[0]).toMatchObject({ method: 'ready', params: { revision: 1 } });
    expect(await problems()).toEqual([]);
  });

  it('diffs a changed call inside its argument values and folds the unchanged arguments', async () => {
    const { page } = await show(stateFor(emailBudgetComparison()));
    expect(await lane(page, 'row:1', 'baseline').locator('del.diff-del').innerText()).toBe('Zhang Wei');
    expect(await lane(page, 'row:1', 'target').locator('ins.diff-ins').innerText()).toBe('張偉');
    expect(await lane(page, 'row:1', 'baseline').locator('ins').count()).toBe(0);
    const target = lane(page, 'row:9', 'target');
    expect(await target.locator('ins.diff-ins').innerText()).toBe('予算レビュー');
    expect(await target.innerText()).not.toContain('start_datetime');
    await target.getByRole('button', { name: '1 unchanged argument' }).click();
    expect(await target.innerText()).toContain('2024-05-10 15:00:00');
    // JSON values are highlighted: keys, strings and literals carry their token classes.
    await lane(page, 'row:1', 'baseline').getByRole('button', { name: /1 item/ }).click();
    const result = lane(page, 'row:1', 'baseline').locator('pre.json');
    expect(await result.locator('.tok-key').first().innerText()).toBe('"name"');
    expect(await result.locator('.tok-string').first().innerText()).toBe('"Zhang Wei"');
  });

  it('renders an HTML payload in a tool result, a message and a rationale as inert text', async () => {
    const { page, problems } = await show(stateFor(emailBudgetComparison()));
    const target = lane(page, 'row:2', 'target');
    await target.getByRole('button', { name: /→/ }).click();
    expect(await target.locator('pre.value-text').innerText()).toBe(XSS_RESULT);
    expect(await row(page, 'row:9').locator('.rationale-row').innerText()).toContain('<script>window.__xss = 3</script>');
    expect(await lane(page, 'row:13', 'target').innerText()).toContain('<b>確認</b>');
    expect(await page.locator('#root img, #root script, #root b').count()).toBe(0);
    expect(await pageGlobal(page, '__xss')).toBeUndefined();
    expect(await problems()).toEqual([]);
  });

  it('does not call a write undone without being redone harmless', async () => {
    const comparison = emailBudgetComparison();
    comparison.selfCorrections = comparison.selfCorrections.map((c) => ({ ...c, harmless: false }));
    const { page } = await show(stateFor(comparison));
    const target = await lane(page, 'row:10', 'target').innerText();
    expect(target).toContain('undone by #11 · not redone');
    expect(target).not.toContain('harmless');
  });

  it('walks the differences with F7 / Shift+F7 and Alt+F5 / Shift+Alt+F5, and unfolds identical steps on request', async () => {
    const { page } = await show(stateFor(emailBudgetComparison()));
    await page.locator('.scroller').focus();
    await page.keyboard.press('F7');
    expect(await selected(page)).toBe('oracle:2');
    await page.keyboard.press('F7');
    expect(await selected(page)).toBe('row:0');
    await page.keyboard.press('F7');
    expect(await selected(page)).toBe('row:1');
    expect(await page.locator('.difference-position').innerText()).toBe('3 of 10');
    await page.keyboard.press('Shift+F7');
    expect(await selected(page)).toBe('row:0');
    await page.keyboard.press('Alt+F5');
    expect(await selected(page)).toBe('row:1');
    await page.keyboard.press('Shift+Alt+F5');
    expect(await selected(page)).toBe('row:0');
    await page.getByRole('button', { name: 'Next' }).click();
    expect(await selected(page)).toBe('row:1');

    expect(await row(page, 'row:5').count()).toBe(0);
    await page.getByRole('button', { name: '4 identical steps' }).click();
    expect(await lane(page, 'row:5', 'baseline').innerText()).toContain('2024-05-03');
  });

  it('finds a step far below in a virtualized 2,000-step comparison and scrolls to it', async () => {
    const { page } = await show(stateFor(longComparison(2000)));
    expect(await page.locator('.virtual-row').count()).toBeLessThan(60);
    await page.locator('.scroller').focus();
    await page.keyboard.press('/');
    await page.keyboard.type(FAR_NEEDLE);
    await expect.poll(() => page.locator('.find-count').innerText()).toBe('1 of 1');
    const hit = row(page, `row:${FAR_NEEDLE_ROW}`);
    await hit.waitFor();
    await expect.poll(() => inView(page, hit)).toBe(true);
    expect(await hit.getAttribute('class')).toContain('row--hit');
    expect(await hit.locator('mark.find-match').innerText()).toBe(FAR_NEEDLE);
    // Text inside folded results is found too, and its result opens.
    await page.locator('vscode-textfield.find-field').locator('input').fill('item_1990_2');
    await expect.poll(() => page.locator('.find-count').innerText()).toBe('1 of 1');
    await expect.poll(() => row(page, 'row:1990').locator('pre.json mark.find-match').count()).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    expect(await page.locator('.find-bar').count()).toBe(0);
    // Ctrl+F opens it again, with Caps Lock on too (the key then reads "F").
    await page.keyboard.press('Control+F');
    await page.locator('.find-bar').waitFor();
  });

  it('switches a side to another run through the picker with a request the host accepts', async () => {
    const base = emailBudgetComparison();
    const run2 = { ...base, target: { ...base.target, run: runSummary({ language: 'jpn', runIndex: 2, path: 'jpn/run_2/execution/scn_email_budget' }) } };
    const { page, host } = await show(stateFor(base), {
      handlers: { switchRun: () => stateFor(run2, { revision: 2 }) },
    });
    const picker = page.locator('vscode-single-select[aria-label="Target run"]');
    await picker.click();
    await picker.getByRole('option', { name: /run 2/ }).click();
    const request = await host.request('switchRun');
    expect(request.params).toEqual({ side: 'target', runIndex: 2 });
    expect(host.rejected).toEqual([]);
    await expect.poll(() => page.locator('.side-header--target .outcome-text').innerText()).toBe('pass');
  });

  it('shows the error a host returns, and says so when the host does not answer in time', async () => {
    const { page } = await show(stateFor(emailBudgetComparison()), {
      requestTimeoutMs: 1500,
      handlers: {
        switchRun: () => {
          throw new Error('jpn/run_3/execution/scn_email_budget/events.jsonl line 4: unexpected end of JSON');
        },
        swapSides: 'no-answer',
      },
    });
    const picker = page.locator('vscode-single-select[aria-label="Target run"]');
    await picker.click();
    await picker.getByRole('option', { name: /run 3/ }).click();
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.innerText()).toContain('events.jsonl line 4: unexpected end of JSON');
    // The picker shows the run still on screen.
    await expect.poll(() => picker.evaluate((el) => (el as HTMLSelectElement).value)).toBe('1');
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await page.getByRole('button', { name: 'Swap' }).click();
    await expect.poll(() => alert.innerText(), { timeout: 5000 }).toContain('did not answer');
  });

  it('copies a deep link to a step and opens run files through the host', async () => {
    const { page, host } = await show(stateFor(emailBudgetComparison()));
    await row(page, 'row:12').hover();
    await row(page, 'row:12').getByRole('button', { name: 'Copy link' }).click();
    expect((await host.request('copyDeepLink')).params).toEqual({ row: 12 });
    await expect.poll(() => page.getByRole('status').innerText()).toContain('Link to row 12 copied');

    await page.locator('.side-header--target').getByRole('button', { name: /1 problem/ }).click();
    await page.locator('.side-header--target').getByRole('button', { name: /events\.jsonl:7/ }).click();
    expect((await host.request('openFile')).params).toEqual({ path: 'jpn/run_1/execution/scn_email_budget/events.jsonl', line: 7 });
    expect(host.rejected).toEqual([]);
  });

  it('reveals the linked step on open, and returns a restored panel to the row it showed', async () => {
    const linked = await show(stateFor(longComparison(2000), { reveal: 1500 }));
    await expect.poll(() => inView(linked.page, row(linked.page, 'row:1500'))).toBe(true);
    expect(await selected(linked.page)).toBe('row:1500');
    // A deep link into an open panel arrives as an event.
    await linked.host.send({ kind: 'event', event: { type: 'reveal', row: 300 } });
    await expect.poll(() => inView(linked.page, row(linked.page, 'row:300'))).toBe(true);
    // The webview saves the runs and the row at the top for the serializer.
    await expect
      .poll(() => pageGlobal<{ row: number | null; baselineRunId: string } | null>(linked.page, '__savedState'))
      .toMatchObject({ baselineRunId: 'eng/run_1/execution/scn_email_budget', row: expect.toSatisfy((r: number) => r > 280 && r < 300) });

    const state = stateFor(longComparison(2000));
    const restored = await show(state, {
      savedState: { runDir: state.runDir, baselineRunId: state.comparison.baseline.run.id, targetRunId: state.comparison.target.run.id, row: 800 },
    });
    await expect.poll(() => inView(restored.page, row(restored.page, 'row:800'))).toBe(true);
  });

  for (const theme of ['light', 'dark', 'high-contrast'] as const) {
    it(`stays readable in the ${theme} theme`, async () => {
      const { page, problems } = await show(stateFor(emailBudgetComparison()), { theme, viewport: { width: 1500, height: 1900 } });
      await page.screenshot({ path: join(screenshots, `compare-${theme}.png`) });
      const deleted = await page.locator('del.diff-del').first().evaluate((el) => {
        const style = getComputedStyle(el);
        return { background: style.backgroundColor, border: style.boxShadow };
      });
      if (theme === 'high-contrast') expect(deleted.border).toContain('rgb(255, 0, 143)');
      else expect(deleted.background).not.toBe('rgba(0, 0, 0, 0)');
      expect(await problems()).toEqual([]);
    });
  }
});
