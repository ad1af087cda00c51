import type { Trajectory } from '../model';
import type { FileLanguageCorrectness } from './driftReport';

// The tau2 reader turns SEATau's reward_info.info.language_correctness into a `language_correctness` check whose
// detail starts with `score <n>` and one judge record per turn in another language whose rationale names the
// step as the run document numbers it (`(step 7)`, 1-based).

const CHECK = 'language_correctness';

export function fileLanguageCorrectness(trajectory: Trajectory): FileLanguageCorrectness | null {
  const check = trajectory.checks.find((c) => c.name === CHECK);
  if (check === undefined) return null;
  const score = /^score (\d+(?:\.\d+)?)/.exec(check.detail)?.[1];
  const offTargetSteps = trajectory.judge
    .filter((j) => j.check === CHECK)
    .map((j) => /\(step (\d+)\)/.exec(j.rationale)?.[1])
    .filter((n): n is string => n !== undefined)
    .map((n) => Number(n) - 1);
  return { score: score === undefined ? null : Number(score), offTargetSteps };
}
