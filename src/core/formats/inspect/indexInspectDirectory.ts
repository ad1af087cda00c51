import { joinPath, type DirEntry, type FileSource } from '../../fileSource';
import type { Diagnostic } from '../../model';
import type { JsonObject } from '../gaia2/values';
import { agentName } from '../agentName';
import type { IndexedRun, IndexResult } from '../reader';
import { jsonLogMismatch, openInspectLog, sampleIdentity, sampleKey, type LogHeader, type LogReadOptions } from './evalLog';
import { samplePairingPath, statedLanguage, withoutLanguage } from './sampleLanguage';
import { sampleVerdict } from './sampleScores';

// Indexing a folder of Inspect logs: every sample of every log is a run (key `<id>_epoch_<n>`, epoch as run
// index), its verdict read from the log's sample summaries.

/** Files Inspect keeps beside its logs that are not logs (the log listing written for `inspect view`). */
export const LOG_DIR_FILES = new Set(['logs.json', 'eval-set.json']);

export function isEvalFile(name: string): boolean {
  return name.toLowerCase().endsWith('.eval');
}

function sampleRun(path: string, summary: JsonObject, header: LogHeader, passThreshold: number): IndexedRun | null {
  const identity = sampleIdentity(summary);
  if (identity === null) return null;
  const language = statedLanguage(summary, header);
  const verdict = sampleVerdict(summary, header, passThreshold);
  return {
    path,
    key: sampleKey(identity.id, identity.epoch),
    format: 'inspect',
    scenarioId: withoutLanguage(identity.id, language),
    outcome: verdict.outcome,
    capability: header.task,
    failureFamily: verdict.failureFamily,
    failureReason: verdict.failureReason,
    score: verdict.score,
    model: header.model,
    agent: agentName(header.model, header.solver),
    setting: null,
    languageHint: language,
    runIndexHint: identity.epoch,
    pairingPath: samplePairingPath(path, header, language),
  };
}

async function indexLog(fs: FileSource, path: string, passThreshold: number, read: LogReadOptions, diagnostics: Diagnostic[]): Promise<IndexedRun[]> {
  const { log, diagnostics: problems } = await openInspectLog(fs, path, read);
  diagnostics.push(...problems);
  if (log === null) return [];
  const runs = log.summaries.map((s) => sampleRun(path, s, log.header, passThreshold)).filter((r): r is IndexedRun => r !== null);
  if (runs.length === 0) {
    const status = log.header.status === null ? '' : ` (status ${log.header.status}${log.header.error === null ? '' : `: ${log.header.error}`})`;
    diagnostics.push({ path, line: null, message: `the log holds no samples${status}`, severity: 'warning' });
  }
  return runs;
}

/** One log found outside a log folder: its samples are runs, as in a folder. */
export async function indexInspectFile(fs: FileSource, path: string, passThreshold: number, read: LogReadOptions = {}): Promise<IndexResult> {
  const diagnostics: Diagnostic[] = [];
  const runs = await indexLog(fs, path, passThreshold, read, diagnostics);
  return { runs, diagnostics };
}

export async function indexInspectDirectory(
  fs: FileSource,
  dir: string,
  entries: readonly DirEntry[],
  passThreshold: number,
  read: LogReadOptions = {},
): Promise<IndexResult> {
  const runs: IndexedRun[] = [];
  const diagnostics: Diagnostic[] = [];
  const files = entries.filter((e) => e.type === 'file' && !e.name.startsWith('.')).map((e) => e.name).sort();
  for (const name of files) {
    const path = joinPath(dir, name);
    if (isEvalFile(name)) {
      runs.push(...(await indexLog(fs, path, passThreshold, read, diagnostics)));
    } else if (name.toLowerCase().endsWith('.json') && !LOG_DIR_FILES.has(name)) {
      const mismatch = await jsonLogMismatch(fs, path);
      if (mismatch === null) runs.push(...(await indexLog(fs, path, passThreshold, read, diagnostics)));
      else diagnostics.push({ path, line: null, message: `unrecognised: not an Inspect eval log (${mismatch}); ignored`, severity: 'warning' });
    }
  }
  return { runs, diagnostics };
}
