// The compare protocol under Node: the host's validation of untrusted webview messages, the webview's request
// client (ids, errors, timeouts, events), deep links, and the HTML the host embeds its state in.
import { describe, expect, it, vi } from 'vitest';
import { createNonce, embedJson, panelContentSecurityPolicy, renderPanelHtml } from '../../src/host/webview/panelHtml';
import { compareLinkQuery, parseCompareLink } from '../../src/host/compare/deepLink';
import type { CompareEvent, CompareRequests } from '../../src/protocol/compare';
import { createRpcClient, RpcError, RpcTimeoutError, type RpcRequest } from '../../src/protocol/rpc';
import { parseCompareRequest, parseSavedCompareState } from '../../src/protocol/validateCompare';
import { isSafeRelativePath } from '../../src/protocol/validate';
import { emailBudgetComparison, stateFor } from './fixtures/comparisons';

describe('validation of webview messages', () => {
  it('accepts each request of the protocol with well-formed parameters', () => {
    const requests = [
      { kind: 'request', id: 1, method: 'ready', params: { revision: 0 } },
      { kind: 'request', id: 2, method: 'switchRun', params: { side: 'target', runIndex: 3 } },
      { kind: 'request', id: 3, method: 'swapSides', params: {} },
      { kind: 'request', id: 4, method: 'openFile', params: { path: 'jpn/run_1/scn/events.jsonl', line: 12 } },
      { kind: 'request', id: 5, method: 'openFile', params: { path: 'jpn/run_1/scn/result.json', line: null } },
      { kind: 'request', id: 6, method: 'copyDeepLink', params: { row: 0 } },
      { kind: 'request', id: 7, method: 'getRunChoices', params: {} },
    ];
    for (const request of requests) expect(parseCompareRequest(request)).toEqual({ ok: true, id: request.id, value: request });
  });

  it.each([
    ['a string', 'switchRun', null, /not an object/],
    ['an unknown kind', { kind: 'response', id: 1 }, 1, /unknown message kind/],
    ['an unknown method', { kind: 'request', id: 1, method: 'runCommand', params: {} }, 1, /unknown method/],
    ['an inherited method name', { kind: 'request', id: 1, method: 'toString', params: {} }, 1, /unknown method/],
    ['a missing id', { kind: 'request', method: 'ready', params: { revision: 0 } }, null, /id/],
    ['a fractional id', { kind: 'request', id: 1.5, method: 'ready', params: { revision: 0 } }, null, /id/],
    ['extra fields', { kind: 'request', id: 1, method: 'ready', params: { revision: 0 }, html: '<b>' }, 1, /unexpected fields/],
    ['extra parameters', { kind: 'request', id: 1, method: 'swapSides', params: { force: true } }, 1, /expects parameters/],
    ['a missing parameter', { kind: 'request', id: 1, method: 'switchRun', params: { side: 'target' } }, 1, /expects parameters/],
    ['an unknown side', { kind: 'request', id: 1, method: 'switchRun', params: { side: 'oracle', runIndex: 1 } }, 1, /side/],
    ['a run index of 0', { kind: 'request', id: 1, method: 'switchRun', params: { side: 'target', runIndex: 0 } }, 1, /runIndex/],
    ['a run index as text', { kind: 'request', id: 1, method: 'switchRun', params: { side: 'target', runIndex: '2' } }, 1, /runIndex/],
    ['a revision as text', { kind: 'request', id: 1, method: 'ready', params: { revision: '3' } }, 1, /revision/],
    ['a handshake without its revision', { kind: 'request', id: 1, method: 'ready', params: {} }, 1, /expects parameters/],
    ['a negative row', { kind: 'request', id: 1, method: 'copyDeepLink', params: { row: -1 } }, 1, /row/],
    ['a huge row', { kind: 'request', id: 1, method: 'copyDeepLink', params: { row: 1e12 } }, 1, /row/],
    ['a line of 0', { kind: 'request', id: 1, method: 'openFile', params: { path: 'a.json', line: 0 } }, 1, /line/],
  ])('rejects %s', (_what, message, id, error) => {
    const parsed = parseCompareRequest(message);
    expect(parsed.ok).toBe(false);
    expect(parsed.id).toBe(id);
    if (!parsed.ok) expect(parsed.error).toMatch(error);
  });

  it.each([
    ['../secrets.txt'],
    ['eng/run_1/../../../etc/passwd'],
    ['/etc/passwd'],
    ['C:/Windows/win.ini'],
    ['eng\\run_1\\result.json'],
    ['eng//result.json'],
    ['./result.json'],
    ['eng/run_1/\u0000result.json'],
    [''],
    ['a/'.repeat(600)],
  ])('refuses to open %j: only paths inside the run directory', (path) => {
    expect(isSafeRelativePath(path)).toBe(false);
    expect(parseCompareRequest({ kind: 'request', id: 9, method: 'openFile', params: { path, line: null } }).ok).toBe(false);
  });

  it('accepts run file paths in any script', () => {
    expect(isSafeRelativePath('jpn/run_1/execution/予算/events.jsonl')).toBe(true);
    expect(isSafeRelativePath('results..v2/run.json')).toBe(true);
  });

  it('restores only a well-formed saved panel state', () => {
    const saved = { runDir: 'file:///runs', baselineRunId: 'eng/run_1/scn', targetRunId: 'jpn/run_1/scn', row: 12, lanes: { oracle: 0.2, baseline: 0.6 } };
    expect(parseSavedCompareState(saved)).toEqual(saved);
    expect(parseSavedCompareState({ ...saved, row: -3 })).toEqual({ ...saved, row: null });
    expect(parseSavedCompareState({ ...saved, lanes: { oracle: 2, baseline: 0.6 } })).toEqual({ ...saved, lanes: null });
    expect(parseSavedCompareState({ ...saved, lanes: undefined })).toEqual({ ...saved, lanes: null });
    expect(parseSavedCompareState({ ...saved, targetRunId: 7 })).toBeNull();
    expect(parseSavedCompareState({ ...saved, runDir: '' })).toBeNull();
    expect(parseSavedCompareState(null)).toBeNull();
  });
});

describe('request client of the webview', () => {
  type Sent = RpcRequest<CompareRequests>;

  function client(timeoutMs = 1000) {
    const sent: Sent[] = [];
    const rpc = createRpcClient<CompareRequests, CompareEvent>({ post: (m) => sent.push(m), timeoutMs });
    return { rpc, sent };
  }

  it('numbers requests from a counter and resolves each with its own response', async () => {
    const { rpc, sent } = client();
    const first = rpc.request('copyDeepLink', { row: 4 });
    const second = rpc.request('getRunChoices', {});
    expect(sent.map((m) => [m.id, m.method])).toEqual([
      [1, 'copyDeepLink'],
      [2, 'getRunChoices'],
    ]);
    expect(rpc.receive({ kind: 'response', id: 2, ok: true, result: { baseline: [], target: [] } })).toBe(true);
    expect(rpc.receive({ kind: 'response', id: 1, ok: true, result: { uri: 'vscode://x' } })).toBe(true);
    await expect(first).resolves.toEqual({ uri: 'vscode://x' });
    await expect(second).resolves.toEqual({ baseline: [], target: [] });
  });

  it('rejects with the host error message', async () => {
    const { rpc } = client();
    const pending = rpc.request('switchRun', { side: 'target', runIndex: 2 });
    rpc.receive({ kind: 'response', id: 1, ok: false, error: 'run 2 is unreadable' });
    await expect(pending).rejects.toThrow(RpcError);
    await expect(pending).rejects.toThrow('run 2 is unreadable');
  });

  it('rejects when the host does not answer in time, and ignores the late answer', async () => {
    vi.useFakeTimers();
    try {
      const { rpc } = client(2000);
      const pending = rpc.request('swapSides', {});
      const rejected = expect(pending).rejects.toThrow(RpcTimeoutError);
      vi.advanceTimersByTime(2001);
      await rejected;
      expect(rpc.receive({ kind: 'response', id: 1, ok: true, result: null })).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('passes host events to listeners and ignores foreign messages', () => {
    const { rpc } = client();
    const events: CompareEvent[] = [];
    const off = rpc.onEvent((e) => events.push(e));
    expect(rpc.receive({ kind: 'event', event: { type: 'reveal', row: 3 } })).toBe(true);
    expect(rpc.receive({ type: 'some-other-extension-message' })).toBe(false);
    expect(rpc.receive('text')).toBe(false);
    off();
    rpc.receive({ kind: 'event', event: { type: 'reveal', row: 4 } });
    expect(events).toEqual([{ type: 'reveal', row: 3 }]);
  });
});

describe('deep links', () => {
  it('round-trips run ids through the once-decoded query VS Code hands the handler', () => {
    for (const id of ['eng/run_1/execution/scn_email_budget', 'runs/a&b=c+d%e f/x', 'jpn/run_2/予算']) {
      const query = compareLinkQuery({ baselineRunId: id, targetRunId: 'jpn/run_1/scn', row: 7 });
      expect(parseCompareLink('/compare', decodeURIComponent(query))).toEqual({ baselineRunId: id, targetRunId: 'jpn/run_1/scn', row: 7 });
    }
    expect(compareLinkQuery({ baselineRunId: 'eng/run_1/scn', targetRunId: 'jpn/run_1/scn', row: null })).toBe(
      'base=eng/run_1/scn&target=jpn/run_1/scn',
    );
  });

  it('ignores links to other paths and malformed rows', () => {
    expect(parseCompareLink('/open', 'base=a&target=b')).toBeNull();
    expect(parseCompareLink('/compare', 'base=a')).toBeNull();
    expect(parseCompareLink('/compare', 'base=a&target=b&row=-1')).toBeNull();
    expect(parseCompareLink('/compare', 'base=a&target=b&row=1e9')).toBeNull();
    expect(parseCompareLink('/compare', 'base=a&target=b')).toEqual({ baselineRunId: 'a', targetRunId: 'b', row: null });
  });
});

describe('compare HTML', () => {
  it('has a strict CSP with the render nonce on every script and stylesheet', () => {
    const nonce = createNonce();
    const html = renderPanelHtml({
      cspSource: 'https://webview.example',
      nonce,
      scriptUri: 'https://webview.example/compare.js',
      styleUri: 'https://webview.example/compare.css',
      codiconUri: 'https://webview.example/codicon.css',
      title: 'scn <1>',
      boot: { state: stateFor(emailBudgetComparison()), requestTimeoutMs: 5000 },
    });
    const csp = panelContentSecurityPolicy('https://webview.example', nonce);
    expect(csp).toBe(
      `default-src 'none'; script-src 'nonce-${nonce}'; style-src https://webview.example 'nonce-${nonce}'; font-src https://webview.example; img-src https://webview.example data:`,
    );
    expect(html).toContain(`content="${csp.replace(/'/g, '&#39;')}"`);
    expect(html).not.toContain('unsafe-');
    expect(html.match(/<script type="module"[^>]*>/)?.[0]).toContain(`nonce="${nonce}"`);
    expect(html).toContain('<title>scn &#60;1&#62;</title>');
    expect(createNonce()).not.toBe(nonce);
  });

  it('embeds the state as JSON that trajectory text cannot break out of', () => {
    const hostile = { text: '</script><script>alert(1)</script><!--', separators: '\u2028\u2029', amp: '&amp;' };
    const embedded = embedJson(hostile);
    expect(embedded).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(embedded)).toEqual(hostile);
  });
});
