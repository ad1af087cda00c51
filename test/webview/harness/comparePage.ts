// Opens the real compare bundle in headless Chromium with a fake host that speaks the real protocol: every message
// the page sends goes through the host's validator, and answers come back through window.postMessage as in VS Code.
import type { Browser } from 'playwright-core';
import type { CompareEvent, CompareRequests, CompareState } from '../../../src/protocol/compare';
import { parseCompareRequest } from '../../../src/protocol/validateCompare';
import { FakeWebviewHost, type Answers } from './fakeHost';
import type { PageServer } from './server';
import type { ThemeName } from './themes';
import { openWebviewPage, type WebviewPage } from './webviewPage';

export type CompareHost = FakeWebviewHost<CompareRequests, CompareEvent>;

/** What the extension answers when the test has no say: the handshake, the run picker, opening files, deep links. */
function defaultAnswers(state: CompareState): Answers<CompareRequests> {
  return {
    ready: ({ revision }) => (revision === state.revision ? { kind: 'current', labels: state.labels } : { kind: 'changed', state }),
    getRunChoices: () => state.choices,
    openFile: () => null,
    copyDeepLink: ({ row }) => ({ uri: `vscode://trajectory-lens.trajectory-lens/compare?row=${row}` }),
  };
}

export type ComparePage = WebviewPage<CompareHost>;

export interface OpenOptions {
  theme?: ThemeName;
  requestTimeoutMs?: number;
  /** Answers replacing the defaults; a method with neither gets an error response. */
  handlers?: Answers<CompareRequests>;
  viewport?: { width: number; height: number };
  /** What the webview's getState() returns at start (a restored panel). */
  savedState?: unknown;
  /** Wait until the first rows have painted (default true). */
  waitForRows?: boolean;
  /** The UI strings of a display language other than English. */
  l10n?: Record<string, string>;
}

export async function openComparePage(browser: Browser, server: PageServer, state: CompareState, options: OpenOptions = {}): Promise<ComparePage> {
  const view = await openWebviewPage(browser, server, {
    state,
    host: (page) => new FakeWebviewHost<CompareRequests, CompareEvent>(page, parseCompareRequest, { ...defaultAnswers(state), ...options.handlers }),
    viewport: options.viewport ?? { width: 1500, height: 950 },
    theme: options.theme,
    requestTimeoutMs: options.requestTimeoutMs,
    savedState: options.savedState,
    l10n: options.l10n,
  });
  if (options.waitForRows !== false) await view.page.locator('.virtual-row').first().waitFor();
  return view;
}
