import { joinPath, type DirEntry, type FileSource } from '../../fileSource';
import type { Diagnostic } from '../../model';
import type { IndexedRun, IndexResult } from '../reader';
import { isObject, type JsonObject } from '../gaia2/values';
import { SIMULATIONS_DIR, readResults, readResultsFile, readSimulationFile, simulationPath, type ResultsDocument } from './resultsFile';
import { runInfoOf, type RunInfo } from './runInfo';
import { simulationRefs, taskIdOf, type SimulationRef } from './simulationRefs';
import { indexEntryVerdict, simulationVerdict, unreadableReward, type SimulationVerdict } from './simulationVerdict';

// Indexing a tau2 run directory: one IndexedRun per simulation, keyed by simulation id. The "json" format is read
// from results.json alone. The "dir" format is read from its simulation_index when it has one (checked against the
// files: missing and extra ones are reported), and only the simulations it does not record as passing are opened,
// for their failure family; without an index, every simulation file is read.

function indexedRun(dir: string, ref: SimulationRef, verdict: SimulationVerdict, info: RunInfo): IndexedRun {
  return {
    path: dir,
    key: ref.key,
    format: 'tau2',
    scenarioId: ref.taskId,
    outcome: verdict.outcome,
    capability: info.domain,
    failureFamily: verdict.failureFamily,
    failureReason: verdict.failureReason,
    score: verdict.score,
    model: info.model,
    agent: info.agent,
    setting: info.setting,
    languageHint: info.languageHint,
    runIndexHint: ref.trial,
    pairingPath: info.pairingPath,
  };
}

/** A reward the verdict cannot rest on, named with the file and the field (`simulations[3].reward_info.reward`). */
function rewardProblems(refs: readonly SimulationRef[], path: string, list: string | null, inIndex: boolean): Diagnostic[] {
  return refs.flatMap((ref) => {
    const reward = inIndex ? ref.value.reward : isObject(ref.value.reward_info) ? ref.value.reward_info.reward : undefined;
    return rewardProblem(unreadableReward(reward), path, `${list === null ? '' : `${list}[${ref.position}].`}${inIndex ? 'reward' : 'reward_info.reward'}`);
  });
}

function rewardProblem(problem: string | null, path: string, field: string): Diagnostic[] {
  return problem === null ? [] : [{ path, line: null, message: `field ${field} ${problem}`, severity: 'warning' }];
}

/** The verdict of a "dir" entry: the index's own unless it is a failure, whose family the simulation file tells. */
async function dirVerdict(
  fs: FileSource,
  dir: string,
  ref: SimulationRef,
  onDisk: boolean,
  diagnostics: Diagnostic[],
): Promise<SimulationVerdict> {
  const summary = indexEntryVerdict(ref.value);
  if (summary.outcome !== 'fail') return summary;
  if (!onDisk) return { ...summary, failureFamily: 'other' };
  const { simulation, diagnostics: problems } = await readSimulationFile(fs, simulationPath(dir, ref.key));
  diagnostics.push(...problems);
  return simulation === null ? { ...summary, failureFamily: 'other' } : simulationVerdict(simulation);
}

/** Stems of simulations/*.json. */
async function simulationFiles(fs: FileSource, dir: string, diagnostics: Diagnostic[]): Promise<string[]> {
  const folder = joinPath(dir, SIMULATIONS_DIR);
  try {
    return (await fs.list(folder))
      .filter((e) => e.type === 'file' && e.name.endsWith('.json'))
      .map((e) => e.name.slice(0, -'.json'.length))
      .sort();
  } catch (error) {
    diagnostics.push({ path: folder, line: null, message: `cannot list folder: ${error instanceof Error ? error.message : String(error)}`, severity: 'error' });
    return [];
  }
}

/** Simulation files the index does not list (tau2 refuses to load such a run): read and indexed, with a warning. */
async function unlistedRuns(
  fs: FileSource,
  dir: string,
  stems: readonly string[],
  info: RunInfo,
  diagnostics: Diagnostic[],
): Promise<IndexedRun[]> {
  const simulations: JsonObject[] = [];
  for (const stem of stems) {
    const path = simulationPath(dir, stem);
    const { simulation, diagnostics: problems } = await readSimulationFile(fs, path);
    diagnostics.push(...problems);
    if (simulation === null) continue;
    if (taskIdOf(simulation.task_id) === null) {
      diagnostics.push({ path, line: null, message: 'the simulation has no task_id; skipped', severity: 'error' });
      continue;
    }
    // The file name is the key: it is what opening the run reads.
    simulations.push({ ...simulation, id: stem });
  }
  const { refs } = simulationRefs(simulations, SIMULATIONS_DIR, joinPath(dir, SIMULATIONS_DIR));
  for (const ref of refs) diagnostics.push(...rewardProblems([ref], simulationPath(dir, ref.key), null, false));
  return refs.map((ref) => indexedRun(dir, ref, simulationVerdict(ref.value), info));
}

async function indexDirFormat(fs: FileSource, dir: string, document: ResultsDocument, info: RunInfo, diagnostics: Diagnostic[]): Promise<IndexedRun[]> {
  const stems = await simulationFiles(fs, dir, diagnostics);
  if (document.simulationIndex === null) {
    if (stems.length === 0) {
      const message = `the ${SIMULATIONS_DIR}/ folder beside it holds no simulation files (the run saved none): no runs to index`;
      diagnostics.push({ path: document.path, line: null, message, severity: 'warning' });
    }
    return unlistedRuns(fs, dir, stems, info, diagnostics);
  }
  const { refs, diagnostics: refProblems } = simulationRefs(document.simulationIndex, 'simulation_index', document.path);
  diagnostics.push(...refProblems, ...rewardProblems(refs, document.path, 'simulation_index', true));
  const onDisk = new Set(stems);
  const runs: IndexedRun[] = [];
  for (const ref of refs) {
    const present = onDisk.has(ref.key);
    if (!present) {
      const message = `simulation_index lists ${JSON.stringify(ref.key)} but ${SIMULATIONS_DIR}/${ref.key}.json is missing`;
      diagnostics.push({ path: document.path, line: null, message, severity: 'error' });
    }
    runs.push(indexedRun(dir, ref, await dirVerdict(fs, dir, ref, present, diagnostics), info));
  }
  const listed = new Set(refs.map((r) => r.key));
  const unlisted = stems.filter((stem) => !listed.has(stem));
  for (const stem of unlisted) {
    const message = `not listed in ${document.path.split('/').pop() ?? 'results.json'}'s simulation_index; indexed from the file`;
    diagnostics.push({ path: simulationPath(dir, stem), line: null, message, severity: 'warning' });
  }
  runs.push(...(await unlistedRuns(fs, dir, unlisted, info, diagnostics)));
  return runs;
}

/** The runs a "json" results document holds inline; `runPath` is the run directory, or the file itself when loose. */
function inlineRuns(runPath: string, document: ResultsDocument, info: RunInfo): IndexResult {
  const { refs, diagnostics } = simulationRefs(
    document.simulations.map((s) => s.identity),
    'simulations',
    document.path,
  );
  const runs: IndexedRun[] = [];
  for (const ref of refs) {
    const simulation = document.simulations[ref.position];
    if (simulation === undefined || simulation.verdict === null) continue;
    diagnostics.push(...rewardProblem(simulation.rewardProblem, document.path, `simulations[${ref.position}].reward_info.reward`));
    runs.push(indexedRun(runPath, ref, simulation.verdict, info));
  }
  return { runs, diagnostics };
}

/**
 * Why a results object with no inline simulations and no simulations/ folder gave no runs: a run that saved none is
 * reported, not skipped without a word.
 */
function whyNoRuns(document: ResultsDocument): Diagnostic[] {
  if (document.simulationIndex === null || document.simulationIndex.length === 0) {
    const message = 'holds no simulations (the run saved none): no runs to index';
    return [{ path: document.path, line: null, message, severity: 'warning' }];
  }
  const message = `simulation_index lists ${document.simulationIndex.length} simulations but there is no ${SIMULATIONS_DIR}/ folder beside it`;
  return [{ path: document.path, line: null, message, severity: 'error' }];
}

/** Inline simulations beside a simulations/ folder are not read, as tau2 does not read them: say so. */
function ignoredInline(document: ResultsDocument): Diagnostic[] {
  if (document.simulations.length === 0) return [];
  const message = `holds ${document.simulations.length} inline simulations, not read: the ${SIMULATIONS_DIR}/ folder beside it makes this tau2's "dir" format, read from that folder`;
  return [{ path: document.path, line: null, message, severity: 'warning' }];
}

export async function indexTau2Directory(fs: FileSource, dir: string, entries: readonly DirEntry[]): Promise<IndexResult> {
  const { document, diagnostics } = await readResults(fs, dir, entries);
  if (document === null) return { runs: [], diagnostics };
  const info = runInfoOf(document.info, dir);
  if (document.format === 'dir') {
    diagnostics.push(...ignoredInline(document));
    return { runs: await indexDirFormat(fs, dir, document, info, diagnostics), diagnostics };
  }
  if (document.simulations.length > 0) {
    const inline = inlineRuns(dir, document, info);
    return { runs: inline.runs, diagnostics: [...diagnostics, ...inline.diagnostics] };
  }
  return { runs: [], diagnostics: [...diagnostics, ...whyNoRuns(document)] };
}

/**
 * A results object saved under a name of its own (`data/simulations/<run name>.json`, tau2-bench's single-file
 * output): one run directory whose runs are its inline simulations, named and paired like a run folder of that name.
 */
export async function indexTau2File(fs: FileSource, path: string): Promise<IndexResult> {
  const { document, diagnostics } = await readResultsFile(fs, path);
  if (document === null) return { runs: [], diagnostics };
  if (document.simulations.length === 0) return { runs: [], diagnostics: [...diagnostics, ...whyNoRuns(document)] };
  const inline = inlineRuns(path, document, runInfoOf(document.info, path.replace(/\.json$/i, '')));
  return { runs: inline.runs, diagnostics: [...diagnostics, ...inline.diagnostics] };
}
