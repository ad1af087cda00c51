import type { FileSource } from '../../fileSource';
import type { Diagnostic } from '../../model';
import { isObject, stringOrNull, type JsonObject } from '../gaia2/values';
import { readJsonFile } from '../jsonLines';
import { checkMember, IN_MEMORY_MEMBER_BYTES, memberElements, memberFields, memberValue, type MemberSource } from './memberJson';
import { recentLog } from './recentLogs';
import { languageFields } from './sampleLanguage';
import { sampleError, sampleLimit } from './sampleScores';
import { openZip, type ZipArchive } from './zip/zipArchive';

// An Inspect AI eval log, as .json (the whole EvalLog: version, status, eval, plan, results, stats, error, samples)
// or as .eval, a zip of:
//   header.json            the EvalLog without samples (written when the eval finishes)
//   summaries.json         one summary per sample: id, epoch, input, target, metadata, scores, error, limit
//   samples/<id>_epoch_<n>.json   one EvalSample each; reductions.json (epoch reductions)
//   _journal/start.json, _journal/summaries/<n>.json   what a running (or crashed) eval has written so far
// and, from older versions, start.json + results.json + summary.json / summaries/<n>.json.

export const MAX_JSON_LOG_BYTES = 512 * 1024 * 1024;
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
  /** What the index reads per sample: summaries, or the samples themselves when there are no summaries (.eval logs keep only the fields the index reads). */
  summaries: JsonObject[];
  readSample(id: string, epoch: number): Promise<SampleRead>;
  /** Reads the members the view does not need (the `_journal/` records beside consolidated summaries) for `--check`. */
  checkOtherMembers(): Promise<Diagnostic[]>;
}

export interface LogReadOptions {
  /** .eval members up to this size (uncompressed) are read whole, larger ones streamed; 32 MB by default. */
  inMemoryMemberBytes?: number;
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

/** The fields of a summary (or of a sample) that indexing reads: identity, language, scores, error and limit. */
const SUMMARY_KEYS = ['id', 'epoch', 'metadata', 'scores', 'score', 'error', 'limit'];

function scoreSummary(score: unknown): unknown {
  return isObject(score) ? { value: score.value, answer: score.answer, explanation: score.explanation } : score;
}

/** What indexing reads of a summary or sample; the rest (input, target, metadata, score metadata) is not kept. */
function indexSummary(sample: JsonObject): JsonObject {
  const summary: JsonObject = { id: sample.id, epoch: sample.epoch, metadata: languageFields(sample.metadata) };
  if (isObject(sample.scores)) summary.scores = Object.fromEntries(Object.entries(sample.scores).map(([k, v]) => [k, scoreSummary(v)]));
  if (sample.score !== undefined) summary.score = scoreSummary(sample.score);
  const error = sampleError(sample);
  const limit = sampleLimit(sample);
  if (error !== null) summary.error = error;
  if (limit !== null) summary.limit = limit;
  return summary;
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

function journalSummaries(archive: ZipArchive): string[] {
  return [...archive.entries.keys()]
    .map((name) => ({ name, n: Number(JOURNAL_SUMMARY.exec(name)?.[1] ?? Number.NaN) }))
    .filter((e) => !Number.isNaN(e.n))
    .sort((a, b) => a.n - b.n)
    .map((e) => e.name);
}

/** The members of a log header that headerOf reads (a header's plan, stats and dataset are dropped as parsed). */
const HEADER_KEYS = ['version', 'status', 'eval', 'results', 'error'];

/** The header: header.json, else the journal's start record (a running or crashed eval), else the old layout. */
async function evalHeader(source: MemberSource, diagnostics: Diagnostic[]): Promise<LogHeader | null> {
  const { archive, path } = source;
  const has = (name: string): boolean => archive.entries.has(name);
  const headerName = has('header.json') ? 'header.json' : has('_journal/start.json') ? '_journal/start.json' : has('start.json') ? 'start.json' : null;
  if (headerName === null) {
    diagnostics.push(problem(path, 'not an Inspect eval log: the archive has no header.json or _journal/start.json'));
    return null;
  }
  const start = await memberFields(source, headerName, HEADER_KEYS, diagnostics);
  const results = headerName === 'start.json' && has('results.json') ? await memberFields(source, 'results.json', HEADER_KEYS, diagnostics) : null;
  const log = isObject(start) ? { ...start, ...(isObject(results) ? results : {}) } : null;
  const header = log === null ? null : headerOf(log);
  if (start === null) diagnostics.push(problem(path, `${headerName}: not a JSON object: not an Inspect eval log`));
  if (log !== null && header === null) diagnostics.push(problem(path, `${headerName} has no eval object: not an Inspect eval log`));
  if (header !== null && headerName !== 'header.json' && header.status === null) header.status = 'started';
  return header;
}

/** Summaries of a list member, or null when it could not be read whole (a damaged member is not half-used). */
async function summariesOf(source: MemberSource, name: string, diagnostics: Diagnostic[]): Promise<JsonObject[] | null> {
  const values: JsonObject[] = [];
  let dropped = 0;
  const read = await memberElements(
    source,
    name,
    (value) => {
      if (isObject(value) && sampleIdentity(value) !== null) values.push(indexSummary(value));
      else dropped++;
    },
    diagnostics,
  );
  if (read.kind === null) return null;
  if (read.kind !== 'array') {
    diagnostics.push(problem(source.path, `${name} should be a list of samples; ignored`, 'warning'));
    return [];
  }
  if (!read.complete) return null;
  if (dropped > 0) diagnostics.push(problem(source.path, `${dropped} entries of ${name} are not samples with an id and epoch; skipped`, 'warning'));
  return values;
}

async function evalSummaries(source: MemberSource, diagnostics: Diagnostic[]): Promise<JsonObject[]> {
  const { archive, path } = source;
  const consolidated = ['summaries.json', 'summary.json'].find((n) => archive.entries.has(n));
  if (consolidated !== undefined) {
    const summaries = await summariesOf(source, consolidated, diagnostics);
    if (summaries !== null) return summaries;
  }
  const journal = journalSummaries(archive);
  if (journal.length > 0) {
    const out: JsonObject[] = [];
    for (const name of journal) out.push(...((await summariesOf(source, name, diagnostics)) ?? []));
    return out;
  }
  // No summaries at all (an archive rebuilt by hand): the samples are read instead, keeping the fields summaries hold.
  const out: JsonObject[] = [];
  for (const name of [...archive.entries.keys()].filter((n) => SAMPLE_ENTRY.test(n))) {
    const fields = await memberFields(source, name, SUMMARY_KEYS, diagnostics);
    if (fields === undefined) continue;
    if (fields !== null && sampleIdentity(fields) !== null) out.push(indexSummary(fields));
    else diagnostics.push(problem(path, `1 entries of ${name} are not samples with an id and epoch; skipped`, 'warning'));
  }
  return out;
}

async function openEvalLog(fs: FileSource, path: string, inMemoryBytes: number): Promise<LogOpen> {
  const opened = await openZip(fs, path);
  if (opened.archive === null) return { log: null, diagnostics: [problem(path, `not a readable .eval archive: ${opened.error}`)] };
  const source: MemberSource = { archive: opened.archive, path, inMemoryBytes };
  const diagnostics: Diagnostic[] = [];
  const header = await evalHeader(source, diagnostics);
  if (header === null) return { log: null, diagnostics };
  const summaries = await evalSummaries(source, diagnostics);
  const readSample = async (id: string, epoch: number): Promise<SampleRead> => {
    const name = `samples/${sampleKey(id, epoch)}.json`;
    const problems: Diagnostic[] = [];
    if (!opened.archive.entries.has(name)) return { sample: null, diagnostics: [problem(path, `${name}: not in the archive`)] };
    const sample = await memberValue(source, name, problems);
    if (sample !== undefined && !isObject(sample)) problems.push(problem(path, `${name}: not a sample object`));
    return { sample: isObject(sample) ? sample : null, diagnostics: problems };
  };
  const checkOtherMembers = async (): Promise<Diagnostic[]> => {
    const problems: Diagnostic[] = [];
    const journal = [...opened.archive.entries.keys()].filter((name) => name.startsWith('_journal/') && name.endsWith('.json'));
    for (const name of journal) await checkMember(source, name, problems);
    return problems;
  };
  return { log: { header, summaries, readSample, checkOtherMembers }, diagnostics };
}

/** Opens a .eval or .json log (the most recently opened ones are kept while unchanged). */
export function openInspectLog(fs: FileSource, path: string, options: LogReadOptions = {}): Promise<LogOpen> {
  const isEval = path.toLowerCase().endsWith('.eval');
  return recentLog(
    fs,
    path,
    (size) => isEval || size <= MAX_CACHED_JSON_BYTES,
    () => (isEval ? openEvalLog(fs, path, options.inMemoryMemberBytes ?? IN_MEMORY_MEMBER_BYTES) : openJsonLog(fs, path)),
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
