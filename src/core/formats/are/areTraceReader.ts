import type { FormatReader } from '../reader';
import { indexAreDirectory } from './indexAreDirectory';
import { OUTPUT_FILE } from './outputJsonl';
import { readAreTrajectory } from './readAreTrajectory';
import { isAreOutputFolder } from './traceFiles';

// Classic ARE (are-benchmark, gaia2-submit) exported traces. The folder holding hf/, lite/ and output.jsonl is the
// claimed one; each scenario run in it is a run keyed `<scenario_id>_run_<n>`.

export const areTraceReader: FormatReader = {
  format: 'are-trace',
  claimsDirectory: (entries) => isAreOutputFolder(entries, OUTPUT_FILE),
  isAuxiliaryFile: () => false,
  indexDirectory: indexAreDirectory,
  readTrajectory: (fs, run) => readAreTrajectory(fs, run),
};
