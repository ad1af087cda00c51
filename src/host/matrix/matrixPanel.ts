// The matrix webview panel: renders a run directory's metrics with the first state embedded and answers the
// webview's requests after validating them.
import * as vscode from 'vscode';
import { parseMatrixRequest, type MatrixEvent, type MatrixRequest, type MatrixRequests, type MatrixState } from '../../protocol/matrix';
import { WebviewPanelHost } from '../webview/webviewPanelHost';

export const MATRIX_VIEW_TYPE = 'trajectoryLens.matrix';

/** What the panel's requests do; the host's command wires them to the store, the Regressions view and compare. */
export interface MatrixActions {
  state(): MatrixState;
  filterRegressions(params: MatrixRequests['filterRegressions']['params']): Promise<MatrixRequests['filterRegressions']['result']>;
  compareWorst(params: MatrixRequests['compareWorst']['params']): Promise<MatrixRequests['compareWorst']['result']>;
  saveImage(params: MatrixRequests['saveImage']['params']): Promise<MatrixRequests['saveImage']['result']>;
  exportCsv(): Promise<MatrixRequests['exportCsv']['result']>;
}

export class MatrixPanel implements vscode.Disposable {
  private readonly host: WebviewPanelHost<MatrixRequest, MatrixEvent>;

  constructor(
    readonly panel: vscode.WebviewPanel,
    /** The run directory shown. */
    readonly runDir: string,
    private readonly actions: MatrixActions,
    extensionUri: vscode.Uri,
    onDispose: () => void,
  ) {
    this.host = new WebviewPanelHost(panel, extensionUri, { parse: parseMatrixRequest, answer: (r) => this.answer(r) }, onDispose);
  }

  render(state: MatrixState): void {
    this.host.render('matrix', vscode.l10n.t('Matrix: {0}', state.directory), state);
  }

  /** Shows a state the host made on its own (re-indexed, another baseline, the filter changed). */
  push(state: MatrixState): void {
    this.host.emit({ type: 'state', state });
  }

  dispose(): void {
    this.host.dispose();
  }

  private async answer(request: MatrixRequest): Promise<MatrixRequests[MatrixRequest['method']]['result']> {
    switch (request.method) {
      case 'ready':
        return this.actions.state();
      case 'filterRegressions':
        return this.actions.filterRegressions(request.params);
      case 'compareWorst':
        return this.actions.compareWorst(request.params);
      case 'saveImage':
        return this.actions.saveImage(request.params);
      case 'exportCsv':
        return this.actions.exportCsv();
    }
  }
}
