import type { FormatReader } from '../reader';
import { indexCanonicalDirectory, isCanonicalName } from './indexCanonicalDirectory';
import { readCanonicalTrajectory } from './readCanonicalTrajectory';

// Our own JSONL format (docs/canonical-format.md). A folder is claimed when it holds a `*.trajectory.jsonl` file, or
// when it is a leaf folder holding any `.jsonl` file (whose first line then decides). Readers of other formats are
// asked first, so this one only sees folders none of them recognised.

export const canonicalReader: FormatReader = {
  format: 'canonical',
  claimsDirectory: (entries) =>
    entries.some((e) => e.type === 'file' && isCanonicalName(e.name)) ||
    (!entries.some((e) => e.type === 'directory') && entries.some((e) => e.type === 'file' && /\.jsonl$/i.test(e.name))),
  isAuxiliaryFile: () => false,
  indexDirectory: indexCanonicalDirectory,
  readTrajectory: (fs, run) => readCanonicalTrajectory(fs, run),
};
