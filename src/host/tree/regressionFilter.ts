import * as vscode from 'vscode';
import type { Regression } from '../../core/index/runIndex';
import { agentOf, UNKNOWN_CAPABILITY } from '../../core/metrics/cellTally';
import type { LoadedRunDirectory } from '../loadedRunDirectory';
import { runsOf } from './nodeRuns';

// The Regressions view can be narrowed to one cell of the matrix: an agent, setting, capability (null: all of them)
// and target language. The view's description names the cell and "Clear Filter" in its title bar lifts it.

export interface RegressionCell {
  agent: string;
  setting: string | null;
  /** Null: every capability. */
  capability: string | null;
  language: string;
}

export const FILTERED_CONTEXT_KEY = 'trajectoryLens.regressionsFiltered';

/** True when the regression's target runs belong to the cell, as the metrics sort runs into cells. */
export function inCell(dir: LoadedRunDirectory, regression: Regression, cell: RegressionCell): boolean {
  if (regression.language !== cell.language) return false;
  return runsOf(dir, regression.group, regression.language).some(
    (run) =>
      agentOf(run) === cell.agent &&
      run.setting === cell.setting &&
      (cell.capability === null || (run.capability ?? UNKNOWN_CAPABILITY) === cell.capability),
  );
}

/** `agent-a · l2_tools · jpn · execution`. */
export function cellText(cell: RegressionCell): string {
  return [cell.agent, cell.setting, cell.language, cell.capability ?? 'all capabilities'].filter((s) => s !== null).join(' · ');
}

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
