// The review webview panel: renders the queue with its first state embedded (the compare view's CSP and HTML) and
// answers the webview's requests after validating them.
import * as vscode from 'vscode';
import { parseReviewRequest, type ReviewEvent, type ReviewRequest, type ReviewRequests, type ReviewState } from '../../protocol/review';
import { WebviewPanelHost } from '../webview/webviewPanelHost';
import type { ReviewSession } from './reviewSession';

export const REVIEW_VIEW_TYPE = 'trajectoryLens.review';

export class ReviewPanel implements vscode.Disposable {
  private readonly host: WebviewPanelHost<ReviewRequest, ReviewEvent>;

  constructor(
    readonly panel: vscode.WebviewPanel,
    readonly session: ReviewSession,
    /** The run directory the queue is about. */
    readonly runDir: string,
    extensionUri: vscode.Uri,
    onDispose: () => void,
  ) {
    this.host = new WebviewPanelHost(panel, extensionUri, { parse: parseReviewRequest, answer: (r) => this.answer(r) }, onDispose);
  }

  render(state: ReviewState): void {
    this.host.render('review', vscode.l10n.t('Review: {0}', state.directory), state);
  }

  /** Shows a state the host made on its own (the labels file changed, workspace trust was granted). */
  push(state: ReviewState): void {
    this.host.emit({ type: 'state', state });
  }

  dispose(): void {
    this.host.dispose();
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
}
