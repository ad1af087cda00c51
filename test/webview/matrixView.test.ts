// The matrix panel's real bundle in headless Chromium, under the extension's CSP, fed by a fake host that validates
// every message with the host's own validator. Assertions are on what a user sees and on the requests sent.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { MatrixCellKey } from '../../src/protocol/matrix';
import { generatedReport, matrixState, smallReport } from './fixtures/matrixReports';
import { openMatrixPage, type OpenMatrixOptions } from './harness/matrixPage';
import { screenshots, useWebviewPages } from './harness/webviewPages';
import type { MatrixState } from '../../src/protocol/matrix';

const openPage = useWebviewPages();

function showMatrix(state: MatrixState = matrixState(smallReport()), options: OpenMatrixOptions = {}) {
  return openPage((browser, server) => openMatrixPage(browser, server, state, options));
}

/** The cell of a row (agent label) and a column (capability group index, language). */
function cellOf(page: Page, agent: string, language: string, group = 0) {
  return page.locator(`.matrix-row:has(.mx-row-head:text-is("${agent}")) [role="gridcell"][data-col="${columnIndex(language, group)}"]`);
}

// Columns of the small report: each group is eng, hin, jpn (baseline first, then by code).
const LANGUAGES = ['eng', 'hin', 'jpn'];
function columnIndex(language: string, group: number): number {
  return group * LANGUAGES.length + LANGUAGES.indexOf(language);
}

describe('matrix view', () => {
  it('shows agents down and languages across, baseline first, grouped by capability', async () => {
    const { page, problems } = await showMatrix();
    expect(await page.locator('.mx-group').allTextContents()).toEqual(['all capabilities', 'execution', 'search']);
    expect(await page.locator('.mx-language').allTextContents()).toEqual([...LANGUAGES, ...LANGUAGES, ...LANGUAGES]);
    expect(await page.locator('.mx-row-head').allTextContents()).toEqual(['agent-a', 'agent-b']);
    expect(await problems()).toEqual([]);
  });

  it('shows a cell with its value, gap to the baseline, significance mark, whisker and infra count', async () => {
    const { page } = await showMatrix();
    const jpn = cellOf(page, 'agent-a', 'jpn', 1);
    expect(await jpn.locator('.mx-value').textContent()).toBe('30%');
    expect(await jpn.locator('.mx-gap').textContent()).toBe('−50*');
    expect(await jpn.locator('.mx-infra').textContent()).toBe('2');
    expect(await jpn.getAttribute('class')).toContain('worse');
    // The whisker spans the Wilson interval 17%–48% of its axis, the point at 30%: the stylesheet draws the point, the
    // interval's two ends and its line as layers of the whisker's background.
    const whisker = await jpn.locator('.mx-whisker').evaluate((element) => ({
      width: element.getBoundingClientRect().width,
      layers: getComputedStyle(element).backgroundPositionX.split(',').map((x) => parseFloat(x)),
    }));
    const [point, low, high, line] = whisker.layers;
    if (point === undefined || low === undefined || high === undefined || line === undefined) throw new Error('no whisker');
    expect((point + 2) / whisker.width).toBeCloseTo(0.3, 1);
    expect(low / whisker.width).toBeCloseTo(0.17, 1);
    expect((high + 1) / whisker.width).toBeCloseTo(0.48, 1);
    expect(line).toBe(low);
    // Not significant: no mark; the baseline has no gap.
    expect(await cellOf(page, 'agent-a', 'hin', 1).locator('.mx-gap').textContent()).toBe('−10');
    expect(await cellOf(page, 'agent-a', 'eng', 1).locator('.mx-gap').textContent()).toBe('');
    expect(await cellOf(page, 'agent-b', 'jpn', 1).getAttribute('class')).toContain('better');
  });

  it('says the numbers in words to a screen reader', async () => {
    const { page } = await showMatrix();
    expect(await page.locator('[role="grid"]').count()).toBe(1);
    expect(await cellOf(page, 'agent-a', 'jpn', 1).getAttribute('aria-label')).toBe(
      'agent-a, jpn, execution: pass hat 1 30.0 percent, 95 percent interval 17.0 percent to 48.0 percent, 50.0 points below eng, ' +
        'significant, Holm p 0.002, 2 infrastructure runs left out',
    );
  });

  it('shows raw and Holm-corrected p and the bootstrap interval of Δpass^1 in the tooltip', async () => {
    const { page } = await showMatrix();
    await cellOf(page, 'agent-a', 'jpn', 1).hover();
    const tooltip = page.locator('[role="tooltip"]');
    await tooltip.waitFor();
    expect(await tooltip.locator('div').allTextContents()).toEqual([
      'agent-a · jpn · execution',
      'pass^1 30.0% (95% CI 17.0%–48.0%, Wilson)',
      'gap to eng: −50.0 pp',
      'Δpass^1 −50.0 pp, bootstrap 95% CI −70.0 pp to −30.0 pp',
      'McNemar b = 14, c = 1: p = 0.001, Holm p = 0.002 (significant at 0.05)',
      '10 scenarios · 28 clean runs · 2 infra left out',
    ]);
    await cellOf(page, 'agent-a', 'hin', 1).hover();
    await expect.poll(() => tooltip.locator('div').nth(4).textContent()).toBe('McNemar b = 4, c = 1: p = 0.375, Holm p = 0.375 (not significant at 0.05)');
  });

  it('switches the measure: pass^3, pass@3, rho^3 and the infra rate', async () => {
    const { page } = await showMatrix();
    const jpn = cellOf(page, 'agent-a', 'jpn', 1);
    const pick = async (label: string) => {
      const picker = page.locator('vscode-single-select[aria-label="Measure"]');
      await picker.click();
      await picker.getByRole('option', { name: label, exact: true }).click();
    };
    await pick('pass^3');
    await expect.poll(() => jpn.locator('.mx-value').textContent()).toBe('10%');
    expect(await jpn.locator('.mx-gap').textContent()).toBe('−50*');
    expect(await jpn.locator('.mx-whisker').count()).toBe(0);
    await pick('pass@3');
    await expect.poll(() => jpn.locator('.mx-value').textContent()).toBe('50%');
    await pick('ρ^3');
    await expect.poll(() => jpn.locator('.mx-value').textContent()).toBe('0.33');
    await pick('infra rate');
    // 2 infrastructure runs of 30; a higher rate than the baseline's is worse.
    await expect.poll(() => jpn.locator('.mx-value').textContent()).toBe('7%');
    expect(await jpn.getAttribute('class')).toContain('worse');
    expect(await page.locator('[role="grid"]').getAttribute('aria-label')).toBe('infra rate by agent and language against eng');
  });

  it('offers the Grade measures when runs have a Grade', async () => {
    const report = smallReport();
    report.cells = report.cells.map((c) => (c.language === 'jpn' ? { ...c, grade: { runs: 28, bestRunMean: 0.62, bestOfRuns: 0.71 } } : c));
    const { page } = await showMatrix(matrixState(report));
    const picker = page.locator('vscode-single-select[aria-label="Measure"]');
    await picker.click();
    await picker.getByRole('option', { name: 'Grade best of runs', exact: true }).click();
    await expect.poll(() => cellOf(page, 'agent-a', 'jpn', 1).locator('.mx-value').textContent()).toBe('71%');
    expect(await cellOf(page, 'agent-a', 'eng', 1).locator('.mx-value').textContent()).toBe('–');
  });

  it('moves between cells with the arrow keys and filters the Regressions view with Enter or a click', async () => {
    const { page, host } = await showMatrix();
    const first = cellOf(page, 'agent-a', 'eng', 0);
    expect(await first.getAttribute('tabindex')).toBe('0');
    await first.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    await expect.poll(focused).toMatch(/^agent-b, jpn, all capabilities:/);
    await page.keyboard.press('End');
    await expect.poll(focused).toMatch(/^agent-b, jpn, search:/);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    const request = await host.request('filterRegressions');
    expect(request.params).toEqual<MatrixCellKey>({ agent: 'agent-a', setting: null, capability: 'search', language: 'jpn' });
    await expect.poll(() => page.locator('[role="status"]').textContent()).toBe('Regressions view filtered to agent-a · jpn · search: 3 regressions.');
    await expect.poll(() => cellOf(page, 'agent-a', 'jpn', 2).getAttribute('aria-selected')).toBe('true');

    await cellOf(page, 'agent-b', 'hin', 1).click();
    await expect.poll(() => host.requests.filter((r) => r.method === 'filterRegressions').length).toBe(2);
    expect(host.requests.at(-1)?.params).toEqual({ agent: 'agent-b', setting: null, capability: 'execution', language: 'hin' });
    expect(host.rejected).toEqual([]);
  });

  it('opens the cell menu with Shift+F10 and compares the worst scenario', async () => {
    const { page, host } = await showMatrix();
    const jpn = cellOf(page, 'agent-a', 'jpn', 1);
    await jpn.focus();
    // Keys pressed right after Shift+F10 go to the menu: it takes the focus as it opens, not a frame later.
    await page.keyboard.press('Shift+F10');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const menu = page.locator('[role="menu"]');
    const request = await host.request('compareWorst');
    expect(request.params).toEqual({ agent: 'agent-a', setting: null, capability: 'execution', language: 'jpn' });
    await expect.poll(() => menu.count()).toBe(0);
    await expect.poll(() => page.locator('[role="status"]').textContent()).toBe('Comparing agent-a/execution/scn_email_budget · jpn.');
    // Escape closes the menu and gives the cell its focus back.
    await jpn.click({ button: 'right' });
    await menu.waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-col'))).toBe(String(columnIndex('jpn', 1)));
  });

  it('exports the heatmap as SVG and PNG, and asks the host for the CSV, through validated requests', async () => {
    const { page, host } = await showMatrix();
    await page.locator('vscode-button[data-export="svg"]').click();
    const svg = (await host.request('saveImage')).params;
    expect(svg.format).toBe('svg');
    expect(svg.content).toMatch(/^<svg /);
    expect(svg.content).toContain('>agent-a</text>');
    expect(svg.content).toContain('>−50 *</text>');
    expect(svg.content).not.toContain('var(--');
    await expect.poll(() => page.locator('[role="status"]').textContent()).toBe('Saved /tmp/matrix.svg.');

    await page.locator('vscode-button[data-export="png"]').click();
    await expect.poll(() => host.requests.filter((r) => r.method === 'saveImage').length).toBe(2);
    const png = host.requests.at(-1)?.params as { format: string; content: string };
    expect(png.format).toBe('png');
    const bytes = Buffer.from(png.content, 'base64');
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    // Twice the SVG's width, from the IHDR chunk.
    const svgWidth = Number(/width="(\d+)"/.exec(svg.content)?.[1]);
    expect(bytes.readUInt32BE(16)).toBe(svgWidth * 2);

    await page.locator('vscode-button[data-export="csv"]').click();
    await host.request('exportCsv');
    await expect.poll(() => page.locator('[role="status"]').textContent()).toBe('Saved /tmp/matrix.csv.');
    expect(host.rejected).toEqual([]);
  });

  it('shows the verifier decomposition as stacked bars and the behavioural signatures', async () => {
    const { page } = await showMatrix();
    const jpn = page.locator('.verifier-agent').first().locator('.verifier-row').nth(2);
    expect(await jpn.getAttribute('aria-label')).toBe(
      'agent-a, jpn: 70.0% of clean runs failed: tool_count 40.0% (+30.0 pp against baseline), hard_check:email_checker 30.0% (+20.0 pp against baseline)',
    );
    const track = await jpn.locator('.verifier-track').boundingBox();
    const segments = jpn.locator('.verifier-segment');
    expect(await segments.count()).toBe(2);
    const first = await segments.first().boundingBox();
    expect((first?.width ?? 0) / (track?.width ?? 1)).toBeCloseTo(0.4, 1);
    expect(await jpn.locator('.verifier-change').textContent()).toBe('tool_count +30.0 pp');
    const row = page.locator('.signatures tbody tr').first();
    expect(await row.locator('th, td').allTextContents()).toEqual(['agent-a', 'jpn', '28', '+1.25', '40.0%', '30.0%', '0.120', '0.200', '+2.50', '+0.30']);
  });

  it('keeps the measure the panel saved and saves a new choice', async () => {
    const state = matrixState(smallReport());
    const { page } = await showMatrix(state, { savedState: { runDir: state.runDir, measure: 'passAt:2' } });
    await expect.poll(() => cellOf(page, 'agent-a', 'jpn', 1).locator('.mx-value').textContent()).toBe('45%');
    const saved = await page.evaluate(() => (globalThis as unknown as { __savedState: unknown }).__savedState);
    expect(saved).toEqual({ runDir: state.runDir, measure: 'passAt:2' });
  });

  it('renders 50 agents × 15 languages × 5 capabilities with only the visible rows in the page', async () => {
    const { page } = await showMatrix(matrixState(generatedReport(50, 15, 5)));
    expect(await page.locator('.mx-language').count()).toBe(15 * 6);
    expect(await page.locator('.matrix-row').count()).toBeLessThan(50);
    expect(await page.locator('[role="gridcell"]').count()).toBeLessThan(50 * 15 * 6 / 4);
    // Keyboard navigation reaches the last row, scrolling it into the page.
    await cellOf(page, 'agent-01', 'eng', 0).focus();
    await page.keyboard.press('Control+End');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '')).toMatch(/^agent-50, /);
  });

  for (const theme of ['light', 'dark', 'high-contrast'] as const) {
    it(`looks native in the ${theme} theme`, async () => {
      const { page, problems } = await showMatrix(matrixState(smallReport()), { theme, viewport: { width: 1200, height: 1000 } });
      await cellOf(page, 'agent-a', 'jpn', 1).hover();
      await page.locator('[role="tooltip"]').waitFor();
      await page.screenshot({ path: join(screenshots, `matrix-${theme}.png`), fullPage: true });
      expect(await problems()).toEqual([]);
    });
  }
});
