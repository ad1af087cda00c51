import type { ReviewSamplingConfig } from '../../core/index/configReview';
import { MAX_SEED, MAX_STRATUM_SIZE } from '../../core/index/configReview';
import { DEFAULT_SAMPLING, type SamplingPlan } from '../../core/triage/reviewQueue';

// What Start Review offers as its sampling plan: the run directory's trajectory-lens.json `review` first (it travels
// with the runs, so everyone draws the same sample), then the user's trajectoryLens.review.* settings, then the
// built-in defaults. Each key is taken whole from the first source that gives it; strata sizes are never merged
// across sources, so the file alone decides them when it names any.

/** The trajectoryLens.review.* settings as read, unchecked (a typo in settings.json must not break review). */
export interface ReviewSettings {
  perStratum: unknown;
  seed: unknown;
  strataSizes: unknown;
}

export type ReviewDefaultSource = 'trajectory-lens.json' | 'settings' | 'default';

export interface ReviewDefaults {
  plan: Required<SamplingPlan>;
  /** Where each value came from, for the prompts to say. */
  source: { perStratum: ReviewDefaultSource; seed: ReviewDefaultSource; strataSizes: ReviewDefaultSource };
}

function wholeNumberUpTo(value: unknown, max: number): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= max ? value : null;
}

/** Sizes by stratum from the setting, keeping only whole numbers; null when the setting names none. */
function settingSizes(raw: unknown): Record<string, number> | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const sizes = Object.entries(raw as Record<string, unknown>).flatMap(([stratum, size]): [string, number][] => {
    const valid = wholeNumberUpTo(size, MAX_STRATUM_SIZE);
    return valid === null ? [] : [[stratum, valid]];
  });
  return sizes.length === 0 ? null : Object.fromEntries(sizes);
}

function pick<T>(file: T | null | undefined, setting: T | null, fallback: T): [T, ReviewDefaultSource] {
  if (file !== null && file !== undefined) return [file, 'trajectory-lens.json'];
  if (setting !== null) return [setting, 'settings'];
  return [fallback, 'default'];
}

export function reviewDefaults(file: ReviewSamplingConfig | null, settings: ReviewSettings): ReviewDefaults {
  const [perStratum, perStratumSource] = pick(file?.perStratum, wholeNumberUpTo(settings.perStratum, MAX_STRATUM_SIZE), DEFAULT_SAMPLING.perStratum);
  const [seed, seedSource] = pick(file?.seed, wholeNumberUpTo(settings.seed, MAX_SEED), DEFAULT_SAMPLING.seed);
  const [sizes, sizesSource] = pick<Readonly<Record<string, number>>>(file?.strataSizes, settingSizes(settings.strataSizes), {});
  return {
    plan: { perStratum, seed, sizes },
    source: { perStratum: perStratumSource, seed: seedSource, strataSizes: sizesSource },
  };
}
