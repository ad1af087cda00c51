import { dirname, type FileSource } from '../fileSource';
import { readers as registeredReaders } from '../formats/registry';
import type { FormatReader } from '../formats/reader';
import type { Diagnostic } from '../model';
import { mergeDiagnostics } from './diagnosticOrder';
import { CONFIG_FILE, loadConfig, type TrajectoryLensConfig } from './config';
import { readersFor } from './configuredReaders';
import { IndexCache, type IndexCacheOptions, type IndexDependencies } from './indexCache';
import { assignPairingInTurns } from './pairing';
import type { RunIndex } from './runIndex';
import { walkOnWorkers } from './walkOnWorkers';
import { indexRunUnit, walkRunDirectory, type RunUnit } from './walkRunDirectory';
import type { WorkerThreads } from '../workers/workerPool';

export interface BuildIndexOptions {
  /** Overrides the run directory's trajectory-lens.json (which is read when this is absent). */
  config?: TrajectoryLensConfig;
  signal?: AbortSignal;
  /** Called as folders are indexed, with the number of runs found so far. */
  onProgress?: (runsFound: number) => void;
  /** Formats to look for; all registered readers, as the config tunes them, by default. */
  readers?: readonly FormatReader[];
  /**
   * Keep the results in the run directory's .trajectory-lens/index-cache.jsonl (or the given storage when the directory
   * is read-only) and reuse them for the runs whose files have not changed. Off by default.
   */
  cache?: IndexCacheOptions;
  /**
   * Worker threads to walk a local run directory (at `root`) on, when the registered readers are used and no cache
   * answers for the runs (see bundledIndexWorkers); the walk runs on this thread without.
   */
  workers?: (WorkerThreads & { root: string }) | null;
  /**
   * False: the index is used as it is (a CLI command), never read again run by run: `reindex` then answers null, and
   * the walk keeps nothing for it. True by default.
   */
  rereadable?: boolean;
}

/** An indexed run directory that can read changed runs again without walking it again. */
export interface LiveIndex {
  index: RunIndex;
  /**
   * Reads again the runs whose folders or files hold `paths` (files that changed), and returns the index with them;
   * null when a path is not in a run the last walk found (a new run, a removed one): only a new walk can tell. Always
   * null for an index opened not `rereadable`.
   */
  reindex(paths: readonly string[]): Promise<RunIndex | null>;
  /**
   * What `index` (as first made) was made from, when it was made through the cache and every folder could be recorded:
   * stat calls can then tell whether it still holds (see IndexDependencies).
   */
  dependencies: IndexDependencies | null;
}

/**
 * Indexes the run directory `fs` is rooted at: finds every run, reads only its verdict, and pairs runs by group,
 * language and run index. Throws only when the root itself cannot be listed, or when the signal aborts.
 */
export async function buildIndex(fs: FileSource, options: BuildIndexOptions = {}): Promise<RunIndex> {
  return (await openIndex(fs, { ...options, rereadable: false })).index;
}

/** Like buildIndex, keeping what the walk found so that changed runs can be read again on their own. */
export async function openIndex(fs: FileSource, options: BuildIndexOptions = {}): Promise<LiveIndex> {
  const formats = (options.readers ?? registeredReaders).map((r) => r.format);
  // Looked at before it is read, like every file the cache depends on.
  const configStat = options.cache && !options.config ? await fs.stat(CONFIG_FILE).catch(() => null) : undefined;
  const loaded = options.config ? { config: options.config, diagnostics: [] } : await loadConfig(fs, formats);
  const readers = options.readers ?? readersFor(loaded.config);
  const context = JSON.stringify({ config: loaded.config, formats });
  const cached = options.cache ? await IndexCache.load(fs, { ...options.cache, context }) : null;
  const walkOptions = { readers, config: loaded.config, cache: cached?.cache };
  const rereadable = options.rereadable ?? true;
  const walkNow = { ...walkOptions, signal: options.signal, onProgress: options.onProgress, keepUnits: rereadable };
  // A cache that answers for the runs leaves little to read: stat calls, cheaper here than sharing out.
  const workers = options.readers === undefined && cached?.cache.isEmpty !== false ? options.workers : null;
  const walk = workers ? await walkOnWorkers(fs, workers, walkNow) : await walkRunDirectory(fs, walkNow);
  await cached?.cache.save();
  const configFile: Array<[string, number, number]> = configStat === undefined ? [] : [[CONFIG_FILE, configStat?.size ?? -1, configStat?.mtime ?? -1]];
  // An index that had to discard the cache says so once; its answer is not one to give again.
  const dependencies = cached !== null && cached.diagnostics.length === 0 ? cached.cache.dependencies(configFile) : null;

  const indexOf = async (): Promise<RunIndex> => {
    const pairingDiagnostics: Diagnostic[] = [];
    const runs = await assignPairingInTurns(walk.runs, loaded.config, walk.folders, pairingDiagnostics);
    const diagnostics = mergeDiagnostics(loaded.diagnostics, cached?.diagnostics ?? [], walk.diagnostics, pairingDiagnostics);
    const { baseline, tau2Domains, settings } = loaded.config;
    return {
      runs,
      diagnostics,
      ...(baseline === null ? {} : { baseline }),
      ...(tau2Domains === null ? {} : { tau2Domains }),
      ...(settings === null ? {} : { settings }),
    };
  };

  const reindex = async (paths: readonly string[]): Promise<RunIndex | null> => {
    if (!rereadable) return null;
    const units = new Set<RunUnit>();
    for (const path of paths) {
      const unit = walk.units.get(path) ?? walk.units.get(dirname(path));
      if (unit === undefined) return null;
      units.add(unit);
    }
    const replaced = new Map<RunUnit, RunUnit>();
    for (const unit of units) {
      const again = await indexRunUnit(fs, unit, walkOptions);
      if (again === null) return null;
      replaced.set(unit, again);
    }
    await cached?.cache.save();
    const oldRuns = new Set([...units].flatMap((u) => u.runs));
    const oldDiagnostics = new Set([...units].flatMap((u) => u.diagnostics));
    walk.runs = walk.runs.filter((run) => !oldRuns.has(run));
    walk.diagnostics = walk.diagnostics.filter((d) => !oldDiagnostics.has(d));
    for (const [unit, again] of replaced) {
      walk.units.set(unit.path, again);
      walk.runs.push(...again.runs);
      walk.diagnostics.push(...again.diagnostics);
    }
    return indexOf();
  };

  return { index: await indexOf(), reindex, dependencies };
}
