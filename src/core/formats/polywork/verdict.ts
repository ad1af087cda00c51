import type { FailureFamily, Outcome } from '../../model';
import type { GradeDimension, PolyworkResult } from './readResult';

// PolyWorkBench scores a run (Grade 0..1) but never passes or fails it. The index needs an outcome, so a run passes
// when its Grade reaches a threshold: 0.5 by default (more than half of the weighted checks met), set per reader
// with createPolyworkReader({ passThreshold }). The Grade itself stays the run's score, and the benchmark's own
// metrics (Pass@1 = best run's mean Grade, Pass@3 = best-of-three) are computed from scores, not outcomes.

export const DEFAULT_PASS_THRESHOLD = 0.5;

export interface PolyworkVerdict {
  outcome: Outcome;
  score: number | null;
  failureFamily: FailureFamily | null;
  failureReason: string | null;
}

export function formatScore(score: number): string {
  return Number.isInteger(score) ? String(score) : score.toFixed(2).replace(/0$/, '');
}

/** The dimension that cost the most Grade: the largest weight × (1 − score), weight 1 when none is given. */
export function weakestDimension(dimensions: readonly GradeDimension[]): GradeDimension | null {
  let weakest: GradeDimension | null = null;
  let worstLoss = 0;
  for (const dimension of dimensions) {
    if (dimension.score === null) continue;
    const loss = (dimension.weight ?? 1) * (1 - dimension.score);
    if (loss > worstLoss) {
      weakest = dimension;
      worstLoss = loss;
    }
  }
  return weakest;
}

function infraFamily(error: string): FailureFamily {
  return /timed? ?out/i.test(error) ? 'timeout' : 'infra';
}

export function polyworkVerdict(result: PolyworkResult, passThreshold: number): PolyworkVerdict {
  const scores = result.scores;
  const grade = scores?.grade ?? null;
  const gradingError = scores?.error ?? null;
  const graded = grade !== null && !(gradingError !== null && grade === 0 && scores?.dimensions.length === 0);
  if (!graded) {
    const error = result.error ?? (gradingError === null ? null : `grading failed: ${gradingError}`);
    if (error !== null) return { outcome: 'infra', score: null, failureFamily: infraFamily(error), failureReason: error };
    return { outcome: 'unknown', score: null, failureFamily: null, failureReason: null };
  }
  if (grade >= passThreshold) return { outcome: 'pass', score: grade, failureFamily: null, failureReason: null };
  const weakest = weakestDimension(scores?.dimensions ?? []);
  const below = `Grade ${formatScore(grade)} is below the pass threshold ${formatScore(passThreshold)}`;
  if (weakest === null || weakest.score === null) {
    return { outcome: 'fail', score: grade, failureFamily: 'grade', failureReason: result.error === null ? below : `${below}; ${result.error}` };
  }
  const weight = weakest.weight === null ? '' : ` (weight ${formatScore(weakest.weight)})`;
  return {
    outcome: 'fail',
    score: grade,
    failureFamily: `dimension:${weakest.name}`,
    failureReason: `${below}; weakest dimension ${weakest.name} ${formatScore(weakest.score)}${weight}`,
  };
}
