import type { FileSource } from '../fileSource';
import { createPolyworkReader } from '../formats/polywork';
import type { FormatReader } from '../formats/reader';
import { readers as registeredReaders } from '../formats/registry';
import { loadConfig, type TrajectoryLensConfig } from './config';

// Readers as a run directory's trajectory-lens.json tunes them. Indexing and opening a run must use the same
// readers, or a run counted as passing in the list would open as failing.

/** The registered readers, with the settings of `config` applied. */
export function readersFor(config: TrajectoryLensConfig): FormatReader[] {
  const passThreshold = config.polyworkPassThreshold;
  if (passThreshold === null) return registeredReaders;
  return registeredReaders.map((reader) => (reader.format === 'polywork' ? createPolyworkReader({ passThreshold }) : reader));
}

/** The readers for the run directory `fs` is rooted at, as its trajectory-lens.json (if any) tunes them. */
export async function configuredReaders(fs: FileSource): Promise<FormatReader[]> {
  const { config } = await loadConfig(fs, registeredReaders.map((r) => r.format));
  return readersFor(config);
}
