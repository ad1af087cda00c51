import { basename, type FileSource } from '../../fileSource';
import type { Diagnostic } from '../../model';
import { FileDiagnostics } from '../fileDiagnostics';
import { forEachJsonLine } from '../jsonLines';
import { isObject, numberOrNull, objectOrEmpty, stringOrNull } from '../gaia2/values';
import { runKeyOf, runKeyOfFile } from './traceFileName';

// output.jsonl: one line per scenario run, `{task_id, trace_id, score, metadata: {scenario_id, run_number, status,
// rationale}}` with status success | failed | exception | no_validation. It holds every verdict of a folder, so
// indexing reads it instead of the trace files.

export const OUTPUT_FILE = 'output.jsonl';

export interface OutputEntry {
  /** The run's key, from the trace file name when the line names one, else from scenario id and run number. */
  key: string;
  scenarioId: string;
  runNumber: number | null;
  score: number | null;
  status: string | null;
  rationale: string | null;
  line: number;
}

export interface OutputResult {
  /** By run key, first line first. */
  entries: Map<string, OutputEntry>;
  diagnostics: Diagnostic[];
}

function runNumberOf(value: unknown): number | null {
  const number = numberOrNull(value);
  return number !== null && Number.isInteger(number) && number >= 0 ? number : null;
}

export async function readOutputJsonl(fs: FileSource, path: string): Promise<OutputResult> {
  const entries = new Map<string, OutputEntry>();
  const problems = new FileDiagnostics(path);
  const diagnostics = await forEachJsonLine(fs, path, ({ line, value }) => {
    const metadata = isObject(value) ? objectOrEmpty(value.metadata) : {};
    const scenarioId = isObject(value) ? (stringOrNull(metadata.scenario_id) ?? stringOrNull(value.task_id)) : null;
    if (!isObject(value) || scenarioId === null) {
      return problems.add(line, `line ${line} is not an ARE result (needs "metadata.scenario_id" or "task_id"); ignored`);
    }
    const runNumber = runNumberOf(metadata.run_number);
    const tracePath = stringOrNull(value.trace_id);
    // trace_id is the path the runner wrote the hf file to (Windows paths included).
    const traceFile = tracePath === null || tracePath.trim() === '' ? null : basename(tracePath.replace(/\\/g, '/'));
    const key = traceFile === null ? runKeyOf(scenarioId, runNumber) : runKeyOfFile(traceFile);
    if (entries.has(key)) return problems.add(line, `line ${line} repeats run ${key}; the first line counts`);
    const rationale = stringOrNull(metadata.rationale);
    entries.set(key, {
      key,
      scenarioId,
      runNumber,
      score: numberOrNull(value.score),
      status: stringOrNull(metadata.status),
      rationale: rationale !== null && rationale.trim() !== '' ? rationale : null,
      line,
    });
  });
  const all = [...diagnostics, ...problems.list()].sort((a, b) => (a.line ?? Infinity) - (b.line ?? Infinity));
  return { entries, diagnostics: all };
}
