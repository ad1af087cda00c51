import type { JudgeRecord, VerifierCheck } from '../../model';
import type { GradeDimension, JudgeVerdict, NamedScore, PolyworkResult, PolyworkScores, PolyworkUsage } from './readResult';
import { formatScore, type PolyworkVerdict } from './verdict';

// The three scoring tracks of a run as the verdict panel shows them: grade() dimensions with weights and per-check
// scores and the Grade they add up to; pytest counts with each test's result and the output; the LLM judge's
// dimension scores with its reasoning. Usage and the task's languages are shown as facts (passed: null).

/** Bound on the pytest output kept in the check's detail (the runner itself keeps the last 2000 characters). */
const MAX_OUTPUT_CHARS = 20_000;
/** `tests/test_outputs.py::test_name PASSED` (pytest -v) or `FAILED tests/test_outputs.py::test_name - reason`. */
const VERBOSE_RESULT = /^(?:\S+::)?(test_\w+)(?:\[[^\]]*\])?\s+(PASSED|FAILED|ERROR|SKIPPED|XFAIL|XPASS)\b/;
const SUMMARY_RESULT = /^(FAILED|ERROR)\s+(?:\S+::)?(test_\w+)(?:\[[^\]]*\])?(?:\s+-\s+(.*))?$/;

function passedAt(score: number | null, threshold: number): boolean | null {
  return score === null ? null : score >= threshold;
}

function scoreText(score: number | null): string {
  return score === null ? 'no score' : formatScore(score);
}

function dimensionCheck(dimension: GradeDimension, threshold: number): VerifierCheck {
  const weight = dimension.weight === null ? '' : ` × weight ${formatScore(dimension.weight)}`;
  const details = dimension.details.map((d) => `${d.name} ${scoreText(d.score)}`).join(', ');
  return {
    name: `grade · ${dimension.name}`,
    passed: passedAt(dimension.score, threshold),
    detail: `${scoreText(dimension.score)}${weight}${details === '' ? '' : `; checks: ${details}`}`,
  };
}

function gradeCheck(verdict: PolyworkVerdict, threshold: number): VerifierCheck {
  const passed = verdict.outcome === 'pass' ? true : verdict.outcome === 'fail' ? false : null;
  const detail =
    verdict.score === null
      ? (verdict.failureReason ?? 'not graded')
      : `Grade ${formatScore(verdict.score)} (a run passes at ${formatScore(threshold)} or more)`;
  return { name: 'grade', passed, detail };
}

/** Each test's result from the pytest output, in order; a test reported twice keeps its first line. */
export function pytestCases(output: string): VerifierCheck[] {
  const cases = new Map<string, VerifierCheck>();
  for (const raw of output.split('\n')) {
    const line = raw.trim();
    const verbose = VERBOSE_RESULT.exec(line);
    const summary = verbose === null ? SUMMARY_RESULT.exec(line) : null;
    const name = verbose?.[1] ?? summary?.[2];
    const status = verbose?.[2] ?? summary?.[1];
    if (name === undefined || status === undefined) continue;
    const existing = cases.get(name);
    const reason = summary?.[3];
    if (existing !== undefined) {
      if (reason !== undefined && existing.passed === false) existing.detail = `${existing.detail}: ${reason}`;
      continue;
    }
    const passed = status === 'PASSED' || status === 'XFAIL' ? true : status === 'SKIPPED' ? null : false;
    cases.set(name, { name: `pytest · ${name}`, passed, detail: reason === undefined ? status : `${status}: ${reason}` });
  }
  return [...cases.values()];
}

function pytestChecks(scores: PolyworkScores, output: string | null): VerifierCheck[] {
  const text = output ?? scores.details;
  if (scores.testsTotal === null && scores.pytestScore === null && text === null) return [];
  const counts =
    scores.testsTotal === null ? 'test counts not recorded' : `${scores.testsPassed ?? 0}/${scores.testsTotal} tests passed`;
  const fraction = scores.pytestScore === null ? '' : ` (pytest score ${formatScore(scores.pytestScore)})`;
  const tail = text === null ? '' : `\n\n${text.length > MAX_OUTPUT_CHARS ? `…${text.slice(-MAX_OUTPUT_CHARS)}` : text}`;
  const passed = scores.testsTotal === null || scores.testsTotal === 0 ? null : scores.testsPassed === scores.testsTotal;
  return [{ name: 'pytest', passed, detail: `${counts}${fraction}${tail}` }, ...(text === null ? [] : pytestCases(text))];
}

function usageCheck(usage: PolyworkUsage): VerifierCheck | null {
  const parts: string[] = [];
  if (usage.totalTokens !== null) parts.push(`${usage.totalTokens.toLocaleString('en-US')} tokens`);
  if (usage.inputTokens !== null || usage.outputTokens !== null) {
    parts.push(`${(usage.inputTokens ?? 0).toLocaleString('en-US')} in / ${(usage.outputTokens ?? 0).toLocaleString('en-US')} out`);
  }
  if (usage.requests !== null) parts.push(`${usage.requests} requests`);
  if (usage.costUsd !== null) parts.push(`$${usage.costUsd.toFixed(4)}`);
  if (usage.elapsedSeconds !== null) parts.push(`${Math.round(usage.elapsedSeconds)} s`);
  return parts.length === 0 ? null : { name: 'usage', passed: null, detail: parts.join(' · ') };
}

export interface GradeInputs {
  result: PolyworkResult;
  verdict: PolyworkVerdict;
  threshold: number;
  /** From result.json, else grade_result.json. */
  dimensions: GradeDimension[];
  /** test_output.txt, when present (result.json keeps only its tail). */
  testOutput: string | null;
  /** `instruction zh · sources ja · output en`, from task.toml. */
  languages: string | null;
}

export function gradeChecks(inputs: GradeInputs): VerifierCheck[] {
  const { result, verdict, threshold, dimensions } = inputs;
  const checks: VerifierCheck[] = [];
  if (result.error !== null) checks.push({ name: 'agent error', passed: false, detail: result.error });
  if (result.scores?.error) checks.push({ name: 'grading error', passed: false, detail: result.scores.error });
  checks.push(gradeCheck(verdict, threshold));
  checks.push(...dimensions.map((d) => dimensionCheck(d, threshold)));
  if (result.scores !== null) checks.push(...pytestChecks(result.scores, inputs.testOutput));
  const usage = result.usage === null ? null : usageCheck(result.usage);
  if (usage !== null) checks.push(usage);
  if (inputs.languages !== null) checks.push({ name: 'task languages', passed: null, detail: inputs.languages });
  return checks;
}

function judgeRecord(check: string, matched: boolean | null, rationale: string): JudgeRecord {
  return { oracleId: null, tool: null, matched, check, rationale, llm: true, turn: null, agentArgs: null };
}

/** The judge's overall score with its reasoning, then one record per rubric dimension. */
export function judgeRecords(judge: JudgeVerdict | null, threshold: number): JudgeRecord[] {
  if (judge === null) return [];
  const records: JudgeRecord[] = [];
  const overall = judge.score === null ? 'Judge' : `Judge ${formatScore(judge.score)}`;
  const text = judge.error ?? judge.reasoning;
  if (text !== null || judge.score !== null) {
    const matched = judge.error !== null ? null : passedAt(judge.score, threshold);
    records.push(judgeRecord('judge', matched, text === null ? overall : `${overall}: ${text}`));
  }
  for (const dimension of judge.dimensions) {
    records.push(judgeRecord(`judge:${dimension.name}`, passedAt(dimension.score, threshold), namedScoreText(dimension)));
  }
  return records;
}

function namedScoreText(score: NamedScore): string {
  return `${score.name}: ${scoreText(score.score)}`;
}
