// What the extension's webview panels share: the icon, the HTML under the strict CSP with the first state embedded,
// answering the webview's requests only once the protocol's validator accepts them (the webview is untrusted), and
// disposal that tells the panel's owner. Each panel keeps its own requests and state.
import * as vscode from 'vscode';
import type { HostMessage } from '../../protocol/rpc';
import type { Parsed } from '../../protocol/validate';
import { createNonce, renderPanelHtml } from './panelHtml';

/** How long a webview waits for an answer before it reports the host as not answering. */
const REQUEST_TIMEOUT_MS = 15_000;

/** Scripts on, and only the bundled webview files loadable. */
export function webviewPanelOptions(extensionUri: vscode.Uri): vscode.WebviewOptions {
  return { enableScripts: true, localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist', 'webview')] };
}

/**
 * Restores the panels of `viewType` after a window reload. `restore` gets the panel and the state its webview saved
 * (untrusted: validate it) and returns why it cannot show it, or null once it did; the panel then says why instead.
 */
export function registerPanelRestorer(
  viewType: string,
  restore: (panel: vscode.WebviewPanel, saved: unknown) => Promise<string | null>,
): vscode.Disposable {
  return vscode.window.registerWebviewPanelSerializer(viewType, {
    deserializeWebviewPanel: async (panel, saved) => {
      const problem = await restore(panel, saved).catch((error: unknown) => (error instanceof Error ? error.message : String(error)));
      if (problem !== null) showPanelMessage(panel, problem);
    },
  });
}

/** Replaces a panel's content with one plain sentence (scripts off; the text is escaped). */
function showPanelMessage(panel: vscode.WebviewPanel, text: string): void {
  const escaped = text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  panel.webview.options = { enableScripts: false };
  panel.webview.html = `<!DOCTYPE html><html><head><meta http-equiv="Content-Security-Policy" content="default-src 'none';"></head><body><p>${escaped}</p></body></html>`;
}

export interface WebviewRequests<Request extends { id: number }> {
  /** The protocol's validator; a rejected request still names its id when it had a valid one. */
  parse(raw: unknown): Parsed<Request> & { id: number | null };
  answer(request: Request): Promise<unknown>;
}

export class WebviewPanelHost<Request extends { id: number }, Event> implements vscode.Disposable {
  private readonly disposables: vscode.Disposable[] = [];
  private closed = false;

  constructor(
    readonly panel: vscode.WebviewPanel,
    private readonly extensionUri: vscode.Uri,
    private readonly requests: WebviewRequests<Request>,
    onDispose: () => void,
  ) {
    panel.iconPath = vscode.Uri.joinPath(extensionUri, 'media', 'trajectory-lens.svg');
    this.disposables.push(
      panel.webview.onDidReceiveMessage((message: unknown) => void this.receive(message)),
      panel.onDidDispose(() => {
        this.closed = true;
        onDispose();
        this.dispose();
      }),
    );
  }

  /** True once the user (or the extension) closed the panel. */
  get disposed(): boolean {
    return this.closed;
  }

  /** Released with the panel. */
  own(disposable: vscode.Disposable): void {
    this.disposables.push(disposable);
  }

  /** Titles the panel and writes the HTML of webview app `app` (dist/webview/<app>.js, .css) with `state` embedded. */
  render(app: string, title: string, state: unknown): void {
    const webview = this.panel.webview;
    const asset = (name: string) => webview.asWebviewUri(vscode.Uri.joinPath(this.extensionUri, 'dist', 'webview', name)).toString();
    this.panel.title = title;
    webview.html = renderPanelHtml({
      cspSource: webview.cspSource,
      nonce: createNonce(),
      scriptUri: asset(`${app}.js`),
      styleUri: asset(`${app}.css`),
      codiconUri: asset('codicon.css'),
      title,
      lang: vscode.env.language,
      boot: { state, requestTimeoutMs: REQUEST_TIMEOUT_MS, l10n: vscode.l10n.bundle },
    });
  }

  /** Sends an event the host raised on its own; dropped once the panel is closed. */
  emit(event: Event): void {
    this.post({ kind: 'event', event });
  }

  dispose(): void {
    for (const d of this.disposables.splice(0)) d.dispose();
    if (!this.closed) this.panel.dispose();
  }

  private async receive(raw: unknown): Promise<void> {
    const parsed = this.requests.parse(raw);
    if (!parsed.ok) {
      if (parsed.id !== null) this.post({ kind: 'response', id: parsed.id, ok: false, error: `Rejected: ${parsed.error}` });
      return;
    }
    const request = parsed.value;
    try {
      const result = await this.requests.answer(request);
      this.post({ kind: 'response', id: request.id, ok: true, result });
    } catch (error) {
      this.post({ kind: 'response', id: request.id, ok: false, error: error instanceof Error ? error.message : String(error) });
    }
  }

  private post(message: HostMessage<Event>): void {
    if (!this.closed) void this.panel.webview.postMessage(message);
  }
}
