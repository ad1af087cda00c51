// What one compare panel shows: two runs of a run directory, their comparison, and the runs the pickers offer.
// No 'vscode' import, so it runs under Node in tests.
import { comparePairInDirectory, type ComparedPair } from '../../core/analysis/comparePairInDirectory';
import type { FormatReader } from '../../core/formats/reader';
import { listRunFiles } from '../../core/index/listRunFiles';
import { loadTrajectory } from '../../core/index/loadTrajectory';
import type { RunDirectory } from '../../core/index/runDirectory';
import type { Diagnostic, RunSummary, Trajectory } from '../../core/model';
import type { CompareReadyResult, CompareState, RunChoice, RunChoices, Side } from '../../protocol/compare';
import type { CompareLabels } from '../../protocol/compareLabels';
import { byRunOrder } from '../../core/index/runOrder';

/** The run directory a compare panel reads, and what the panel shows besides the two runs. */
export interface CompareDirectory {
  /** The run directory's URI, as saved with the panel and matched again on restore. */
  uri: string;
  /** The directory as indexed now, asked at each use so a re-index (new runs, another `tau2Domains`) shows in an open panel. */
  current(): RunDirectory;
  /** The triage labels of the target run's pair and of the run. */
  labels(target: RunSummary): Promise<CompareLabels>;
  /**
   * Called with the problems of the directory's files a comparison read besides its runs (value sets, term tables),
   * keyed by what was read for which pair, so the Problems panel can list them.
   */
  reportProblems?(key: string, diagnostics: readonly Diagnostic[]): void;
  /** Whether values that differ only by form count as equivalent (the setting, read at each comparison). */
  equivalentForms?(): boolean;
  /** The readers runs load through; by default the registered ones as the directory's trajectory-lens.json tunes them. */
  readers?: readonly FormatReader[];
}

interface Compared extends ComparedPair {
  baseline: Trajectory;
  target: Trajectory;
}

/** Loaded trajectories kept per panel, so switching back and forth does not read the files again. */
const TRAJECTORY_CACHE_SIZE = 6;

export class CompareSession {
  private revision = 0;
  private current: Promise<Compared> | null = null;
  /** Files named by the directory diagnostics last shown, which the webview may open besides the runs' files. */
  private diagnosticFiles = new Set<string>();
  private readonly trajectories = new Map<string, Promise<Trajectory>>();

  constructor(
    private readonly directory: CompareDirectory,
    private baselineRun: RunSummary,
    private targetRun: RunSummary,
  ) {}

  get runs(): { baseline: RunSummary; target: RunSummary } {
    return { baseline: this.baselineRun, target: this.targetRun };
  }

  async state(reveal: number | null): Promise<CompareState> {
    const labels = this.labels();
    const { fs } = this.directory.current();
    const [{ comparison, firstDivergence, baseline, target, drift, entities, directoryDiagnostics }, baselineFiles, targetFiles] =
      await Promise.all([this.compared(), listRunFiles(fs, this.baselineRun), listRunFiles(fs, this.targetRun)]);
    this.diagnosticFiles = new Set(directoryDiagnostics.map((d) => d.path));
    return {
      revision: this.revision,
      runDir: this.directory.uri,
      comparison,
      choices: this.choices(),
      diagnostics: { baseline: baseline.diagnostics, target: target.diagnostics },
      directoryDiagnostics,
      files: { baseline: baselineFiles, target: targetFiles },
      reveal,
      firstDivergence,
      labels: await labels,
      drift,
      entities,
    };
  }

  /** The labels the header shows; a new label changes them without a new revision of the comparison. */
  /** The handshake's answer to a webview showing `revision`. */
  async ready(revision: number): Promise<CompareReadyResult> {
    if (revision === this.revision) return { kind: 'current', labels: await this.labels() };
    return { kind: 'changed', state: await this.state(null) };
  }

  labels(): Promise<CompareLabels> {
    return this.directory.labels(this.targetRun);
  }

  /** Switches one side to run N of the same scenario and language. */
  async switchRun(side: Side, runIndex: number): Promise<CompareState> {
    const current = side === 'baseline' ? this.baselineRun : this.targetRun;
    const next = this.siblings(current).find((run) => run.runIndex === runIndex);
    if (!next) throw new Error(`There is no run ${runIndex} of ${current.languageLabel} for this scenario.`);
    if (side === 'baseline') this.baselineRun = next;
    else this.targetRun = next;
    return this.changed();
  }

  async swapSides(): Promise<CompareState> {
    [this.baselineRun, this.targetRun] = [this.targetRun, this.baselineRun];
    return this.changed();
  }

  /** Replaces both runs (a deep link or a command asked for another pair in the same panel). */
  async show(baseline: RunSummary, target: RunSummary, reveal: number | null): Promise<CompareState> {
    this.baselineRun = baseline;
    this.targetRun = target;
    return this.changed(reveal);
  }

  /** The run directory was indexed again: find both runs by id and reload them; null when either is gone. */
  async refresh(): Promise<CompareState | null> {
    const byId = new Map(this.directory.current().index.runs.map((run) => [run.id, run]));
    const baseline = byId.get(this.baselineRun.id);
    const target = byId.get(this.targetRun.id);
    if (!baseline || !target) return null;
    this.baselineRun = baseline;
    this.targetRun = target;
    this.trajectories.clear();
    return this.changed();
  }

  choices(): RunChoices {
    return { baseline: this.siblings(this.baselineRun).map(toChoice), target: this.siblings(this.targetRun).map(toChoice) };
  }

  rowCount(): Promise<number> {
    return this.compared().then((c) => c.comparison.rows.length);
  }

  /** Only files of the two compared runs, and those the shown directory diagnostics name, may be opened from the webview. */
  allowsFile(path: string): boolean {
    if (this.diagnosticFiles.has(path)) return true;
    return [this.baselineRun.path, this.targetRun.path].some((runPath) => path === runPath || path.startsWith(`${runPath}/`));
  }

  private changed(reveal: number | null = null): Promise<CompareState> {
    this.revision++;
    this.current = null;
    return this.state(reveal);
  }

  private compared() {
    if (this.current === null) {
      const pending = Promise.all([this.trajectory(this.baselineRun), this.trajectory(this.targetRun)]).then(
        async ([baseline, target]): Promise<Compared> => {
          const pair = await comparePairInDirectory(this.directory.current(), baseline, target, {
            equivalentForms: this.directory.equivalentForms?.() ?? true,
          });
          const report = this.directory.reportProblems;
          if (report) {
            report(`values:${baseline.run.id}\n${target.run.id}`, pair.problemsBySource.values);
            report(`terms:${baseline.run.id}\n${target.run.id}`, pair.problemsBySource.terms);
          }
          return { ...pair, baseline, target };
        },
      );
      // A failed load is not cached: the next request tries again.
      pending.catch(() => {
        if (this.current === pending) this.current = null;
      });
      this.current = pending;
    }
    return this.current;
  }

  private trajectory(run: RunSummary): Promise<Trajectory> {
    let loading = this.trajectories.get(run.id);
    if (loading) {
      this.trajectories.delete(run.id); // re-inserted below as the most recently used
    } else {
      loading = loadTrajectory(this.directory.current().fs, run, {}, this.directory.readers);
      loading.catch(() => this.trajectories.delete(run.id));
    }
    this.trajectories.set(run.id, loading);
    while (this.trajectories.size > TRAJECTORY_CACHE_SIZE) {
      const oldest = this.trajectories.keys().next().value;
      if (oldest === undefined) break;
      this.trajectories.delete(oldest);
    }
    return loading;
  }

  /** Runs 1..N of the same scenario group, language and setting (SEATau l2_tools…) as `run`, in run order. */
  private siblings(run: RunSummary): RunSummary[] {
    return this.directory
      .current()
      .index.runs.filter((r) => r.group === run.group && r.language === run.language && r.setting === run.setting)
      .sort(byRunOrder);
  }
}

function toChoice(run: RunSummary): RunChoice {
  return { id: run.id, runIndex: run.runIndex, outcome: run.outcome, failureFamily: run.failureFamily };
}
