// Review mode in a real VS Code (code-server + Chromium) on a copy of the generated examples: two regressions are
// labelled with the CLI, "Start Review" samples them into a queue, the reviewer confirms one with `c` and rejects the
// other with `r` and a side key, and exactly those two review records are appended to .trajectory-lens/labels.jsonl.
// In Restricted Mode the queue shows but decisions are refused with the read-only message.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseLabels } from '../../src/core/triage/labelStore';
import { repoRoot } from './codeServer';
import { labelsText } from './examples';
import { reloadWindow, runCommand, screenshot, useExamplesWorkspace, useWorkbench, webviewFrame } from './workbench';

const EMAIL = 'agent-a/execution/scn_email_budget';
const YOGA = 'agent-a/execution/scn_yoga_cleanup';
const LABELLER = 'CLI Labeller';
const REVIEWER = 'E2E Reviewer';
const READ_ONLY_MESSAGE = 'Trajectory Lens is read-only in Restricted Mode';

const examples = useExamplesWorkspace(undefined, { 'trajectoryLens.annotator': REVIEWER });

function labelWithCli(group: string, code: string): void {
  execFileSync(
    process.execPath,
    [join(repoRoot, 'dist', 'cli.js'), 'label', examples.dir, '--group', group, '--language', 'jpn', '--code', code, '--annotator', LABELLER],
    { encoding: 'utf8' },
  );
}

beforeAll(() => {
  labelWithCli(EMAIL, 'T4');
  labelWithCli(YOGA, 'A2');
});

/** Accepts the open input box, titled `title`, with the value it offers (the setting's default). */
async function acceptInput(page: Page, title: string): Promise<void> {
  const widget = page.locator('.quick-input-widget');
  await widget.locator('.quick-input-title', { hasText: title }).waitFor();
  await widget.locator('.quick-input-box input').press('Enter');
}

/** Runs Start Review with the default sample and returns the review panel's document once it shows the queue. */
async function startReview(page: Page): Promise<FrameLocator> {
  await runCommand(page, 'Trajectory Lens: Start Review');
  await acceptInput(page, 'items per stratum');
  await acceptInput(page, 'seed');
  const frame = webviewFrame(page);
  await frame.locator('.review-position').waitFor({ timeout: 60_000 });
  return frame;
}

/** The group of the item shown, from its header. */
async function shownGroup(frame: FrameLocator): Promise<string> {
  return ((await frame.locator('.review-group').textContent()) ?? '').trim();
}

describe('Review mode (trusted folder)', () => {
  const workbench = useWorkbench(() => examples.open(true));

  it('confirms one label with c, rejects the other with r and a side, and appends exactly those two review records', async () => {
    const page = workbench.page;
    const frame = await startReview(page);
    await expect.poll(() => frame.locator('.review-position').textContent()).toBe('1 / 2');
    expect(await frame.locator('.review-stratum').textContent()).toBe('deterministic/jpn/execution');
    const first = await shownGroup(frame);
    expect([EMAIL, YOGA]).toContain(first);
    const second = first === EMAIL ? YOGA : EMAIL;
    // The label under review with its annotator, and the evidence: both tasks, the oracle, what failed.
    expect(await frame.locator('.review-label').innerText()).toContain(`by ${LABELLER}`);
    await frame.locator('.review-evidence').waitFor();
    expect(await frame.locator('.review-pair[aria-label="Task"] .review-column').count()).toBe(2);
    expect(await frame.locator('.review-oracle li').count()).toBeGreaterThan(0);
    await screenshot(page, 'review-item');

    // Keys go to the panel once it has focus, as after a click.
    await frame.locator('.review-item').click();
    await page.keyboard.press('c');
    await expect.poll(() => frame.locator('.review-position').textContent(), { timeout: 15_000 }).toBe('2 / 2');
    expect(await shownGroup(frame)).toBe(second);

    await page.keyboard.press('r');
    await frame.locator('.review-sides').waitFor();
    await screenshot(page, 'review-reject-side');
    await page.keyboard.press('t');
    await expect.poll(() => frame.locator('.review-status').textContent(), { timeout: 15_000 }).toMatch(/rejected \(translation\)/);
    expect(await frame.locator('.review-progress').textContent()).toMatch(/^2 of 2 reviewed/);
    await screenshot(page, 'review-done');

    const { records, diagnostics } = parseLabels(labelsText(examples.dir));
    expect(diagnostics).toEqual([]);
    const reviews = records.filter((r) => r.kind === 'review');
    expect(records.filter((r) => r.kind === 'label')).toHaveLength(2);
    expect(reviews).toHaveLength(2);
    expect(reviews[0]).toMatchObject({
      item: { group: first, language: 'jpn', run: null },
      code: first === EMAIL ? 'T4' : 'A2',
      verdict: 'confirm',
      side: null,
      annotator: REVIEWER,
    });
    expect(reviews[1]).toMatchObject({
      item: { group: second, language: 'jpn', run: null },
      code: second === EMAIL ? 'T4' : 'A2',
      verdict: 'reject',
      side: 'translation',
      annotator: REVIEWER,
    });
  });

  it('brings the review back after a window reload: the same queue, on the item shown, with its decisions', async () => {
    const page = workbench.page;
    const frame = webviewFrame(page);
    await frame.locator('.review-item').click();
    await page.keyboard.press('p');
    await expect.poll(() => frame.locator('.review-position').textContent()).toBe('1 / 2');
    const shown = await shownGroup(frame);

    await reloadWindow(page);
    const restored = webviewFrame(page);
    await expect.poll(() => restored.locator('.review-position').textContent(), { timeout: 60_000 }).toBe('1 / 2');
    expect(await shownGroup(restored)).toBe(shown);
    expect(await restored.locator('.review-progress').textContent()).toMatch(/^2 of 2 reviewed/);
    await screenshot(page, 'review-after-reload');
  });
});

describe('Review mode in Restricted Mode (untrusted folder)', () => {
  const workbench = useWorkbench(() => examples.open(false));

  it('shows the queue read-only and refuses a decision with the read-only message, writing nothing', async () => {
    const page = workbench.page;
    await page.locator('.statusbar-item', { hasText: 'Restricted Mode' }).waitFor();
    const before = labelsText(examples.dir);
    const frame = await startReview(page);
    expect(await frame.locator('.review-readonly').textContent()).toContain(READ_ONLY_MESSAGE);
    await frame.locator('.review-item').click();
    await page.keyboard.press('c');
    await expect.poll(() => frame.locator('.review-status').textContent()).toContain(READ_ONLY_MESSAGE);
    await screenshot(page, 'review-restricted-mode');
    expect(labelsText(examples.dir)).toBe(before);
  });
});

describe('Review sampling from trajectory-lens.json', () => {
  const workbench = useWorkbench(() => {
    // The directory's sample wins over the reviewer's own setting, so everyone draws the same queue.
    writeFileSync(join(examples.dir, 'trajectory-lens.json'), JSON.stringify({ review: { perStratum: 1, seed: 7 } }));
    return examples.open(true, { 'trajectoryLens.review.perStratum': 3 });
  });

  it("offers the file's size and seed in the prompts and samples one item of the stratum", async () => {
    const page = workbench.page;
    await runCommand(page, 'Trajectory Lens: Start Review');
    const widget = page.locator('.quick-input-widget');
    const input = widget.locator('.quick-input-box input');
    await widget.locator('.quick-input-title', { hasText: 'items per stratum' }).waitFor();
    await expect.poll(() => input.inputValue()).toBe('1');
    expect(await widget.locator('.quick-input-message').innerText()).toContain('trajectory-lens.json');
    await screenshot(page, 'review-sample-from-config');
    await input.press('Enter');
    await widget.locator('.quick-input-title', { hasText: 'seed' }).waitFor();
    await expect.poll(() => input.inputValue()).toBe('7');
    await input.press('Enter');
    const frame = webviewFrame(page);
    await expect.poll(() => frame.locator('.review-position').textContent(), { timeout: 60_000 }).toBe('1 / 1');
    expect(await frame.locator('.review-stratum').textContent()).toBe('deterministic/jpn/execution');
  });
});
