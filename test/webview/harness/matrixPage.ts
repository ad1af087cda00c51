// Opens the real matrix bundle in headless Chromium with a fake host that validates every message with the
// extension's own validator.
import type { Browser, Page } from 'playwright-core';
import { parseMatrixRequest, type MatrixEvent, type MatrixRequests, type MatrixState } from '../../../src/protocol/matrix';
import { FakeWebviewHost, type Answers } from './fakeHost';
import type { PageServer } from './server';
import type { ThemeName } from './themes';
import { openWebviewPage, type WebviewPage } from './webviewPage';

export type MatrixHost = FakeWebviewHost<MatrixRequests, MatrixEvent>;
export type MatrixPage = WebviewPage<MatrixHost>;

export interface OpenMatrixOptions {
  theme?: ThemeName;
  handlers?: Answers<MatrixRequests>;
  viewport?: { width: number; height: number };
  savedState?: unknown;
}

function defaultAnswers(state: MatrixState): Answers<MatrixRequests> {
  return {
    ready: () => state,
    filterRegressions: () => ({ regressions: 3 }),
    compareWorst: () => ({ group: 'agent-a/execution/scn_email_budget' }),
    saveImage: ({ format }) => ({ path: `/tmp/matrix.${format}` }),
    exportCsv: () => ({ path: '/tmp/matrix.csv' }),
  };
}

export async function openMatrixPage(browser: Browser, server: PageServer, state: MatrixState, options: OpenMatrixOptions = {}): Promise<MatrixPage> {
  const view = await openWebviewPage(browser, server, {
    app: 'matrix',
    state,
    host: (page: Page) => new FakeWebviewHost<MatrixRequests, MatrixEvent>(page, parseMatrixRequest, { ...defaultAnswers(state), ...options.handlers }),
    viewport: options.viewport ?? { width: 1400, height: 1000 },
    theme: options.theme,
    savedState: options.savedState,
  });
  await view.page.locator('.matrix-row').first().waitFor();
  return view;
}
