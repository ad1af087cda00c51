import type { FileSource } from '../fileSource';
import type { RunIndex } from './runIndex';

/**
 * An indexed run directory: the files it is read through and what indexing found in them (runs, diagnostics, the
 * configured baseline and translated domain assets). The CLI uses it as is; the host extends it with what its views show.
 */
export interface RunDirectory<F extends FileSource = FileSource> {
  fs: F;
  index: RunIndex;
}
