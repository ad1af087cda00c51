// The review webview panel: renders the queue with its first state embedded (the compare view's CSP and HTML) and
// answers the webview's requests after validating them.
import * as vscode from 'vscode';
import { parseReviewRequest, type ReviewHostMessage, type ReviewRequest, type ReviewRequests, type ReviewState } from '../../protocol/review';
import { createNonce, renderCompareHtml } from '../compare/compareHtml';
import type { ReviewSession } from './reviewSession';

export const REVIEW_VIEW_TYPE = 'trajectoryLens.review';
const REQUEST_TIMEOUT_MS = 15_000;

export class ReviewPanel implements vscode.Disposable {
  private readonly disposables: vscode.Disposable[] = [];
  private disposed = false;

  constructor(
    readonly panel: vscode.WebviewPanel,
    readonly session: ReviewSession,
    /** The run directory the queue is about. */
    readonly runDir: string,
    private readonly extensionUri: vscode.Uri,
    onDispose: () => void,
  ) {
    panel.iconPath = vscode.Uri.joinPath(extensionUri, 'media', 'trajectory-lens.svg');
    this.disposables.push(
      panel.webview.onDidReceiveMessage((message: unknown) => void this.receive(message)),
      panel.onDidDispose(() => {
        this.disposed = true;
        onDispose();
        this.dispose();
      }),
    );
  }

  render(state: ReviewState): void {
    const webview = this.panel.webview;
    const asset = (name: string) => webview.asWebviewUri(vscode.Uri.joinPath(this.extensionUri, 'dist', 'webview', name)).toString();
    this.panel.title = `Review: ${state.directory}`;
    webview.html = renderCompareHtml({
      cspSource: webview.cspSource,
      nonce: createNonce(),
      scriptUri: asset('review.js'),
      styleUri: asset('review.css'),
      codiconUri: asset('codicon.css'),
      title: this.panel.title,
      boot: { state, requestTimeoutMs: REQUEST_TIMEOUT_MS },
    });
  }

  /** Shows a state the host made on its own (the labels file changed, workspace trust was granted). */
  push(state: ReviewState): void {
    this.post({ kind: 'event', event: { type: 'state', state } });
  }

  dispose(): void {
    for (const d of this.disposables.splice(0)) d.dispose();
    if (!this.disposed) this.panel.dispose();
  }

  private async receive(raw: unknown): Promise<void> {
    const parsed = parseReviewRequest(raw);
    if (!parsed.ok) {
      if (parsed.id !== null) this.post({ kind: 'response', id: parsed.id, ok: false, error: `Rejected: ${parsed.error}` });
      return;
    }
    const request = parsed.value;
    try {
      const result = await this.answer(request);
      this.post({ kind: 'response', id: request.id, ok: true, result });
    } catch (error) {
      this.post({ kind: 'response', id: request.id, ok: false, error: error instanceof Error ? error.message : String(error) });
    }
  }

  private async answer(request: ReviewRequest): Promise<ReviewRequests[ReviewRequest['method']]['result']> {
    switch (request.method) {
      case 'ready':
        return this.session.state();
      case 'evidence':
        return this.session.evidence(request.params.position);
      case 'decide':
        return this.session.decide(request.params);
    }
  }

  private post(message: ReviewHostMessage): void {
    if (!this.disposed) void this.panel.webview.postMessage(message);
  }
}
