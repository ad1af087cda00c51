import type { FormatReader } from '../reader';
import { startsWithRunHeader } from './canonicalFile';
import { indexCanonicalDirectory, indexCanonicalFile, isCanonicalName } from './indexCanonicalDirectory';
import { readCanonicalTrajectory } from './readCanonicalTrajectory';

// Our own JSONL format (docs/canonical-format.md). A folder is claimed when it holds a `*.trajectory.jsonl` file, or
// when it is a leaf folder holding any `.jsonl` file (whose first line then decides). Readers of other formats are
// asked first, so this one only sees folders none of them recognised. A loose `.jsonl` file elsewhere is claimed by
// its name or its first line.

export const canonicalReader: FormatReader = {
  format: 'canonical',
  claimsDirectory: (entries) =>
    entries.some((e) => e.type === 'file' && isCanonicalName(e.name)) ||
    (!entries.some((e) => e.type === 'directory') && entries.some((e) => e.type === 'file' && /\.jsonl$/i.test(e.name))),
  isAuxiliaryFile: () => false,
  indexDirectory: indexCanonicalDirectory,
  claimsFile: (name, head) => isCanonicalName(name) || startsWithRunHeader(name, head),
  indexFile: indexCanonicalFile,
  readTrajectory: (fs, run) => readCanonicalTrajectory(fs, run),
};
