import type { FailureFamily, JudgeRecord, Outcome, VerifierCheck } from '../../model';
import { isObject, numberOrNull, stringOrNull, type JsonObject } from '../gaia2/values';
import { formatScore } from '../polywork/verdict';
import type { LogHeader } from './evalLog';

// A sample's scores ({scorer: {value, answer, explanation, metadata}}) as an outcome, checks and judge records.
// Values are read as Inspect's own metrics read them: C (correct) 1, P (partial) 0.5, I (incorrect) and N (no
// answer) 0, yes/true 1, no/false 0, numbers as they are, a dict or list of values as their mean. The primary score
// (the first scorer the log lists) decides the outcome: pass at full credit (1) by default — partial credit is
// not a pass — or at the reader's `passThreshold`.

export const DEFAULT_INSPECT_PASS_THRESHOLD = 1;

const LETTERS = new Map([
  ['C', 1],
  ['P', 0.5],
  ['I', 0],
  ['N', 0],
]);
const WORDS = new Map([
  ['yes', 1],
  ['true', 1],
  ['correct', 1],
  ['no', 0],
  ['false', 0],
  ['incorrect', 0],
]);

export interface SampleVerdict {
  outcome: Outcome;
  score: number | null;
  failureFamily: FailureFamily | null;
  failureReason: string | null;
}

interface NamedScore {
  scorer: string;
  value: unknown;
  answer: string | null;
  explanation: string | null;
  metadata: JsonObject | null;
}

/** A score value as a number, or null when it is not one Inspect could average. */
export function scoreValue(value: unknown): number | null {
  if (typeof value === 'boolean') return value ? 1 : 0;
  const number = numberOrNull(value);
  if (number !== null) return number;
  if (typeof value === 'string') {
    const text = value.trim();
    const known = LETTERS.get(text) ?? WORDS.get(text.toLowerCase());
    if (known !== undefined) return known;
    const parsed = Number(text);
    return text !== '' && Number.isFinite(parsed) ? parsed : null;
  }
  const parts = Array.isArray(value) ? value : isObject(value) ? Object.values(value) : [];
  const numbers = parts.map(scoreValue).filter((n): n is number => n !== null);
  return numbers.length === 0 ? null : numbers.reduce((a, b) => a + b, 0) / numbers.length;
}

export function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return formatScore(value);
  return JSON.stringify(value) ?? String(value);
}

/** The sample's scores in the log's scorer order (legacy logs hold one `score`). */
export function namedScores(sample: JsonObject, header: LogHeader): NamedScore[] {
  const scores = isObject(sample.scores) ? sample.scores : isObject(sample.score) ? { score: sample.score } : {};
  const order = [...header.scorers.filter((s) => Object.hasOwn(scores, s)), ...Object.keys(scores).filter((s) => !header.scorers.includes(s))];
  return order.flatMap((scorer): NamedScore[] => {
    const score = scores[scorer];
    if (!isObject(score)) return [];
    return [
      {
        scorer,
        value: score.value,
        answer: stringOrNull(score.answer),
        explanation: stringOrNull(score.explanation),
        metadata: isObject(score.metadata) ? score.metadata : null,
      },
    ];
  });
}

/** The sample's error message (a string in summaries, {message, traceback} in samples). */
export function sampleError(sample: JsonObject): string | null {
  const error = sample.error;
  if (typeof error === 'string') return error.trim() === '' ? null : error;
  return isObject(error) ? stringOrNull(error.message) : null;
}

/** The limit that stopped the sample (`time`, `message`, `token`…), from a summary or a sample. */
export function sampleLimit(sample: JsonObject): string | null {
  const limit = sample.limit;
  if (typeof limit === 'string') return limit;
  return isObject(limit) ? stringOrNull(limit.type) : null;
}

function failureFamilyOf(primary: NamedScore, score: number, limit: string | null): FailureFamily {
  if (limit !== null) return `limit:${limit}`;
  if (primary.value === 'N') return 'no_answer';
  return score > 0 ? 'partial' : 'incorrect';
}

function shortened(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max)}…` : line;
}

export function sampleVerdict(sample: JsonObject, header: LogHeader, passThreshold: number): SampleVerdict {
  const error = sampleError(sample);
  if (error !== null) {
    const family = /time.?out|timed out/i.test(error) ? 'timeout' : 'infra';
    return { outcome: 'infra', score: null, failureFamily: family, failureReason: shortened(error, 500) };
  }
  const primary = namedScores(sample, header)[0];
  const score = primary === undefined ? null : scoreValue(primary.value);
  if (primary === undefined || score === null) return { outcome: 'unknown', score: null, failureFamily: null, failureReason: null };
  if (score >= passThreshold) return { outcome: 'pass', score, failureFamily: null, failureReason: null };
  const limit = sampleLimit(sample);
  const parts = [`${primary.scorer} = ${valueText(primary.value)}`];
  if (primary.answer !== null) parts.push(`answer ${JSON.stringify(shortened(primary.answer, 120))}`);
  if (limit !== null) parts.push(`stopped by the ${limit} limit`);
  if (primary.explanation !== null) parts.push(shortened(primary.explanation, 300));
  return { outcome: 'fail', score, failureFamily: failureFamilyOf(primary, score, limit), failureReason: parts.join('; ') };
}

function isModelGraded(score: NamedScore, header: LogHeader): boolean {
  if (header.modelGraded.has(score.scorer) || /model_graded|llm|judge|grader/i.test(score.scorer)) return true;
  // model_graded_qa / model_graded_fact keep the grader's conversation in the score's metadata.
  return score.metadata !== null && ('grading' in score.metadata || 'grader_model' in score.metadata);
}

function targetText(target: unknown): string | null {
  if (typeof target === 'string') return target.trim() === '' ? null : target;
  if (!Array.isArray(target)) return null;
  const texts = target.filter((t): t is string => typeof t === 'string');
  return texts.length === 0 ? null : texts.join(' | ');
}

/** Target, error, limit and one check per score (value and answer). */
export function sampleChecks(sample: JsonObject, header: LogHeader, passThreshold: number): VerifierCheck[] {
  const checks: VerifierCheck[] = [];
  const error = sampleError(sample);
  if (error !== null) checks.push({ name: 'error', passed: false, detail: error });
  const limit = sampleLimit(sample);
  if (limit !== null) checks.push({ name: 'limit', passed: false, detail: `stopped by the ${limit} limit` });
  for (const score of namedScores(sample, header)) {
    const value = scoreValue(score.value);
    const answer = score.answer === null ? '' : `; answer: ${score.answer}`;
    checks.push({ name: `score · ${score.scorer}`, passed: value === null ? null : value >= passThreshold, detail: `${valueText(score.value)}${answer}` });
  }
  const target = targetText(sample.target);
  if (target !== null) checks.push({ name: 'target', passed: null, detail: target });
  return checks;
}

/** One record per score that carries an explanation: the scorer's (or grader model's) reasoning. */
export function sampleJudgeRecords(sample: JsonObject, header: LogHeader, passThreshold: number): JudgeRecord[] {
  return namedScores(sample, header)
    .filter((s) => s.explanation !== null && s.explanation.trim() !== '')
    .map((score): JudgeRecord => {
      const value = scoreValue(score.value);
      return {
        oracleId: null,
        tool: null,
        matched: value === null ? null : value >= passThreshold,
        check: score.scorer,
        rationale: score.explanation ?? '',
        llm: isModelGraded(score, header),
        turn: null,
        agentArgs: null,
      };
    });
}
