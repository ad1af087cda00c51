import { languageCode } from '../language/normalizeLanguage';
import type { Diagnostic } from '../model';

// The `review` key of trajectory-lens.json: the review queue's sample sizes and seed, kept with the runs so that
// everyone who opens the directory draws the same sample. Names match the trajectoryLens.review.* settings it overrides.

export interface ReviewSamplingConfig {
  /** Items per stratum; null when the file does not say. */
  perStratum: number | null;
  seed: number | null;
  /** Size by stratum key (`deterministic/jpn/execution`), replacing the setting's map; null when the file does not say. */
  strataSizes: Readonly<Record<string, number>> | null;
}

export const MAX_STRATUM_SIZE = 10_000;
export const MAX_SEED = 2 ** 32 - 1;
const DETERMINISM = ['deterministic', 'stochastic', 'run'];
const KNOWN = ['perStratum', 'seed', 'strataSizes'];

type Report = (message: string, severity?: Diagnostic['severity']) => void;

function wholeNumberUpTo(value: unknown, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= max;
}

/** `deterministic/ja/execution` → `deterministic/jpn/execution`, as strata are named; null when it cannot be a stratum. */
function stratumKey(key: string): string | null {
  const parts = key.split('/').map((part) => part.trim());
  const [determinism, language, capability] = parts;
  if (parts.length !== 3 || determinism === undefined || !DETERMINISM.includes(determinism)) return null;
  if (language === undefined || language === '' || capability === undefined || capability === '') return null;
  return `${determinism}/${languageCode(language) ?? language}/${capability}`;
}

function parseStrataSizes(value: unknown, report: Report): Record<string, number> | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    report(`"review.strataSizes" must map strata to sizes, e.g. {"deterministic/jpn/execution": 10}; got ${JSON.stringify(value)}`);
    return null;
  }
  const sizes: Record<string, number> = {};
  for (const [key, size] of Object.entries(value)) {
    const stratum = stratumKey(key);
    if (stratum === null) {
      report(
        `"review.strataSizes.${key}" is not a stratum: write determinism (deterministic, stochastic or run)/language/capability, e.g. "deterministic/jpn/execution"; ignored`,
        'warning',
      );
    } else if (!wholeNumberUpTo(size, MAX_STRATUM_SIZE)) {
      report(`"review.strataSizes.${key}" must be a whole number from 0 to ${MAX_STRATUM_SIZE}; got ${JSON.stringify(size)}`);
    } else {
      sizes[stratum] = size;
    }
  }
  return sizes;
}

/** Validates `review`; each bad entry is reported and left to the setting, the others still apply. */
export function parseReviewConfig(value: unknown, report: Report): ReviewSamplingConfig | null {
  if (value === undefined) return null;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    report(`"review" must be an object such as {"perStratum": 5, "seed": 20250101}; got ${JSON.stringify(value)}`);
    return null;
  }
  const fields = value as Record<string, unknown>;
  for (const key of Object.keys(fields)) {
    if (!KNOWN.includes(key)) report(`unknown key "review.${key}" ignored (known: ${KNOWN.join(', ')})`, 'warning');
  }
  const review: ReviewSamplingConfig = { perStratum: null, seed: null, strataSizes: null };
  const { perStratum, seed, strataSizes } = fields;
  if (wholeNumberUpTo(perStratum, MAX_STRATUM_SIZE)) review.perStratum = perStratum;
  else if (perStratum !== undefined) {
    report(`"review.perStratum" must be a whole number from 0 to ${MAX_STRATUM_SIZE}, e.g. 5; got ${JSON.stringify(perStratum)}`);
  }
  if (wholeNumberUpTo(seed, MAX_SEED)) review.seed = seed;
  else if (seed !== undefined) {
    report(`"review.seed" must be a whole number from 0 to ${MAX_SEED}, e.g. 20250101; got ${JSON.stringify(seed)}`);
  }
  if (strataSizes !== undefined) review.strataSizes = parseStrataSizes(strataSizes, report);
  return review;
}
