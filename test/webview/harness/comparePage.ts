// Opens the real compare bundle in headless Chromium with a fake host that speaks the real protocol: every message
// the page sends goes through the host's validator, and answers come back through window.postMessage as in VS Code.
import type { Browser, Page } from 'playwright-core';
import type { CompareHostMessage, CompareMethod, CompareRequest, CompareRequests, CompareState } from '../../../src/protocol/compare';
import { parseCompareRequest } from '../../../src/protocol/validateCompare';
import type { PageServer } from './server';
import type { ThemeName } from './themes';
import { openWebviewPage, type WebviewPage } from './webviewPage';

interface Window {
  postMessage(message: unknown, targetOrigin: string): void;
}

type Answer<M extends CompareMethod> = (
  params: CompareRequests[M]['params'],
) => CompareRequests[M]['result'] | Promise<CompareRequests[M]['result']>;

/** How the fake host answers each method; 'no-answer' leaves the request hanging (the webview's timeout must fire). */
export type Handlers = { [M in CompareMethod]?: Answer<M> | 'no-answer' };

export class FakeHost {
  /** Requests that passed validation, in arrival order. */
  readonly requests: CompareRequest[] = [];
  /** Messages the validator refused. */
  readonly rejected: string[] = [];
  private waiters: { method: CompareMethod; resolve(request: CompareRequest): void }[] = [];

  constructor(
    private readonly page: Page,
    public state: CompareState,
    private readonly handlers: Handlers,
  ) {}

  async receive(raw: unknown): Promise<void> {
    const parsed = parseCompareRequest(raw);
    if (!parsed.ok) {
      this.rejected.push(parsed.error);
      if (parsed.id !== null) await this.send({ kind: 'response', id: parsed.id, ok: false, error: parsed.error });
      return;
    }
    const request = parsed.value;
    this.requests.push(request);
    for (const waiter of this.waiters.filter((w) => w.method === request.method)) waiter.resolve(request);
    this.waiters = this.waiters.filter((w) => w.method !== request.method);
    const handler = (this.handlers[request.method] ?? this.defaultAnswer(request.method)) as
      | ((params: unknown) => unknown)
      | 'no-answer';
    if (handler === 'no-answer') return;
    try {
      const result = await handler(request.params);
      await this.send({ kind: 'response', id: request.id, ok: true, result });
    } catch (error) {
      await this.send({ kind: 'response', id: request.id, ok: false, error: error instanceof Error ? error.message : String(error) });
    }
  }

  /** Posts to the page as VS Code does. Sent as JSON text: Playwright's own argument encoding is slow for big states. */
  send(message: CompareHostMessage): Promise<void> {
    return this.page.evaluate((json) => (globalThis as unknown as Window).postMessage(JSON.parse(json), '*'), JSON.stringify(message));
  }

  /** The next (or an already received) request of a method. */
  request<M extends CompareMethod>(method: M, timeoutMs = 5000): Promise<Extract<CompareRequest, { method: M }>> {
    const seen = this.requests.find((r) => r.method === method);
    if (seen) return Promise.resolve(seen as Extract<CompareRequest, { method: M }>);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${method} request within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({
        method,
        resolve: (r) => {
          clearTimeout(timer);
          resolve(r as Extract<CompareRequest, { method: M }>);
        },
      });
    });
  }

  private defaultAnswer(method: CompareMethod): (params: unknown) => unknown {
    switch (method) {
      case 'ready':
        return (params) =>
          (params as { revision: number }).revision === this.state.revision
            ? { kind: 'current', labels: this.state.labels }
            : { kind: 'changed', state: this.state };
      case 'getRunChoices':
        return () => this.state.choices;
      case 'openFile':
        return () => null;
      case 'copyDeepLink':
        return (params) => ({
          uri: `vscode://trajectory-lens.trajectory-lens/compare?row=${(params as { row: number }).row}`,
        });
      default:
        return () => {
          throw new Error(`the test did not expect ${method}`);
        };
    }
  }
}

export type ComparePage = WebviewPage<FakeHost>;

export interface OpenOptions {
  theme?: ThemeName;
  requestTimeoutMs?: number;
  handlers?: Handlers;
  viewport?: { width: number; height: number };
  /** What the webview's getState() returns at start (a restored panel). */
  savedState?: unknown;
  /** Wait until the first rows have painted (default true). */
  waitForRows?: boolean;
}

export async function openComparePage(browser: Browser, server: PageServer, state: CompareState, options: OpenOptions = {}): Promise<ComparePage> {
  const view = await openWebviewPage(browser, server, {
    state,
    host: (page) => new FakeHost(page, state, options.handlers ?? {}),
    viewport: options.viewport ?? { width: 1500, height: 950 },
    theme: options.theme,
    requestTimeoutMs: options.requestTimeoutMs,
    savedState: options.savedState,
  });
  if (options.waitForRows !== false) await view.page.locator('.virtual-row').first().waitFor();
  return view;
}
