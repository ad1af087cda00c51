// `trajectory-lens export` of a planted regression, opened from disk in headless Chromium with every request but the
// file itself refused: the comparison shows, agent text stays text, the CSP is never violated, nothing is fetched.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../chromium';
import { ensureCliBundle, ensureWebviewBundle } from './harness/bundle';
import { repoRoot } from './harness/server';

const PAYLOAD = '<img src=x onerror="window.__xss = 1"><script>window.__xss = 2</script>';
const TARGET_RUN = join('agent-a', 'cmn', 'run_1', 'execution', 'scn_email_budget');

interface Opened {
  page: Page;
  /** Every URL the page asked for, the report itself included. */
  requests: string[];
  problems: string[];
}

describe('trajectory-lens export', () => {
  let dir: string;
  let report: string;
  let browser: Browser;
  let cliOutput: string;

  beforeAll(async () => {
    ensureWebviewBundle();
    ensureCliBundle();
    dir = mkdtempSync(join(tmpdir(), 'tl-export-'));
    const runs = join(dir, 'gaia2-multilingual');
    cpSync(join(repoRoot, 'examples', 'gaia2-multilingual'), runs, { recursive: true });
    writeFileSync(join(runs, TARGET_RUN, 'agent_response.txt'), `未找到联系人。${PAYLOAD}`);
    report = join(dir, 'report.html');
    const cli = join(repoRoot, 'bin', 'trajectory-lens.js');
    const args = ['export', runs, '--group', 'agent-a/execution/scn_email_budget', '--language', 'cmn', '-o', report];
    cliOutput = execFileSync(process.execPath, [cli, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function open(colorScheme: 'light' | 'dark'): Promise<Opened> {
    const context = await browser.newContext({ colorScheme, viewport: { width: 1500, height: 950 } });
    const url = pathToFileURL(report).toString();
    const requests: string[] = [];
    await context.route('**/*', (route) => {
      requests.push(route.request().url());
      return route.request().url() === url ? route.continue() : route.abort();
    });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        (window as unknown as { __csp: string[] }).__csp ??= [];
        (window as unknown as { __csp: string[] }).__csp.push(`${e.violatedDirective}: ${e.blockedURI}`);
      });
    });
    await page.goto(url);
    await page.locator('.virtual-row').first().waitFor();
    return { page, requests, problems };
  }

  it('writes one HTML file and says where and how big', () => {
    const size = statSync(report).size;
    expect(cliOutput).toContain(`wrote ${report} (${(size / 1e6).toFixed(1)} MB)`);
    console.log(`exported report: ${size} bytes`);
  });

  it('shows both lanes, the oracle and the judge rationale offline, with agent text inert and no CSP violation', async () => {
    const { page, requests, problems } = await open('light');
    const text = await page.locator('#root').innerText();
    expect(text).toContain('eng');
    expect(text).toContain('cmn');
    expect(await page.locator('.lane--baseline').first().isVisible()).toBe(true);
    expect(await page.locator('.lane--target').first().isVisible()).toBe(true);
    expect(await page.locator('.lane--oracle').first().isVisible()).toBe(true);
    expect(text).toContain('send_email');
    expect(await page.locator('.rationale-row').count()).toBeGreaterThan(0);
    await expect.poll(() => page.locator('#root').innerText()).toContain(PAYLOAD);
    expect(await page.locator('#root img, #root script').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])).toEqual([]);
    expect(problems).toEqual([]);
    expect(requests).toEqual([pathToFileURL(report).toString()]);
    await page.context().close();
  });

  it('follows the reader’s system theme', async () => {
    const background = async (scheme: 'light' | 'dark') => {
      const { page } = await open(scheme);
      const shown = await page.evaluate(() => ({
        color: getComputedStyle(document.body).backgroundColor,
        dark: document.body.classList.contains('vscode-dark'),
      }));
      await page.context().close();
      return shown;
    };
    expect(await background('light')).toEqual({ color: 'rgb(255, 255, 255)', dark: false });
    expect(await background('dark')).toEqual({ color: 'rgb(31, 31, 31)', dark: true });
  });

  it('answers what needs VS Code with a clear message', async () => {
    const { page } = await open('light');
    await page.locator('vscode-button[title="Swap baseline and target"]').click();
    await expect.poll(() => page.locator('#root').innerText()).toContain('Could not swap sides: Not available in an exported report.');
    expect(await page.locator('.label-button').first().getAttribute('title')).toContain('Not available in an exported report.');
    await page.context().close();
  });
});
