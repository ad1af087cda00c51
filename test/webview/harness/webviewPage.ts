// Opens a webview app's real bundle in headless Chromium as VS Code would show it: the host's HTML and CSP, the
// environment script standing in for VS Code's webview API, and a fake host receiving every message the page posts.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { PageServer } from './server';
import { THEMES, type ThemeName } from './themes';

const environmentScript = readFile(join(__dirname, '..', 'page', 'webviewEnvironment.js'), 'utf8');

/** A global the page (or its environment script) set. */
export function pageGlobal<T>(page: Page, name: string): Promise<T> {
  return page.evaluate((key) => (globalThis as unknown as Record<string, T>)[key] as T, name);
}

export interface PageHost {
  receive(raw: unknown): Promise<void>;
}

export interface WebviewPageOptions<H extends PageHost> {
  /** The webview app (dist/webview/<app>.js); the compare view unless named. */
  app?: string;
  /** The state embedded for the first paint. */
  state: unknown;
  /** The fake host answering the page. */
  host(page: Page): H;
  viewport: { width: number; height: number };
  theme?: ThemeName;
  requestTimeoutMs?: number;
  /** What the webview's getState() returns at start (a restored panel). */
  savedState?: unknown;
  /** The UI strings the host embeds for a display language other than English (`vscode.l10n.bundle`). */
  l10n?: Record<string, string>;
}

export interface WebviewPage<H extends PageHost> {
  page: Page;
  host: H;
  /** Errors thrown in the page and CSP violations it reported. */
  problems(): Promise<string[]>;
  close(): Promise<void>;
}

export async function openWebviewPage<H extends PageHost>(browser: Browser, server: PageServer, options: WebviewPageOptions<H>): Promise<WebviewPage<H>> {
  const page = await browser.newPage({ viewport: options.viewport });
  const host = options.host(page);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(`page error: ${error.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') pageErrors.push(`console error: ${m.text()}`);
  });
  await page.exposeBinding('__toHost', (_source, message: unknown) => host.receive(message));
  const env = { theme: THEMES[options.theme ?? 'dark'], savedState: options.savedState ?? null };
  await page.addInitScript({ content: `const __env = ${JSON.stringify(env)};\n${await environmentScript}` });
  await page.goto(server.page({ state: options.state, requestTimeoutMs: options.requestTimeoutMs ?? 10_000, l10n: options.l10n }, options.app));
  return {
    page,
    host,
    problems: async () => [...pageErrors, ...(await pageGlobal<string[]>(page, '__cspViolations'))],
    close: () => page.close(),
  };
}
