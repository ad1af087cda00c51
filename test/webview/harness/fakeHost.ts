// A fake extension host for any webview protocol: every message the page sends goes through the host's real
// validator, so a page that sends what the extension would refuse fails its test; answers come back through
// window.postMessage as in VS Code. What the host does per method is the test's answer table.
import type { Page } from 'playwright-core';
import type { HostMessage, RequestMap, RpcRequest } from '../../../src/protocol/rpc';
import type { Parsed } from '../../../src/protocol/validate';

interface Window {
  postMessage(message: unknown, targetOrigin: string): void;
}

type Method<Requests extends RequestMap> = keyof Requests & string;

/** The request of one method, its params typed. */
export type RequestOf<Requests extends RequestMap, M extends Method<Requests>> = Extract<RpcRequest<Requests>, { method: M }>;

/** The host's validator for a protocol, e.g. parseCompareRequest. */
export type Validator<Requests extends RequestMap> = (raw: unknown) => Parsed<RpcRequest<Requests>> & { id: number | null };

/** What the host answers; an error thrown becomes an error response, as the extension's does. */
type Answer<Requests extends RequestMap, M extends Method<Requests>> = (
  params: Requests[M]['params'],
) => Requests[M]['result'] | Promise<Requests[M]['result']>;

/** How the fake host answers each method; 'no-answer' leaves the request hanging (the webview's timeout must fire). */
export type Answers<Requests extends RequestMap> = { [M in Method<Requests>]?: Answer<Requests, M> | 'no-answer' };

export class FakeWebviewHost<Requests extends RequestMap, Event> {
  /** Requests that passed validation, in arrival order. */
  readonly requests: RpcRequest<Requests>[] = [];
  /** Messages the validator refused. */
  readonly rejected: string[] = [];
  private waiters: { method: string; resolve(request: RpcRequest<Requests>): void }[] = [];

  constructor(
    private readonly page: Page,
    private readonly validate: Validator<Requests>,
    private readonly answers: Answers<Requests>,
  ) {}

  async receive(raw: unknown): Promise<void> {
    const parsed = this.validate(raw);
    if (!parsed.ok) {
      this.rejected.push(parsed.error);
      if (parsed.id !== null) await this.send({ kind: 'response', id: parsed.id, ok: false, error: parsed.error });
      return;
    }
    const request = parsed.value;
    this.requests.push(request);
    for (const waiter of this.waiters.filter((w) => w.method === request.method)) waiter.resolve(request);
    this.waiters = this.waiters.filter((w) => w.method !== request.method);
    // The table pairs each method with its params, a link TypeScript loses once the method is a variable.
    const answer = this.answers[request.method] as ((params: unknown) => unknown) | 'no-answer' | undefined;
    if (answer === 'no-answer') return;
    try {
      if (!answer) throw new Error(`the test did not expect ${request.method}`);
      const result = await answer(request.params);
      await this.send({ kind: 'response', id: request.id, ok: true, result });
    } catch (error) {
      await this.send({ kind: 'response', id: request.id, ok: false, error: error instanceof Error ? error.message : String(error) });
    }
  }

  /** Posts to the page as VS Code does. Sent as JSON text: Playwright's own argument encoding is slow for big states. */
  send(message: HostMessage<Event>): Promise<void> {
    return this.page.evaluate((json) => (globalThis as unknown as Window).postMessage(JSON.parse(json), '*'), JSON.stringify(message));
  }

  /** The next (or an already received) request of a method. */
  request<M extends Method<Requests>>(method: M, timeoutMs = 5000): Promise<RequestOf<Requests, M>> {
    const seen = this.requests.find((r) => r.method === method);
    if (seen) return Promise.resolve(seen as RequestOf<Requests, M>);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${method} request within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({
        method,
        resolve: (r) => {
          clearTimeout(timer);
          resolve(r as RequestOf<Requests, M>);
        },
      });
    });
  }
}
