// The compare view's real bundle in a Simplified Chinese VS Code: the host embeds l10n/bundle.l10n.zh-cn.json in the
// page, and the headers, the toolbar and the label bar (with the taxonomy's titles) read in Chinese before any request.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emailBudgetComparison, stateFor } from './fixtures/comparisons';
import { labelledPair } from './fixtures/labels';
import { repoRoot } from './harness/server';
import { useComparePages } from './harness/webviewPages';

const zh = JSON.parse(readFileSync(join(repoRoot, 'l10n', 'bundle.l10n.zh-cn.json'), 'utf8')) as Record<string, string>;

const showPage = useComparePages();

describe('the compare view in Simplified Chinese', () => {
  it('shows its own texts from the bundle the host embeds, and the run data as it is', async () => {
    const { page, problems } = await showPage(stateFor(emailBudgetComparison(), { labels: labelledPair() }), { l10n: zh });
    expect(await page.locator('.side-role').allTextContents()).toEqual([zh.Oracle, zh.Baseline, zh.Target]);
    const toolbar = await page.locator('.toolbar-actions').innerText();
    expect(toolbar).toContain(zh.Swap);
    expect(toolbar).not.toContain('Swap');
    const pair = page.getByRole('group', { name: (zh['Label of {0}'] ?? '').replace('{0}', 'jpn'), exact: true });
    expect(await pair.locator('.label-title').innerText()).toBe(zh['cross-reference or transliteration broken']);
    expect(await pair.locator('.label-code').innerText()).toBe('T4');
    expect(await page.locator('.scenario').innerText()).toBe('scn_email_budget');
    expect(await problems()).toEqual([]);
  });
});
