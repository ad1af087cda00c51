import type { FileSource } from '../fileSource';
import { readers as registeredReaders } from '../formats/registry';
import type { FormatReader } from '../formats/reader';
import type { Diagnostic } from '../model';
import { mergeDiagnostics } from './diagnosticOrder';
import { loadConfig, type TrajectoryLensConfig } from './config';
import { readersFor } from './configuredReaders';
import { IndexCache, type IndexCacheOptions } from './indexCache';
import { assignPairing } from './pairing';
import type { RunIndex } from './runIndex';
import { walkRunDirectory } from './walkRunDirectory';

export interface BuildIndexOptions {
  /** Overrides the run directory's trajectory-lens.json (which is read when this is absent). */
  config?: TrajectoryLensConfig;
  signal?: AbortSignal;
  /** Called as folders are indexed, with the number of runs found so far. */
  onProgress?: (runsFound: number) => void;
  /** Formats to look for; all registered readers, as the config tunes them, by default. */
  readers?: readonly FormatReader[];
  /**
   * Keep the results in the run directory's .trajectory-lens/index-cache.json (or the given storage when the directory
   * is read-only) and reuse them for the runs whose files have not changed. Off by default.
   */
  cache?: IndexCacheOptions;
}

/**
 * Indexes the run directory `fs` is rooted at: finds every run, reads only its verdict, and pairs runs by group,
 * language and run index. Throws only when the root itself cannot be listed, or when the signal aborts.
 */
export async function buildIndex(fs: FileSource, options: BuildIndexOptions = {}): Promise<RunIndex> {
  const formats = (options.readers ?? registeredReaders).map((r) => r.format);
  const loaded = options.config ? { config: options.config, diagnostics: [] } : await loadConfig(fs, formats);
  const readers = options.readers ?? readersFor(loaded.config);
  const context = JSON.stringify({ config: loaded.config, formats });
  const cached = options.cache ? await IndexCache.load(fs, { ...options.cache, context }) : null;
  const walk = await walkRunDirectory(fs, {
    readers,
    config: loaded.config,
    signal: options.signal,
    onProgress: options.onProgress,
    cache: cached?.cache,
  });
  await cached?.cache.save();
  const pairingDiagnostics: Diagnostic[] = [];
  const runs = assignPairing(walk.runs, loaded.config, walk.folders, pairingDiagnostics);
  const diagnostics = mergeDiagnostics(loaded.diagnostics, cached?.diagnostics ?? [], walk.diagnostics, pairingDiagnostics);
  const { baseline, tau2Domains, settings } = loaded.config;
  return {
    runs,
    diagnostics,
    ...(baseline === null ? {} : { baseline }),
    ...(tau2Domains === null ? {} : { tau2Domains }),
    ...(settings === null ? {} : { settings }),
  };
}
