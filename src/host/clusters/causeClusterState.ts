import * as vscode from 'vscode';
import { clusterRegressions, type CauseCluster } from '../../core/analysis/clusterRegressions';
import { regressionCauses } from '../../core/analysis/regressionCauses';
import type { RunIndex } from '../../core/index/runIndex';
import type { TranslationProblem } from '../../core/triage/translationSuspicion';
import type { LoadedRunDirectory } from '../loadedRunDirectory';
import type { RunStore } from '../runStore';

// The regressions of each run directory grouped by cause. Grouping reads both compared runs of every regression, so it
// runs in the background, a few runs at a time (the host stays responsive), with progress in the Regressions view,
// once per index and baseline: a re-index makes a new RunIndex, which is computed again when asked for.

const PROGRESS_INTERVAL_MS = 250;

export type ClusterProgress = { kind: 'computing'; done: number; total: number } | { kind: 'idle' } | { kind: 'failed'; message: string };

interface Computation {
  clusters: CauseCluster[] | null;
  cancelled: boolean;
}

export class CauseClusterState implements vscode.Disposable {
  private readonly computed = new WeakMap<RunIndex, Map<string, Computation>>();
  private readonly changed = new vscode.EventEmitter<void>();
  private progressState: ClusterProgress = { kind: 'idle' };
  private readonly subscription: vscode.Disposable;
  private running: Computation[] = [];
  private lastFired = 0;

  /** Fires when a directory's clusters are ready, or the progress changed. */
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly store: RunStore,
    private readonly translationProblemsOf: (dir: LoadedRunDirectory) => Promise<readonly TranslationProblem[]>,
    private readonly progressView: string,
  ) {
    // Work on an index that was replaced is no longer wanted.
    this.subscription = store.onDidIndex(() => this.cancelRunning());
  }

  get progress(): ClusterProgress {
    return this.progressState;
  }

  /** The directory's clusters, or undefined while they are computed (computing starts on the first ask). */
  clustersOf(dir: LoadedRunDirectory): CauseCluster[] | undefined {
    const byBaseline = this.computed.get(dir.index) ?? new Map<string, Computation>();
    this.computed.set(dir.index, byBaseline);
    const known = byBaseline.get(dir.baseline);
    if (known !== undefined && !known.cancelled) return known.clusters ?? undefined;
    const computation: Computation = { clusters: null, cancelled: false };
    byBaseline.set(dir.baseline, computation);
    void this.compute(dir, computation);
    return undefined;
  }

  /** Resolves with the directory's clusters once computed (for commands that need them). */
  async whenComputed(dir: LoadedRunDirectory): Promise<CauseCluster[]> {
    for (;;) {
      const clusters = this.clustersOf(dir);
      if (clusters !== undefined) return clusters;
      await new Promise<void>((resolve) => {
        const once = this.onDidChange(() => {
          once.dispose();
          resolve();
        });
      });
      if (this.progressState.kind === 'failed') throw new Error(this.progressState.message);
    }
  }

  private async compute(dir: LoadedRunDirectory, computation: Computation): Promise<void> {
    this.running.push(computation);
    try {
      await vscode.window.withProgress({ location: { viewId: this.progressView } }, async () => {
        const translationProblems = await this.translationProblemsOf(dir);
        const causes = await regressionCauses(dir.fs, dir.index, {
          baseline: dir.baseline,
          translationProblems,
          isCancelled: () => computation.cancelled,
          onProgress: (done, total) => this.setProgress({ kind: 'computing', done, total }),
        });
        if (!computation.cancelled) computation.clusters = clusterRegressions(causes);
      });
      this.setProgress({ kind: 'idle' });
    } catch (error) {
      computation.cancelled = true; // asked again later, it is computed again
      this.setProgress({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    } finally {
      this.running = this.running.filter((c) => c !== computation);
    }
  }

  private setProgress(progress: ClusterProgress): void {
    this.progressState = progress;
    // Progress is shown a few times a second, not once per regression.
    const now = Date.now();
    if (progress.kind === 'computing' && progress.done < progress.total && now - this.lastFired < PROGRESS_INTERVAL_MS) return;
    this.lastFired = now;
    this.changed.fire();
  }

  private cancelRunning(): void {
    for (const computation of this.running) computation.cancelled = true;
  }

  dispose(): void {
    this.cancelRunning();
    this.subscription.dispose();
    this.changed.dispose();
  }
}
