// One compare webview panel: renders the HTML with its embedded state and answers the webview's requests.
import * as vscode from 'vscode';
import type { FileSource } from '../../core/fileSource';
import type { CompareLabelling } from '../labels/compareLabelling';
import type { CompareEvent, CompareHostMessage, CompareRequest, CompareRequests, CompareState } from '../../protocol/compare';
import { parseCompareRequest } from '../../protocol/validateCompare';
import { createNonce, renderCompareHtml } from './compareHtml';
import type { CompareSession } from './compareSession';
import { COMPARE_LINK_PATH, compareLinkQuery } from './deepLink';

export const COMPARE_VIEW_TYPE = 'trajectoryLens.compare';
const REQUEST_TIMEOUT_MS = 15_000;

export interface ComparePanelContext {
  extensionUri: vscode.Uri;
  extensionId: string;
  /** The run directory the compared runs live in. */
  root: vscode.Uri;
  fs: FileSource;
  labelling: CompareLabelling;
}

export function compareWebviewOptions(extensionUri: vscode.Uri): vscode.WebviewOptions {
  return { enableScripts: true, localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist', 'webview')] };
}

export class ComparePanel implements vscode.Disposable {
  private readonly disposables: vscode.Disposable[] = [];
  /** Revision of the state embedded in the current HTML. */
  private renderedRevision = -1;
  private disposed = false;

  constructor(
    readonly panel: vscode.WebviewPanel,
    readonly session: CompareSession,
    private readonly context: ComparePanelContext,
    onDispose: () => void,
  ) {
    panel.webview.options = compareWebviewOptions(context.extensionUri);
    panel.iconPath = vscode.Uri.joinPath(context.extensionUri, 'media', 'trajectory-lens.svg');
    this.disposables.push(
      panel.webview.onDidReceiveMessage((message: unknown) => void this.receive(message)),
      // Without retained context a hidden webview is rebuilt from its HTML when shown again: embed the current state.
      panel.onDidChangeViewState(() => {
        // A run that cannot be read now keeps the HTML it had; the webview's handshake reports problems when shown.
        if (!panel.visible) this.render(null, true).catch(() => undefined);
      }),
      panel.onDidDispose(() => {
        this.disposed = true;
        onDispose();
        this.dispose();
      }),
    );
  }

  get runDir(): string {
    return this.context.root.toString();
  }

  /** Writes the HTML with the comparison embedded; `reveal` scrolls to an aligned row once painted. */
  async render(reveal: number | null, onlyIfChanged = false): Promise<void> {
    const state = await this.session.state(reveal);
    if (this.disposed || (onlyIfChanged && state.revision === this.renderedRevision)) return;
    const webview = this.panel.webview;
    const asset = (name: string) => webview.asWebviewUri(vscode.Uri.joinPath(this.context.extensionUri, 'dist', 'webview', name)).toString();
    this.panel.title = panelTitle(state);
    this.renderedRevision = state.revision;
    webview.html = renderCompareHtml({
      cspSource: webview.cspSource,
      nonce: createNonce(),
      scriptUri: asset('compare.js'),
      styleUri: asset('compare.css'),
      codiconUri: asset('codicon.css'),
      title: panelTitle(state),
      boot: { state, requestTimeoutMs: REQUEST_TIMEOUT_MS },
    });
  }

  reveal(row: number | null): void {
    this.panel.reveal();
    if (row !== null) this.post({ kind: 'event', event: { type: 'reveal', row } });
  }

  /** Shows new state in the running webview (another pair of runs, a re-indexed directory). */
  push(state: CompareState): void {
    this.panel.title = panelTitle(state);
    this.post({ kind: 'event', event: { type: 'state', state } satisfies CompareEvent });
  }

  /** Shows the current labels (the labels file changed, trust was granted). */
  async pushLabels(): Promise<void> {
    this.post({ kind: 'event', event: { type: 'labels', labels: await this.session.labels() } });
  }

  dispose(): void {
    for (const d of this.disposables.splice(0)) d.dispose();
    if (!this.disposed) this.panel.dispose();
  }

  private async receive(raw: unknown): Promise<void> {
    const parsed = parseCompareRequest(raw);
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

  private async answer(request: CompareRequest): Promise<CompareRequests[CompareRequest['method']]['result']> {
    switch (request.method) {
      case 'ready':
        return this.session.state(null);
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
    if (stat?.type !== 'file') throw new Error(`${path} is not a file of the compared runs.`);
    const uri = vscode.Uri.joinPath(this.context.root, ...path.split('/'));
    const position = new vscode.Position(Math.max(0, (line ?? 1) - 1), 0);
    await vscode.window.showTextDocument(uri, {
      preview: true,
      viewColumn: vscode.ViewColumn.Beside,
      selection: new vscode.Range(position, position),
    });
  }

  private async deepLink(row: number): Promise<string> {
    if (row >= (await this.session.rowCount())) throw new Error(`Row ${row} is not part of this comparison.`);
    const { baseline, target } = this.session.runs;
    const query = compareLinkQuery({ baselineRunId: baseline.id, targetRunId: target.id, row });
    return `${vscode.env.uriScheme}://${this.context.extensionId}${COMPARE_LINK_PATH}?${query}`;
  }

  private post(message: CompareHostMessage): void {
    if (!this.disposed) void this.panel.webview.postMessage(message);
  }
}

function panelTitle(state: CompareState): string {
  const { baseline, target } = state.comparison;
  const side = (s: typeof baseline) => `${s.run.languageLabel} run ${s.run.runIndex}`;
  return `${baseline.run.scenarioId}: ${side(baseline)} ↔ ${side(target)}`;
}
