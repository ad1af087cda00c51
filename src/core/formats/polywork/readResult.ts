import { joinPath, type FileSource } from '../../fileSource';
import type { Diagnostic } from '../../model';
import { isObject, numberOrNull, type JsonObject } from '../gaia2/values';
import { readJsonFile } from '../jsonLines';

// result.json of a PolyWorkBench run: {task_id, harness, model, error, scores, usage}. `scores` is empty when grading
// was skipped, {overall_score: 0, error} when grading failed, else the combined grade:
//   overall_score (the Grade, from the task's grade()), pytest_score, tests_passed, tests_total,
//   dimensions {name: {score, weight, details {check: score}}} or {name: score}, judge_score,
//   judge_dimensions {name: 0..1}, judge_reasoning, details (the tail of the pytest output).
// grade_result.json holds grade()'s own {overall_score, dimensions}; judge_result.json the judge's
// {judge_score, dimensions, reasoning} or {judge_score: 0, error, raw}.

export const RESULT_FILE = 'result.json';
export const GRADE_FILE = 'grade_result.json';
export const JUDGE_FILE = 'judge_result.json';
const RESULT_BYTES = 16 * 1024 * 1024;

export interface NamedScore {
  name: string;
  score: number | null;
}

export interface GradeDimension extends NamedScore {
  weight: number | null;
  /** grade()'s per-check scores inside the dimension. */
  details: NamedScore[];
}

export interface JudgeVerdict {
  score: number | null;
  dimensions: NamedScore[];
  reasoning: string | null;
  /** Why the judge produced no scores (API failure, unparsable reply), with the raw reply when logged. */
  error: string | null;
}

export interface PolyworkScores {
  grade: number | null;
  pytestScore: number | null;
  testsPassed: number | null;
  testsTotal: number | null;
  dimensions: GradeDimension[];
  judge: JudgeVerdict | null;
  /** Tail of the pytest output. */
  details: string | null;
  /** Grading failure (timeout, no tests folder…). */
  error: string | null;
}

export interface PolyworkUsage {
  inputTokens: number | null;
  outputTokens: number | null;
  totalTokens: number | null;
  costUsd: number | null;
  requests: number | null;
  elapsedSeconds: number | null;
}

export interface PolyworkResult {
  taskId: string | null;
  harness: string | null;
  model: string | null;
  error: string | null;
  /** Null when the run was not graded (`scores` empty or absent). */
  scores: PolyworkScores | null;
  usage: PolyworkUsage | null;
}

export interface ResultRead {
  result: PolyworkResult | null;
  diagnostics: Diagnostic[];
}

/** Collects shape problems of one file: a field of the wrong type is reported once and read as absent. */
class FieldReader {
  readonly diagnostics: Diagnostic[] = [];
  constructor(private readonly path: string) {}

  private wrong(field: string, expected: string, value: unknown): void {
    const got = value === null ? 'null' : Array.isArray(value) ? 'a list' : typeof value;
    this.diagnostics.push({ path: this.path, line: null, message: `${field} should be ${expected}, not ${got}; ignored`, severity: 'warning' });
  }

  number(object: JsonObject, key: string, field = key): number | null {
    const value = object[key];
    if (value === undefined || value === null) return null;
    const number = numberOrNull(value);
    if (number === null) this.wrong(field, 'a number', value);
    return number;
  }

  text(object: JsonObject, key: string, field = key): string | null {
    const value = object[key];
    if (value === undefined || value === null) return null;
    if (typeof value !== 'string') this.wrong(field, 'a string', value);
    return typeof value === 'string' && value.trim() !== '' ? value : null;
  }

  object(object: JsonObject, key: string, field = key): JsonObject | null {
    const value = object[key];
    if (value === undefined || value === null) return null;
    if (!isObject(value)) this.wrong(field, 'an object', value);
    return isObject(value) ? value : null;
  }
}

function namedScores(fields: FieldReader, object: JsonObject | null, field: string): NamedScore[] {
  if (object === null) return [];
  return Object.keys(object).map((name) => ({ name, score: fields.number(object, name, `${field}.${name}`) }));
}

/** Dimensions as grade() returns them (objects with score, weight, details) or flattened to numbers. */
function gradeDimensions(fields: FieldReader, object: JsonObject | null, field: string): GradeDimension[] {
  if (object === null) return [];
  return Object.entries(object).map(([name, value]): GradeDimension => {
    if (!isObject(value)) return { name, score: fields.number(object, name, `${field}.${name}`), weight: null, details: [] };
    const at = `${field}.${name}`;
    return {
      name,
      score: fields.number(value, 'score', `${at}.score`),
      weight: fields.number(value, 'weight', `${at}.weight`),
      details: namedScores(fields, fields.object(value, 'details', `${at}.details`), `${at}.details`),
    };
  });
}

/** A judge verdict from judge_result.json's shape (`dimensions`, `reasoning`) or result.json's (`judge_*`). */
function judgeVerdict(fields: FieldReader, object: JsonObject, prefix: '' | 'judge_'): JudgeVerdict | null {
  const scoreKey = 'judge_score';
  const dimensionsKey = prefix === '' ? 'dimensions' : 'judge_dimensions';
  const reasoningKey = prefix === '' ? 'reasoning' : 'judge_reasoning';
  if (!(scoreKey in object) && !(dimensionsKey in object) && !(reasoningKey in object)) return null;
  const error = prefix === '' ? fields.text(object, 'error') : null;
  const raw = prefix === '' ? fields.text(object, 'raw') : null;
  return {
    score: fields.number(object, scoreKey),
    dimensions: namedScores(fields, fields.object(object, dimensionsKey), dimensionsKey),
    reasoning: fields.text(object, reasoningKey),
    error: error === null ? null : raw === null ? error : `${error}: ${raw}`,
  };
}

function scoresOf(fields: FieldReader, scores: JsonObject): PolyworkScores | null {
  if (Object.keys(scores).length === 0) return null;
  return {
    grade: fields.number(scores, 'overall_score', 'scores.overall_score'),
    pytestScore: fields.number(scores, 'pytest_score', 'scores.pytest_score'),
    testsPassed: fields.number(scores, 'tests_passed', 'scores.tests_passed'),
    testsTotal: fields.number(scores, 'tests_total', 'scores.tests_total'),
    dimensions: gradeDimensions(fields, fields.object(scores, 'dimensions', 'scores.dimensions'), 'scores.dimensions'),
    judge: judgeVerdict(fields, scores, 'judge_'),
    details: fields.text(scores, 'details', 'scores.details'),
    error: fields.text(scores, 'error', 'scores.error'),
  };
}

function usageOf(fields: FieldReader, usage: JsonObject | null): PolyworkUsage | null {
  if (usage === null || Object.keys(usage).length === 0) return null;
  return {
    inputTokens: fields.number(usage, 'input_tokens', 'usage.input_tokens'),
    outputTokens: fields.number(usage, 'output_tokens', 'usage.output_tokens'),
    totalTokens: fields.number(usage, 'total_tokens', 'usage.total_tokens'),
    costUsd: fields.number(usage, 'cost_usd', 'usage.cost_usd'),
    requests: fields.number(usage, 'request_count', 'usage.request_count'),
    elapsedSeconds: fields.number(usage, 'elapsed_time', 'usage.elapsed_time'),
  };
}

/** True when the object has the keys only a PolyWorkBench result has (content-based recognition). */
export function isPolyworkResult(value: unknown): value is JsonObject {
  return isObject(value) && 'task_id' in value && ('harness' in value || 'scores' in value);
}

export function resultFromJson(value: unknown, path: string): ResultRead {
  if (!isPolyworkResult(value)) {
    const message = 'not a PolyWorkBench result (expected an object with task_id and harness or scores); no run read';
    return { result: null, diagnostics: [{ path, line: null, message, severity: 'error' }] };
  }
  const fields = new FieldReader(path);
  const scores = fields.object(value, 'scores');
  const result: PolyworkResult = {
    taskId: fields.text(value, 'task_id'),
    harness: fields.text(value, 'harness'),
    model: fields.text(value, 'model'),
    error: fields.text(value, 'error'),
    scores: scores === null ? null : scoresOf(fields, scores),
    usage: usageOf(fields, fields.object(value, 'usage')),
  };
  return { result, diagnostics: fields.diagnostics };
}

export async function readResult(fs: FileSource, dir: string): Promise<ResultRead> {
  const path = joinPath(dir, RESULT_FILE);
  const { value, diagnostics } = await readJsonFile(fs, path, RESULT_BYTES);
  if (value === undefined) return { result: null, diagnostics };
  const read = resultFromJson(value, path);
  return { result: read.result, diagnostics: [...diagnostics, ...read.diagnostics] };
}

/** grade_result.json's dimensions (used when result.json carries none). */
export async function readGradeDimensions(fs: FileSource, path: string): Promise<{ dimensions: GradeDimension[]; diagnostics: Diagnostic[] }> {
  const { value, diagnostics } = await readJsonFile(fs, path, RESULT_BYTES);
  if (!isObject(value)) return { dimensions: [], diagnostics: value === undefined ? diagnostics : [...diagnostics, notAnObject(path)] };
  const fields = new FieldReader(path);
  const dimensions = gradeDimensions(fields, fields.object(value, 'dimensions'), 'dimensions');
  return { dimensions, diagnostics: [...diagnostics, ...fields.diagnostics] };
}

/** judge_result.json (used when result.json carries no judge fields, and for the judge's error). */
export async function readJudgeFile(fs: FileSource, path: string): Promise<{ judge: JudgeVerdict | null; diagnostics: Diagnostic[] }> {
  const { value, diagnostics } = await readJsonFile(fs, path, RESULT_BYTES);
  if (!isObject(value)) return { judge: null, diagnostics: value === undefined ? diagnostics : [...diagnostics, notAnObject(path)] };
  const fields = new FieldReader(path);
  return { judge: judgeVerdict(fields, value, ''), diagnostics: [...diagnostics, ...fields.diagnostics] };
}

function notAnObject(path: string): Diagnostic {
  return { path, line: null, message: 'not a JSON object; ignored', severity: 'warning' };
}
