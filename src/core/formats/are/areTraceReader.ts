import type { FormatReader } from '../reader';
import { indexAreDirectory, indexAreFile } from './indexAreDirectory';
import { OUTPUT_FILE } from './outputJsonl';
import { readAreTrajectory } from './readAreTrajectory';
import { looksLikeTrace } from './traceDocument';
import { isAreOutputFolder } from './traceFiles';

// Classic ARE (are-benchmark, gaia2-submit) exported traces. The folder holding hf/, lite/ and output.jsonl is the
// claimed one; each scenario run in it is a run keyed `<scenario_id>_run_<n>`. A trace file under another name,
// recognised by its content or in a subtree trajectory-lens.json forces to are-trace, is a run of its own.

export const areTraceReader: FormatReader = {
  format: 'are-trace',
  claimsDirectory: (entries) => isAreOutputFolder(entries, OUTPUT_FILE),
  isAuxiliaryFile: () => false,
  indexDirectory: indexAreDirectory,
  claimsFile: looksLikeTrace,
  indexFile: indexAreFile,
  readTrajectory: (fs, run) => readAreTrajectory(fs, run),
};
