// What one compare panel shows: two runs of a run directory, their comparison, and the runs the pickers offer.
// No 'vscode' import, so it runs under Node in tests.
import type { Comparison } from '../../core/analysis/comparison';
import type { LoadedAliases } from '../../core/entities/loadEntityAliases';
import type { Diagnostic, RunSummary, Trajectory } from '../../core/model';
import { comparedPair, compareState, type ComparedPair } from '../../core/render/compareState';
import type { CompareReadyResult, CompareState, RunChoice, RunChoices, Side } from '../../protocol/compare';
import type { CompareLabels } from '../../protocol/compareLabels';
import { byRunOrder } from '../../core/index/runOrder';

export interface CompareSource {
  /** The run directory's URI, as saved with the panel and matched again on restore. */
  runDir: string;
  /** The directory's runs as indexed now (the index may be rebuilt while the panel is open). */
  runs(): readonly RunSummary[];
  loadTrajectory(run: RunSummary): Promise<Trajectory>;
  /** The run's files, relative to the run directory. */
  listFiles(run: RunSummary): Promise<string[]>;
  /** The comparison, with the problems of the directory's files it read (value sets mapping localized literals). */
  compareRuns(baseline: Trajectory, target: Trajectory): ComparedRuns | Promise<ComparedRuns>;
  /** Known equivalences (value sets, term tables) the entity colouring links across scripts, with the problems reading them. */
  entityAliases?(baseline: RunSummary, target: RunSummary): Promise<LoadedAliases>;
  /** The triage labels of the target run's pair and of the run. */
  labels(target: RunSummary): Promise<CompareLabels>;
}

export interface ComparedRuns {
  comparison: Comparison;
  diagnostics: Diagnostic[];
}

/** Loaded trajectories kept per panel, so switching back and forth does not read the files again. */
const TRAJECTORY_CACHE_SIZE = 6;

export class CompareSession {
  private revision = 0;
  private current: Promise<ComparedPair> | null = null;
  /** Files named by the directory diagnostics last shown, which the webview may open besides the runs' files. */
  private diagnosticFiles = new Set<string>();
  private readonly trajectories = new Map<string, Promise<Trajectory>>();

  constructor(
    private readonly source: CompareSource,
    private baselineRun: RunSummary,
    private targetRun: RunSummary,
  ) {}

  get runs(): { baseline: RunSummary; target: RunSummary } {
    return { baseline: this.baselineRun, target: this.targetRun };
  }

  async state(reveal: number | null): Promise<CompareState> {
    const labels = this.labels();
    const [pair, baselineFiles, targetFiles] = await Promise.all([
      this.compared(),
      this.source.listFiles(this.baselineRun),
      this.source.listFiles(this.targetRun),
    ]);
    this.diagnosticFiles = new Set(pair.directoryDiagnostics.map((d) => d.path));
    return compareState(pair, {
      revision: this.revision,
      runDir: this.source.runDir,
      choices: this.choices(),
      files: { baseline: baselineFiles, target: targetFiles },
      reveal,
      labels: await labels,
    });
  }

  /** The labels the header shows; a new label changes them without a new revision of the comparison. */
  /** The handshake's answer to a webview showing `revision`. */
  async ready(revision: number): Promise<CompareReadyResult> {
    if (revision === this.revision) return { kind: 'current', labels: await this.labels() };
    return { kind: 'changed', state: await this.state(null) };
  }

  labels(): Promise<CompareLabels> {
    return this.source.labels(this.targetRun);
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
    const byId = new Map(this.source.runs().map((run) => [run.id, run]));
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
        async ([baseline, target]): Promise<ComparedPair> => {
          const [compared, aliases] = await Promise.all([
            this.source.compareRuns(baseline, target),
            this.source.entityAliases?.(baseline.run, target.run) ?? { aliases: [], diagnostics: [] },
          ]);
          return comparedPair(baseline, target, compared, aliases);
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
      loading = this.source.loadTrajectory(run);
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
    return this.source
      .runs()
      .filter((r) => r.group === run.group && r.language === run.language && r.setting === run.setting)
      .sort(byRunOrder);
  }
}

function toChoice(run: RunSummary): RunChoice {
  return { id: run.id, runIndex: run.runIndex, outcome: run.outcome, failureFamily: run.failureFamily };
}
