// `trajectory-lens export --worklist` on the examples with a planted hostile scenario and label, the page opened from
// disk in headless Chromium with every request but the export's own files refused: the matrix and the regressions show,
// every link opens a comparison report written beside it, run and label text stays text, no CSP violation.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { marked, type Token } from 'marked';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../chromium';
import { ensureCliBundle, ensureWebviewBundle } from './harness/bundle';
import { repoRoot } from './harness/server';

const PAYLOAD = '<img src=x onerror="window.__xss = 1"><script>window.__xss = 2</script>[x](command:workbench.action.terminal.new)';

/** A canonical-format scenario whose id, agent and diverging write carry the payload: passes in eng, fails in jpn. */
function plantPayloadScenario(runs: string): void {
  const header = (language: string, outcome: 'pass' | 'fail') => ({
    type: 'run',
    schema: 'trajectory-lens/v1',
    id: `${language}-1`,
    scenarioId: `scn_${PAYLOAD}`,
    language,
    runIndex: 1,
    capability: 'payload',
    agent: `agent ${PAYLOAD}`,
    outcome,
    ...(outcome === 'fail' ? { failureReason: `Cannot match ${PAYLOAD}`, failureFamily: 'other' } : {}),
  });
  const write = (body: string) => ({ type: 'tool_call', tool: 'Emails__send_email', args: { body }, result: 'sent', write: true });
  const lines = [header('eng', 'pass'), write('Hello'), header('jpn', 'fail'), write(PAYLOAD)];
  mkdirSync(join(runs, 'zz-payload'));
  writeFileSync(join(runs, 'zz-payload', 'payload.trajectory.jsonl'), `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
}

function cli(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [join(repoRoot, 'bin', 'trajectory-lens.js'), ...args], {
    encoding: 'utf8',
    env: { ...process.env, TRAJECTORY_LENS_NO_CACHE: '1' },
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('trajectory-lens export --worklist', () => {
  let dir: string;
  let runs: string;
  let worklist: string;
  let browser: Browser;
  let exported: { status: number | null; stdout: string; stderr: string };

  beforeAll(async () => {
    ensureWebviewBundle();
    ensureCliBundle();
    dir = mkdtempSync(join(tmpdir(), 'tl-worklist-'));
    runs = join(dir, 'gaia2-multilingual');
    cpSync(join(repoRoot, 'examples', 'gaia2-multilingual'), runs, { recursive: true });
    plantPayloadScenario(runs);
    const group = `zz-payload#scn_${PAYLOAD}`;
    const labelled = cli(['label', runs, '--group', group, '--language', 'jpn', '--code', 'A1', '--note', `note ${PAYLOAD}`, '--annotator', 'ana']);
    expect(labelled.stderr).toBe('');
    worklist = join(dir, 'out', 'worklist.html');
    mkdirSync(dirname(worklist));
    exported = cli(['export', runs, '--worklist', '-o', worklist]);
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function open(url: string, colorScheme: 'light' | 'dark' = 'light'): Promise<{ page: Page; requests: string[] }> {
    const context = await browser.newContext({ colorScheme, viewport: { width: 1400, height: 900 } });
    const requests: string[] = [];
    const allowed = pathToFileURL(join(dir, 'out')).toString();
    await context.route('**/*', (route) => {
      const requested = route.request().url();
      requests.push(requested);
      return requested.startsWith(allowed) ? route.continue() : route.abort();
    });
    const page = await context.newPage();
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        (window as unknown as { __csp: string[] }).__csp ??= [];
        (window as unknown as { __csp: string[] }).__csp.push(`${e.violatedDirective}: ${e.blockedURI}`);
      });
    });
    await page.goto(url);
    return { page, requests };
  }

  it('writes the worklist and one comparison report per regression, and says where and how big', () => {
    expect(exported.status).toBe(0);
    const reports = readdirSync(join(dir, 'out', 'worklist-reports'));
    const regressions = JSON.parse(cli(['regressions', runs, '--json']).stdout) as unknown[];
    expect(reports).toHaveLength(regressions.length);
    const size = statSync(worklist).size;
    const reportBytes = reports.reduce((n, name) => n + statSync(join(dir, 'out', 'worklist-reports', name)).size, 0);
    expect(exported.stdout).toContain(`wrote ${worklist} (${(size / 1e3).toFixed(1)} kB), and ${reports.length} comparison reports in ${join(dir, 'out', 'worklist-reports')} (${(reportBytes / 1e6).toFixed(1)} MB)`);
    console.log(`exported worklist: ${size} bytes; ${reports.length} reports, ${reportBytes} bytes`);
  });

  it('refuses what does not go with --worklist', () => {
    expect(cli(['export', runs, '--worklist', '--group', 'g', '-o', join(dir, 'x.html')]).status).toBe(2);
    expect(cli(['export', runs, '--worklist', '--format', 'pdf', '-o', join(dir, 'x.html')]).status).toBe(2);
    expect(cli(['export', runs, '--format', 'md', '--group', 'g', '--language', 'jpn', '-o', join(dir, 'x.html')]).status).toBe(2);
    expect(existsSync(join(dir, 'x.html'))).toBe(false);
  });

  it('shows the matrix and the regressions offline, with run and label text inert and no CSP violation', async () => {
    const url = pathToFileURL(worklist).toString();
    const { page, requests } = await open(url);
    const matrix = page.locator('table.matrix');
    expect(await matrix.locator('thead th').allTextContents()).toEqual(['agent', 'eng', 'cmn', 'fra', 'hin', 'jpn', 'spa']);
    const agentRow = await matrix.locator('tbody tr', { hasText: /^agent-a/ }).innerText();
    expect(agentRow).toMatch(/^agent-a\s+\d+%\s+\d+% −\d+ pp/);
    const body = await page.locator('body').innerText();
    expect(body).toContain(`scn_${PAYLOAD}`);
    expect(body).toContain(`note ${PAYLOAD}`);
    expect(body).toContain('A1');
    expect(await page.locator('img, script').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])).toEqual([]);
    expect(requests).toEqual([url]);
    await page.context().close();
  });

  it('links every regression to a comparison report that exists and opens', async () => {
    const { page } = await open(pathToFileURL(worklist).toString());
    const hrefs = await page.locator('table.regressions a').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
    expect(hrefs.length).toBe(readdirSync(join(dir, 'out', 'worklist-reports')).length);
    for (const href of hrefs) expect(existsSync(new URL(href)), href).toBe(true);
    await page.locator('table.regressions a').first().click();
    await page.locator('.virtual-row').first().waitFor();
    expect(await page.locator('.lane--target').first().isVisible()).toBe(true);
    await page.context().close();
  });

  it('follows the reader’s system theme', async () => {
    const background = async (scheme: 'light' | 'dark') => {
      const { page } = await open(pathToFileURL(worklist).toString(), scheme);
      const color = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      await page.context().close();
      return color;
    };
    expect(await background('light')).toBe('rgb(255, 255, 255)');
    expect(await background('dark')).toBe('rgb(31, 31, 31)');
  });

  it('writes Markdown with --format md, its links to the reports resolving and run text in code', () => {
    const markdownFile = join(dir, 'out', 'worklist.md');
    expect(cli(['export', runs, '--worklist', '--format', 'md', '-o', markdownFile]).status).toBe(0);
    const walk = (list: Token[], found: Token[] = []): Token[] => {
      for (const t of list) {
        found.push(t);
        if ('tokens' in t && Array.isArray(t.tokens)) walk(t.tokens, found);
        if (t.type === 'table') for (const c of [...t.header, ...t.rows.flat()]) walk(c.tokens, found);
      }
      return found;
    };
    const tokens = walk(marked.lexer(readFileSync(markdownFile, 'utf8')));
    expect(tokens.filter((t) => t.type === 'html')).toEqual([]);
    const links = tokens.filter((t) => t.type === 'link').map((t) => (t as { href: string }).href);
    expect(links.length).toBeGreaterThan(0);
    for (const href of links) expect(existsSync(resolve(dirname(markdownFile), decodeURI(href))), href).toBe(true);
  });
});
