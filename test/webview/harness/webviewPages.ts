// For a test file of a webview's real bundle: the bundle built, a page server and Chromium started before its tests
// and stopped after them, and every page a test opened closed when that test ends.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { CompareState } from '../../../src/protocol/compare';
import { launchChromium } from '../../chromium';
import { ensureWebviewBundle } from './bundle';
import { openComparePage, type ComparePage, type OpenOptions } from './comparePage';
import { repoRoot, startPageServer, type PageServer } from './server';

/** Where the tests save the screenshots a reviewer looks at. */
export const screenshots = join(repoRoot, '.cache', 'screenshots');

/** Opens a page with the file's browser and server; it is closed when the test ends. */
export type OpenPage = <P extends { close(): Promise<void> }>(open: (browser: Browser, server: PageServer) => Promise<P>) => Promise<P>;

export function useWebviewPages(): OpenPage {
  let server: PageServer | undefined;
  let browser: Browser | undefined;
  const open: { close(): Promise<void> }[] = [];

  beforeAll(async () => {
    ensureWebviewBundle();
    mkdirSync(screenshots, { recursive: true });
    server = await startPageServer();
    browser = await launchChromium();
  });

  afterEach(async () => {
    await Promise.all(open.splice(0).map((view) => view.close()));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  return async (openPage) => {
    if (!browser || !server) throw new Error('the browser is not started');
    const view = await openPage(browser, server);
    open.push(view);
    return view;
  };
}

export type ShowComparePage = (state: CompareState, options?: OpenOptions) => Promise<ComparePage>;

/** `useWebviewPages` for the compare view. */
export function useComparePages(): ShowComparePage {
  const openPage = useWebviewPages();
  return (state, options = {}) => openPage((browser, server) => openComparePage(browser, server, state, options));
}
