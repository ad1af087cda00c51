// One compare webview panel: renders the HTML with its embedded state and answers the webview's requests.
import * as vscode from 'vscode';
import type { FileSource } from '../../core/fileSource';
import type { CompareLabelling } from '../labels/compareLabelling';
import type { CompareEvent, CompareRequest, CompareRequests, CompareState } from '../../protocol/compare';
import { parseCompareRequest } from '../../protocol/validateCompare';
import { WebviewPanelHost, webviewPanelOptions } from '../webview/webviewPanelHost';
import type { CompareSession } from './compareSession';
import { COMPARE_LINK_PATH, compareLinkQuery } from './deepLink';

export const COMPARE_VIEW_TYPE = 'trajectoryLens.compare';

export interface ComparePanelContext {
  extensionUri: vscode.Uri;
  extensionId: string;
  /** The run directory the compared runs live in. */
  root: vscode.Uri;
  fs: FileSource;
  labelling: CompareLabelling;
}

export class ComparePanel implements vscode.Disposable {
  private readonly host: WebviewPanelHost<CompareRequest, CompareEvent>;
  /** Revision of the state embedded in the current HTML. */
  private renderedRevision = -1;

  constructor(
    readonly panel: vscode.WebviewPanel,
    readonly session: CompareSession,
    private readonly context: ComparePanelContext,
    onDispose: () => void,
  ) {
    panel.webview.options = webviewPanelOptions(context.extensionUri);
    this.host = new WebviewPanelHost(panel, context.extensionUri, { parse: parseCompareRequest, answer: (r) => this.answer(r) }, onDispose);
    this.host.own(
      // Without retained context a hidden webview is rebuilt from its HTML when shown again: embed the current state.
      panel.onDidChangeViewState(() => {
        // A run that cannot be read now keeps the HTML it had; the webview's handshake reports problems when shown.
        if (!panel.visible) this.render(null, true).catch(() => undefined);
      }),
    );
  }

  get runDir(): string {
    return this.context.root.toString();
  }

  /** Writes the HTML with the comparison embedded; `reveal` scrolls to an aligned row once painted. */
  async render(reveal: number | null, onlyIfChanged = false): Promise<void> {
    const state = await this.session.state(reveal);
    if (this.host.disposed || (onlyIfChanged && state.revision === this.renderedRevision)) return;
    this.renderedRevision = state.revision;
    this.host.render('compare', panelTitle(state), state);
  }

  reveal(row: number | null): void {
    this.panel.reveal();
    if (row !== null) this.host.emit({ type: 'reveal', row });
  }

  /** Shows new state in the running webview (another pair of runs, a re-indexed directory). */
  push(state: CompareState): void {
    this.panel.title = panelTitle(state);
    this.host.emit({ type: 'state', state });
  }

  /** Shows the current labels (the labels file changed, trust was granted). */
  async pushLabels(): Promise<void> {
    this.host.emit({ type: 'labels', labels: await this.session.labels() });
  }

  dispose(): void {
    this.host.dispose();
  }

  private async answer(request: CompareRequest): Promise<CompareRequests[CompareRequest['method']]['result']> {
    switch (request.method) {
      case 'ready':
        return this.session.ready(request.params.revision);
      case 'switchRun': {
        const state = await this.session.switchRun(request.params.side, request.params.runIndex);
        this.panel.title = panelTitle(state);
        return state;
      }
      case 'swapSides': {
        const state = await this.session.swapSides();
        this.panel.title = panelTitle(state);
        return state;
      }
      case 'getRunChoices':
        return this.session.choices();
      case 'openFile':
        await this.openFile(request.params.path, request.params.line);
        return null;
      case 'label':
        this.context.labelling.label(this.runDir, this.session.runs.target, request.params.scope);
        return null;
      case 'copyDeepLink': {
        const uri = await this.deepLink(request.params.row);
        await vscode.env.clipboard.writeText(uri);
        return { uri };
      }
    }
  }

  private async openFile(path: string, line: number | null): Promise<void> {
    const stat = this.session.allowsFile(path) ? await this.context.fs.stat(path) : null;
    if (stat?.type !== 'file') throw new Error(vscode.l10n.t('{0} is not a file of the compared runs.', path));
    const uri = vscode.Uri.joinPath(this.context.root, ...path.split('/'));
    const position = new vscode.Position(Math.max(0, (line ?? 1) - 1), 0);
    await vscode.window.showTextDocument(uri, {
      preview: true,
      viewColumn: vscode.ViewColumn.Beside,
      selection: new vscode.Range(position, position),
    });
  }

  private async deepLink(row: number): Promise<string> {
    if (row >= (await this.session.rowCount())) throw new Error(vscode.l10n.t('Row {0} is not part of this comparison.', row));
    const { baseline, target } = this.session.runs;
    const query = compareLinkQuery({ baselineRunId: baseline.id, targetRunId: target.id, row });
    return `${vscode.env.uriScheme}://${this.context.extensionId}${COMPARE_LINK_PATH}?${query}`;
  }
}

function panelTitle(state: CompareState): string {
  const { baseline, target } = state.comparison;
  const side = (s: typeof baseline) => `${s.run.languageLabel} ${vscode.l10n.t('run {0}', s.run.runIndex)}`;
  return `${baseline.run.scenarioId}: ${side(baseline)} ↔ ${side(target)}`;
}
