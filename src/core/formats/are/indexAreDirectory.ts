import { basename, dirname, joinPath, type DirEntry, type FileSource } from '../../fileSource';
import type { Diagnostic } from '../../model';
import { mapConcurrent } from '../../index/concurrency';
import { agentName } from '../agentName';
import type { IndexedRun, IndexResult } from '../reader';
import { verdictFromOutput, verdictFromTraces, type AreVerdict } from './areVerdict';
import { capabilityOfFolder, phaseOfFolder } from './folderLabels';
import { hfMetadata, type HfMetadata } from './hfTrace';
import { liteMetadata, type LiteMetadata } from './liteTrace';
import { OUTPUT_FILE, readOutputJsonl, type OutputEntry } from './outputJsonl';
import { readTraceSummary } from './traceDocument';
import { listTraceFiles, type TraceFile } from './traceFiles';
import { parseTraceFileName, runKeyOfFile } from './traceFileName';

// Indexing an ARE output folder: one run per scenario run. output.jsonl, when present, holds every verdict and is
// the only file read, except for runs it does not list. Those (and all runs without output.jsonl) are read from
// their traces, streamed for a few top-level fields only (whatever the files' size): the hf metadata (verdict,
// exception, capability, model), then the lite verdict and rationale when the hf file does not settle the run.

/** Trace files read at once while indexing one folder. */
const CONCURRENT_READS = 4;

interface TraceFacts {
  hf: HfMetadata | null;
  lite: LiteMetadata | null;
  diagnostics: Diagnostic[];
}

/** hf files first: their metadata settles passing and crashed runs; a failure's rationale is in the lite file. */
function readingOrder(files: readonly TraceFile[]): TraceFile[] {
  const rank = { hf: 0, either: 1, lite: 2 } as const;
  return [...files].sort((a, b) => rank[a.kind] - rank[b.kind]);
}

function settled(facts: TraceFacts): boolean {
  if (facts.lite !== null) return true;
  return facts.hf !== null && (facts.hf.exception !== null || facts.hf.decision === 'Valid');
}

async function readFacts(fs: FileSource, files: readonly TraceFile[]): Promise<TraceFacts> {
  const facts: TraceFacts = { hf: null, lite: null, diagnostics: [] };
  for (const file of readingOrder(files)) {
    if (settled(facts)) break;
    const { document, diagnostics } = await readTraceSummary(fs, file);
    facts.diagnostics.push(...diagnostics);
    if (document?.kind === 'hf' && facts.hf === null) facts.hf = hfMetadata(document.value);
    if (document?.kind === 'lite' && facts.lite === null) facts.lite = liteMetadata(document.value);
  }
  return facts;
}

interface RunFacts {
  key: string;
  scenarioId: string;
  runNumber: number | null;
  verdict: AreVerdict;
  config: string | null;
  model: string | null;
  agent: string | null;
}

function indexedRun(dir: string, facts: RunFacts): IndexedRun {
  return {
    path: dir,
    key: facts.key,
    format: 'are-trace',
    scenarioId: facts.scenarioId,
    ...facts.verdict,
    capability: capabilityOfFolder(dir) ?? facts.config,
    model: facts.model,
    agent: facts.agent,
    setting: phaseOfFolder(dir),
    languageHint: null,
    runIndexHint: facts.runNumber,
  };
}

function fromOutput(entry: OutputEntry): RunFacts {
  const { key, scenarioId, runNumber } = entry;
  return { key, scenarioId, runNumber, verdict: verdictFromOutput(entry), config: null, model: null, agent: null };
}

interface TraceRun {
  facts: RunFacts | null;
  diagnostics: Diagnostic[];
}

async function fromTraces(fs: FileSource, key: string, files: readonly TraceFile[]): Promise<TraceRun> {
  const { hf, lite, diagnostics } = await readFacts(fs, files);
  if (hf === null && lite === null) return { facts: null, diagnostics };
  const named = parseTraceFileName(basename(files[0]?.path ?? ''));
  return {
    facts: {
      key,
      scenarioId: hf?.scenarioId ?? lite?.scenarioId ?? named?.scenarioId ?? key,
      runNumber: named?.runNumber ?? hf?.runNumber ?? null,
      verdict: verdictFromTraces(hf, lite),
      config: hf?.config ?? null,
      model: hf?.model ?? lite?.model ?? null,
      agent: agentName(hf?.agent, hf?.model ?? lite?.model),
    },
    diagnostics,
  };
}

export async function indexAreDirectory(fs: FileSource, dir: string, entries: DirEntry[]): Promise<IndexResult> {
  const files = await listTraceFiles(fs, dir, entries);
  const diagnostics: Diagnostic[] = [...files.diagnostics, ...[...files.duplicates.values()].flat()];
  const hasOutput = entries.some((e) => e.name === OUTPUT_FILE && e.type === 'file');
  const output = hasOutput ? await readOutputJsonl(fs, joinPath(dir, OUTPUT_FILE)) : null;
  if (output) diagnostics.push(...output.diagnostics);

  const runs: RunFacts[] = [...(output?.entries.values() ?? [])].map(fromOutput);
  const unlisted = [...files.byRun].filter(([key]) => !output?.entries.has(key));
  const read = await mapConcurrent(unlisted, CONCURRENT_READS, ([key, runFiles]) => fromTraces(fs, key, runFiles));
  for (const { facts, diagnostics: problems } of read) {
    diagnostics.push(...problems);
    if (facts !== null) runs.push(facts);
  }
  return { runs: runs.map((facts) => indexedRun(dir, facts)), diagnostics };
}

/**
 * One exported trace file (hf or lite) on its own, outside an output folder: a run of its own, path = the file, keyed
 * like the traces of an output folder and paired as if the file lay in one (its folder's path).
 */
export async function indexAreFile(fs: FileSource, path: string): Promise<IndexResult> {
  const { facts, diagnostics } = await fromTraces(fs, runKeyOfFile(basename(path)), [{ path, kind: 'either' }]);
  if (facts === null) return { runs: [], diagnostics };
  const folder = dirname(path);
  return { runs: [{ ...indexedRun(folder, facts), path, pairingPath: folder }], diagnostics };
}
