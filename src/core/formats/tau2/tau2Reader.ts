import type { FormatReader } from '../reader';
import { indexTau2Directory, indexTau2File } from './indexTau2Directory';
import { readTau2Trajectory } from './readTau2Trajectory';
import { holdsResults, looksLikeResults } from './resultsFile';

// tau2-bench and SEATauBench runs: a run directory holds results.json (and results_reviewed.json after a judge
// review), one run per simulation; a results object saved under another name is a run directory of its own. The
// facts of the format are in resultsFile.ts and simulationVerdict.ts.

/**
 * Files SEATau keeps in its translated domain folders (data/tau2/domains/<domain>/<lang>/): expected beside runs,
 * never runs themselves.
 */
const DOMAIN_ASSET_FILES = new Set(['data_model.json', 'translation_manifest.json', 'tasks.json', 'tools.json', 'db.json', 'split_tasks.json']);

export const tau2Reader: FormatReader = {
  format: 'tau2',
  claimsDirectory: holdsResults,
  isAuxiliaryFile: (name) => DOMAIN_ASSET_FILES.has(name),
  indexDirectory: indexTau2Directory,
  claimsFile: looksLikeResults,
  indexFile: indexTau2File,
  readTrajectory: readTau2Trajectory,
};
