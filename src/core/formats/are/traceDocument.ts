import type { FileSource } from '../../fileSource';
import type { Diagnostic } from '../../model';
import { readJsonFile } from '../jsonLines';
import { isObject, type JsonObject } from '../gaia2/values';
import { HF_VERSION, isHfExport } from './hfTrace';
import { isLiteExport } from './liteTrace';
import { readTopLevelFields } from './topLevelFields';
import type { TraceFile } from './traceFiles';

/** The fields indexing reads: hf metadata and version, and the lite verdict. */
const INDEX_FIELDS = new Set(['version', 'metadata', 'scenario_id', 'model_id', 'validation_decision', 'validation_rationale']);
const UNRECOGNISED =
  'unrecognised: neither an ARE hf trace (metadata.definition) nor a lite trace (per_agent_interaction_histories)';

/**
 * Does a file's head look like an exported trace, whatever its name? A lite trace names its interaction histories; an
 * hf trace starts with `world_logs` (its metadata, with the format version, comes after the whole app state).
 */
export function looksLikeTrace(name: string, head: string): boolean {
  if (!/\.json$/i.test(name)) return false;
  return /^\s*\{\s*"world_logs"\s*:/.test(head) || /"per_agent_interaction_histories"\s*:/.test(head) || head.includes(`"${HF_VERSION}"`);
}

/** hf exports carry the scenario's whole app state; far larger files are not traces worth holding in memory. */
export const MAX_TRACE_BYTES = 128 * 1024 * 1024;

export interface TraceDocument {
  kind: 'hf' | 'lite';
  path: string;
  value: JsonObject;
}

export interface TraceDocumentResult {
  document: TraceDocument | null;
  diagnostics: Diagnostic[];
}

function recognised(path: string, value: unknown, diagnostics: Diagnostic[]): TraceDocumentResult {
  if (isObject(value) && isHfExport(value)) return { document: { kind: 'hf', path, value }, diagnostics };
  if (isObject(value) && isLiteExport(value)) return { document: { kind: 'lite', path, value }, diagnostics };
  const unrecognised: Diagnostic = { path, line: null, message: UNRECOGNISED, severity: 'warning' };
  return { document: null, diagnostics: [...diagnostics, unrecognised] };
}

/** Reads one whole trace file; what it is (hf or lite) is decided by its content, whatever folder it is in. */
export async function readTraceDocument(fs: FileSource, file: TraceFile): Promise<TraceDocumentResult> {
  const { value, diagnostics } = await readJsonFile(fs, file.path, MAX_TRACE_BYTES);
  return value === undefined ? { document: null, diagnostics } : recognised(file.path, value, diagnostics);
}

/**
 * Reads only what indexing needs of a trace file, in one streamed pass whatever its size: the document holds the
 * index fields, and every other top-level field as null (present, not read).
 */
export async function readTraceSummary(fs: FileSource, file: TraceFile): Promise<TraceDocumentResult> {
  const { fields, keys, diagnostics } = await readTopLevelFields(fs, file.path, INDEX_FIELDS);
  if (fields === null) return { document: null, diagnostics };
  const value = Object.fromEntries([...keys].map((key) => [key, fields.get(key) ?? null]));
  return recognised(file.path, value, diagnostics);
}
