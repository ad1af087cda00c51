import * as vscode from 'vscode';
import type { Regression } from '../../core/analysis/regressionTypes';
import type { LoadedRunDirectory } from '../loadedRunDirectory';
import { inCell, type RegressionCell } from './regressionCell';

// The Regressions view can be narrowed to one cell of the matrix; the view's description names the cell and
// "Clear Filter" in its title bar lifts it.

export const FILTERED_CONTEXT_KEY = 'trajectoryLens.regressionsFiltered';

export class RegressionFilter implements vscode.Disposable {
  private current: { cell: RegressionCell; directory: string } | null = null;
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;

  get cell(): RegressionCell | null {
    return this.current?.cell ?? null;
  }

  /** The URI of the run directory the cell is in. */
  get directory(): string | null {
    return this.current?.directory ?? null;
  }

  set(cell: RegressionCell, directory: string): void {
    this.current = { cell, directory };
    this.changed.fire();
    void vscode.commands.executeCommand('setContext', FILTERED_CONTEXT_KEY, true);
  }

  clear(): void {
    this.current = null;
    this.changed.fire();
    void vscode.commands.executeCommand('setContext', FILTERED_CONTEXT_KEY, false);
  }

  matches(dir: LoadedRunDirectory, regression: Regression): boolean {
    return this.current === null || (dir.uri.toString() === this.current.directory && inCell(dir, regression, this.current.cell));
  }

  dispose(): void {
    this.changed.dispose();
  }
}
