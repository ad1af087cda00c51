import * as vscode from 'vscode';
import type { RunSummary } from '../core/model';
import { openIndex, type LiveIndex } from '../core/index/buildIndex';
import type { RunIndex } from '../core/index/runIndex';
import type { RunDirectory } from '../core/index/runDirectory';
import { loadRunDirectory, withBaseline, type LoadedRunDirectory } from './loadedRunDirectory';
import { runDirectoryName } from './runDirectories';
import { VscodeFileSource } from './vscodeFileSource';
import { isWorkspaceTrusted } from './workspaceTrust';

export const RUNS_VIEW_ID = 'trajectoryLens.runs';
const INDEXING_CONTEXT_KEY = 'trajectoryLens.indexing';

export type IndexingState = { kind: 'idle' } | { kind: 'indexing'; indexed: number } | { kind: 'cancelled' };

/**
 * The indexed run directories and the baseline they are compared against. Indexing runs in the background with
 * progress in the Runs view; starting a new one cancels the one in flight.
 */
export class RunStore implements vscode.Disposable {
  private dirs: LoadedRunDirectory[] = [];
  private current: { controller: AbortController; done: Promise<void> } | null = null;
  private indexingState: IndexingState = { kind: 'idle' };
  /** Each directory's last walk, by URI: a changed run is read again through it, without walking again. */
  private live = new Map<string, LiveIndex>();
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly stateChanged = new vscode.EventEmitter<IndexingState>();
  private readonly indexed = new vscode.EventEmitter<void>();

  /** Fires when the directories or the baseline changed. */
  readonly onDidChange = this.changed.event;
  /** Fires as indexing starts, progresses and ends. */
  readonly onDidChangeIndexingState = this.stateChanged.event;
  /** Fires after the directories were indexed again (their runs may have changed). */
  readonly onDidIndex = this.indexed.event;

  private baselineLanguage: string;

  /**
   * @param directoriesToIndex the run directories, asked again on every refresh
   * @param baselineFor the baseline language, given the one the first directory's trajectory-lens.json names
   * @param cacheStorage where a run directory that cannot be written keeps its index cache
   */
  constructor(
    private readonly directoriesToIndex: () => vscode.Uri[],
    private readonly baselineFor: (declared: string | undefined) => string,
    private readonly cacheStorage?: (dir: vscode.Uri) => VscodeFileSource,
  ) {
    this.baselineLanguage = baselineFor(undefined);
  }

  get directories(): readonly LoadedRunDirectory[] {
    return this.dirs;
  }

  get baseline(): string {
    return this.baselineLanguage;
  }

  get state(): IndexingState {
    return this.indexingState;
  }

  /** Re-indexes every run directory; resolves when this indexing ends (finished, failed or cancelled). */
  refresh(): Promise<void> {
    this.current?.controller.abort();
    const controller = new AbortController();
    const done = this.indexAll(this.directoriesToIndex(), controller.signal);
    this.current = { controller, done };
    return done;
  }

  /**
   * Reads again the runs that hold the changed files (paths relative to the run directory `dirUri`), without
   * walking the directory; a file outside every known run (a new run, a removed one) re-indexes everything.
   */
  async refreshRuns(dirUri: vscode.Uri, paths: readonly string[]): Promise<void> {
    const key = dirUri.toString();
    const live = this.live.get(key);
    if (live === undefined || this.current !== null) return this.refresh();
    const index = await live.reindex(paths).catch(() => null);
    // A walk started meanwhile knows better.
    if (this.current !== null || this.live.get(key) !== live) return;
    if (index === null) return this.refresh();
    this.dirs = this.dirs.map((dir) =>
      dir.uri.toString() === key ? loadRunDirectory(dir.uri, dir.fs, dir.name, index, this.baselineLanguage) : dir,
    );
    this.changed.fire();
    this.indexed.fire();
  }

  cancel(): void {
    this.current?.controller.abort();
  }

  /** Resolves once no indexing is in flight (run documents wait for this after a reload). */
  async whenIndexed(): Promise<void> {
    while (this.current !== null) await this.current.done;
  }

  setBaseline(language: string): void {
    this.baselineLanguage = language;
    this.dirs = this.dirs.map((dir) => withBaseline(dir, language));
    this.changed.fire();
  }

  directory(uri: string): LoadedRunDirectory | undefined {
    return this.dirs.find((dir) => dir.uri.toString() === uri);
  }

  findRun(dirUri: string, runId: string): { dir: LoadedRunDirectory; run: RunSummary } | undefined {
    const dir = this.directory(dirUri);
    const run = dir?.runsById.get(runId);
    return dir && run ? { dir, run } : undefined;
  }

  private setState(state: IndexingState): void {
    if (state.kind !== this.indexingState.kind) {
      void vscode.commands.executeCommand('setContext', INDEXING_CONTEXT_KEY, state.kind === 'indexing');
    }
    this.indexingState = state;
    this.stateChanged.fire(state);
  }

  private async indexAll(uris: vscode.Uri[], signal: AbortSignal): Promise<void> {
    this.setState({ kind: 'indexing', indexed: 0 });
    try {
      const indexed = await vscode.window.withProgress(
        { location: { viewId: RUNS_VIEW_ID }, title: vscode.l10n.t('Indexing runs') },
        () => this.indexDirectories(uris, signal),
      );
      if (signal.aborted) return;
      this.baselineLanguage = this.baselineFor(indexed.find((d) => d.index.baseline)?.index.baseline);
      this.dirs = indexed.map(({ uri, fs, index }) =>
        loadRunDirectory(uri, fs, runDirectoryName(uri), index, this.baselineLanguage),
      );
      this.changed.fire();
      this.indexed.fire();
    } finally {
      if (this.current?.controller.signal === signal) {
        this.current = null;
        this.setState(signal.aborted ? { kind: 'cancelled' } : { kind: 'idle' });
      }
    }
  }

  private async indexDirectories(uris: vscode.Uri[], signal: AbortSignal): Promise<Array<RunDirectory<VscodeFileSource> & { uri: vscode.Uri }>> {
    const indexed: Array<RunDirectory<VscodeFileSource> & { uri: vscode.Uri }> = [];
    const live = new Map<string, LiveIndex>();
    let before = 0;
    for (const uri of uris) {
      if (signal.aborted) break;
      const fs = new VscodeFileSource(uri);
      const onProgress = (runsFound: number): void => this.setState({ kind: 'indexing', indexed: before + runsFound });
      // Restricted Mode only reads: no index cache is written beside the runs there.
      const cache = isWorkspaceTrusted() ? { storage: this.cacheStorage?.(uri) } : undefined;
      const opened = await openIndex(fs, { signal, onProgress, cache }).catch((error: unknown): null => {
        // An unreadable run directory is a diagnostic on that directory, not a failure of the others.
        const message = error instanceof Error ? error.message : String(error);
        const index: RunIndex = { runs: [], diagnostics: signal.aborted ? [] : [{ path: '', line: null, message, severity: 'error' }] };
        indexed.push({ uri, fs, index });
        return null;
      });
      if (opened === null) continue;
      before += opened.index.runs.length;
      live.set(uri.toString(), opened);
      indexed.push({ uri, fs, index: opened.index });
    }
    if (!signal.aborted) this.live = live;
    return indexed;
  }

  dispose(): void {
    this.cancel();
    this.changed.dispose();
    this.stateChanged.dispose();
    this.indexed.dispose();
  }
}
