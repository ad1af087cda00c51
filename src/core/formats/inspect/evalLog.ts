import type { FileSource } from '../../fileSource';
import type { Diagnostic } from '../../model';
import { isObject, stringOrNull, type JsonObject } from '../gaia2/values';
import { readJsonFile } from '../jsonLines';
import { recentLog } from './recentLogs';
import { openZip, type ZipArchive } from './zip/zipArchive';

// An Inspect AI eval log, as .json (the whole EvalLog: version, status, eval, plan, results, stats, error, samples)
// or as .eval, a zip of:
//   header.json            the EvalLog without samples (written when the eval finishes)
//   summaries.json         one summary per sample: id, epoch, input, target, metadata, scores, error, limit
//   samples/<id>_epoch_<n>.json   one EvalSample each; reductions.json (epoch reductions)
//   _journal/start.json, _journal/summaries/<n>.json   what a running (or crashed) eval has written so far
// and, from older versions, start.json + results.json + summary.json / summaries/<n>.json.

export const MAX_JSON_LOG_BYTES = 512 * 1024 * 1024;
const MAX_HEADER_BYTES = 64 * 1024 * 1024;
const MAX_SUMMARY_BYTES = 256 * 1024 * 1024;
export const MAX_SAMPLE_BYTES = 256 * 1024 * 1024;
/** Parsed .json logs above this size are not kept between reads. */
const MAX_CACHED_JSON_BYTES = 128 * 1024 * 1024;
const SAMPLE_ENTRY = /^samples\/(.+)_epoch_(\d+)\.json$/;
const JOURNAL_SUMMARY = /^(?:_journal\/)?summaries\/(\d+)\.json$/;

export interface LogHeader {
  /** Log format version (2, 3…). */
  version: number | null;
  status: string | null;
  task: string | null;
  model: string | null;
  /** The solver the eval ran (`eval.solver`), when the log names one. */
  solver: string | null;
  /** Scorers in the order the log lists them; the first is the primary score. */
  scorers: string[];
  /** Scorers that call a model (their options name one, or a grading template). */
  modelGraded: Set<string>;
  /** Eval-level metadata and task arguments (a language may be stated there for the whole eval). */
  metadata: JsonObject;
  taskArgs: JsonObject;
  /** The error that stopped the eval. */
  error: string | null;
}

export interface SampleRead {
  sample: JsonObject | null;
  diagnostics: Diagnostic[];
}

export interface InspectLog {
  header: LogHeader;
  /** What the index reads per sample: summaries, or the samples themselves when there are no summaries. */
  summaries: JsonObject[];
  readSample(id: string, epoch: number): Promise<SampleRead>;
  /** Reads the members the view does not need (the `_journal/` records beside consolidated summaries) for `--check`. */
  checkOtherMembers(): Promise<Diagnostic[]>;
}

export interface LogOpen {
  log: InspectLog | null;
  diagnostics: Diagnostic[];
}

function problem(path: string, message: string, severity: Diagnostic['severity'] = 'error'): Diagnostic {
  return { path, line: null, message, severity };
}

function names(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.map((s) => (isObject(s) ? stringOrNull(s.name) : null)).filter((n): n is string => n !== null);
}

function errorMessage(value: unknown): string | null {
  if (typeof value === 'string') return value;
  return isObject(value) ? stringOrNull(value.message) : null;
}

/** A scorer calls a model when its options name one or carry a grading template / instructions. */
function modelGradedScorers(evalSpec: JsonObject): Set<string> {
  const graded = new Set<string>();
  const scorers = Array.isArray(evalSpec.scorers) ? evalSpec.scorers : [];
  for (const scorer of scorers) {
    if (!isObject(scorer)) continue;
    const name = stringOrNull(scorer.name);
    const options = isObject(scorer.options) ? scorer.options : {};
    const byName = name !== null && /model_graded|llm|judge|grader/i.test(name);
    if (name !== null && (byName || ['model', 'template', 'instructions', 'grade_pattern'].some((k) => k in options))) graded.add(name);
  }
  return graded;
}

/** The header of a log object; null when the object has no `eval` (not an Inspect log). */
export function headerOf(log: JsonObject): LogHeader | null {
  const evalSpec = log.eval;
  if (!isObject(evalSpec)) return null;
  const results = isObject(log.results) ? log.results : {};
  const fromResults = names(results.scores);
  const fromSpec = names(evalSpec.scorers);
  return {
    version: typeof log.version === 'number' ? log.version : null,
    status: stringOrNull(log.status),
    task: stringOrNull(evalSpec.task),
    model: stringOrNull(evalSpec.model),
    solver: stringOrNull(evalSpec.solver),
    scorers: [...new Set([...fromResults, ...fromSpec])],
    modelGraded: modelGradedScorers(evalSpec),
    metadata: isObject(evalSpec.metadata) ? evalSpec.metadata : {},
    taskArgs: isObject(evalSpec.task_args) ? evalSpec.task_args : {},
    error: errorMessage(log.error),
  };
}

export function sampleKey(id: string, epoch: number): string {
  return `${id}_epoch_${epoch}`;
}

/** `42_epoch_2` → id 42, epoch 2. */
export function parseSampleKey(key: string): { id: string; epoch: number } | null {
  const at = key.lastIndexOf('_epoch_');
  const epoch = Number(key.slice(at + '_epoch_'.length));
  return at > 0 && Number.isInteger(epoch) ? { id: key.slice(0, at), epoch } : null;
}

/** The id and epoch of a sample or summary object, or null when either is missing. */
export function sampleIdentity(sample: JsonObject): { id: string; epoch: number } | null {
  const id = typeof sample.id === 'string' || typeof sample.id === 'number' ? String(sample.id) : null;
  const epoch = typeof sample.epoch === 'number' && Number.isInteger(sample.epoch) ? sample.epoch : null;
  return id === null || epoch === null ? null : { id, epoch };
}

function samplesOf(value: unknown, path: string, where: string, diagnostics: Diagnostic[]): JsonObject[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    diagnostics.push(problem(path, `${where} should be a list of samples; ignored`, 'warning'));
    return [];
  }
  const samples = value.filter((s): s is JsonObject => isObject(s) && sampleIdentity(s) !== null);
  if (samples.length < value.length) {
    const message = `${value.length - samples.length} entries of ${where} are not samples with an id and epoch; skipped`;
    diagnostics.push(problem(path, message, 'warning'));
  }
  return samples;
}

async function openJsonLog(fs: FileSource, path: string): Promise<LogOpen> {
  const { value, diagnostics } = await readJsonFile(fs, path, MAX_JSON_LOG_BYTES);
  if (value === undefined) return { log: null, diagnostics };
  const header = isObject(value) ? headerOf(value) : null;
  if (!isObject(value) || header === null) {
    return { log: null, diagnostics: [...diagnostics, problem(path, 'not an Inspect eval log (no eval object)')] };
  }
  const samples = samplesOf(value.samples, path, 'samples', diagnostics);
  const readSample = (id: string, epoch: number): Promise<SampleRead> => {
    const sample = samples.find((s) => String(s.id) === id && s.epoch === epoch) ?? null;
    return Promise.resolve({ sample, diagnostics: sample === null ? [problem(path, `sample ${id} epoch ${epoch} is not in the log`)] : [] });
  };
  return { log: { header, summaries: samples, readSample, checkOtherMembers: () => Promise.resolve([]) }, diagnostics };
}

/** Reads JSON entries of the archive; each problem is reported against the .eval file, naming the entry. */
async function readEntries(archive: ZipArchive, path: string, names: readonly string[], maxBytes: number, diagnostics: Diagnostic[]): Promise<Map<string, unknown>> {
  const out = new Map<string, unknown>();
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for (const [name, read] of await archive.read(names, maxBytes)) {
    if (read.bytes === null) {
      diagnostics.push(problem(path, read.error));
      continue;
    }
    try {
      out.set(name, JSON.parse(decoder.decode(read.bytes)));
    } catch (error) {
      diagnostics.push(problem(path, `${name}: not valid JSON: ${error instanceof Error ? error.message : String(error)}`));
    }
  }
  return out;
}

function journalSummaries(archive: ZipArchive): string[] {
  return [...archive.entries.keys()]
    .map((name) => ({ name, n: Number(JOURNAL_SUMMARY.exec(name)?.[1] ?? Number.NaN) }))
    .filter((e) => !Number.isNaN(e.n))
    .sort((a, b) => a.n - b.n)
    .map((e) => e.name);
}

/** The header: header.json, else the journal's start record (a running or crashed eval), else the old layout. */
async function evalHeader(archive: ZipArchive, path: string, diagnostics: Diagnostic[]): Promise<LogHeader | null> {
  const has = (name: string): boolean => archive.entries.has(name);
  const headerName = has('header.json') ? 'header.json' : has('_journal/start.json') ? '_journal/start.json' : has('start.json') ? 'start.json' : null;
  if (headerName === null) {
    diagnostics.push(problem(path, 'not an Inspect eval log: the archive has no header.json or _journal/start.json'));
    return null;
  }
  const wanted = headerName === 'start.json' && has('results.json') ? [headerName, 'results.json'] : [headerName];
  const entries = await readEntries(archive, path, wanted, MAX_HEADER_BYTES, diagnostics);
  const start = entries.get(headerName);
  const results = entries.get('results.json');
  const log = isObject(start) ? { ...start, ...(isObject(results) ? results : {}) } : null;
  const header = log === null ? null : headerOf(log);
  if (log !== null && header === null) diagnostics.push(problem(path, `${headerName} has no eval object: not an Inspect eval log`));
  if (header !== null && headerName !== 'header.json' && header.status === null) header.status = 'started';
  return header;
}

async function evalSummaries(archive: ZipArchive, path: string, diagnostics: Diagnostic[]): Promise<JsonObject[]> {
  const consolidated = ['summaries.json', 'summary.json'].find((n) => archive.entries.has(n));
  if (consolidated !== undefined) {
    const entries = await readEntries(archive, path, [consolidated], MAX_SUMMARY_BYTES, diagnostics);
    if (entries.has(consolidated)) return samplesOf(entries.get(consolidated), path, consolidated, diagnostics);
  }
  const journal = journalSummaries(archive);
  if (journal.length > 0) {
    const entries = await readEntries(archive, path, journal, MAX_SUMMARY_BYTES, diagnostics);
    return journal.flatMap((name) => samplesOf(entries.get(name), path, name, diagnostics));
  }
  // No summaries at all (an archive rebuilt by hand): the samples are read instead.
  const sampleNames = [...archive.entries.keys()].filter((n) => SAMPLE_ENTRY.test(n));
  const entries = await readEntries(archive, path, sampleNames, MAX_SAMPLE_BYTES, diagnostics);
  return sampleNames.flatMap((name) => samplesOf([entries.get(name)], path, name, diagnostics));
}

async function openEvalLog(fs: FileSource, path: string): Promise<LogOpen> {
  const opened = await openZip(fs, path);
  if (opened.archive === null) return { log: null, diagnostics: [problem(path, `not a readable .eval archive: ${opened.error}`)] };
  const { archive } = opened;
  const diagnostics: Diagnostic[] = [];
  const header = await evalHeader(archive, path, diagnostics);
  if (header === null) return { log: null, diagnostics };
  const summaries = await evalSummaries(archive, path, diagnostics);
  const readSample = async (id: string, epoch: number): Promise<SampleRead> => {
    const name = `samples/${sampleKey(id, epoch)}.json`;
    const problems: Diagnostic[] = [];
    const entries = await readEntries(archive, path, [name], MAX_SAMPLE_BYTES, problems);
    const sample = entries.get(name);
    if (entries.has(name) && !isObject(sample)) problems.push(problem(path, `${name}: not a sample object`));
    return { sample: isObject(sample) ? sample : null, diagnostics: problems };
  };
  const checkOtherMembers = async (): Promise<Diagnostic[]> => {
    const problems: Diagnostic[] = [];
    const journal = [...archive.entries.keys()].filter((name) => name.startsWith('_journal/') && name.endsWith('.json'));
    await readEntries(archive, path, journal, MAX_SUMMARY_BYTES, problems);
    return problems;
  };
  return { log: { header, summaries, readSample, checkOtherMembers }, diagnostics };
}

/** Opens a .eval or .json log (the most recently opened ones are kept while unchanged). */
export function openInspectLog(fs: FileSource, path: string): Promise<LogOpen> {
  const isEval = path.toLowerCase().endsWith('.eval');
  return recentLog(
    fs,
    path,
    (size) => isEval || size <= MAX_CACHED_JSON_BYTES,
    () => (isEval ? openEvalLog(fs, path) : openJsonLog(fs, path)),
  );
}

/** Inspect writes a .json log's keys in a fixed order, starting with version and status: enough to recognise one. */
const JSON_LOG_HEAD = /^\s*\{\s*"version"\s*:\s*\d+\s*,\s*"status"\s*:\s*"/;
const SNIFF_BYTES = 512;

const ZIP_MAGIC = 'PK\u0003\u0004';

/** Does a loose file's head look like an Inspect log: a .eval zip, or a .json log starting with its header keys? */
export function looksLikeInspectLog(name: string, head: string): boolean {
  const lower = name.toLowerCase();
  if (lower.endsWith('.eval')) return head.startsWith(ZIP_MAGIC);
  return lower.endsWith('.json') && JSON_LOG_HEAD.test(head) && /"eval"\s*:\s*\{/.test(head);
}

/** Null when the file starts like an Inspect .json log, else why it is not one. */
export async function jsonLogMismatch(fs: FileSource, path: string): Promise<string | null> {
  let head: Uint8Array;
  try {
    head = await fs.readHead(path, SNIFF_BYTES);
  } catch (error) {
    return `cannot read: ${error instanceof Error ? error.message : String(error)}`;
  }
  const text = new TextDecoder('utf-8').decode(head);
  if (JSON_LOG_HEAD.test(text)) return null;
  if (head.length === 0) return 'the file is empty';
  return text.trimStart().startsWith('{') ? 'a JSON object that does not start with Inspect\'s "version" and "status"' : 'not a JSON object';
}
