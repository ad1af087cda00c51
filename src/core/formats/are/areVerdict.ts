import type { FailureFamily, Outcome } from '../../model';
import { NO_VERDICT } from '../canonical/schema';
import { parseAreRationale } from './classicRationale';
import type { HfMetadata } from './hfTrace';
import type { LiteMetadata } from './liteTrace';
import type { OutputEntry } from './outputJsonl';

// A run's verdict, from its output.jsonl line when there is one, else from its trace files.
// output.jsonl status: success → pass, failed → fail, exception → infra, no_validation → unknown (no status: the
// score decides). Traces: the scenario raised → infra; validation_decision Valid → pass, Invalid → fail.
// The failure family of a failed run comes from the validator's rationale (classic ARE or gaia2-cli forms).

export interface AreVerdict {
  outcome: Outcome;
  failureFamily: FailureFamily | null;
  failureReason: string | null;
  score: number | null;
}

function passed(score: number | null): AreVerdict {
  return { outcome: 'pass', failureFamily: null, failureReason: null, score: score ?? 1 };
}

function failed(rationale: string | null, score: number | null): AreVerdict {
  const failureFamily = rationale === null || rationale.trim() === '' ? 'other' : parseAreRationale(rationale).family;
  return { outcome: 'fail', failureFamily, failureReason: rationale, score: score ?? 0 };
}

function crashed(reason: string, score: number | null): AreVerdict {
  return { outcome: 'infra', failureFamily: 'infra', failureReason: reason, score };
}

function unjudged(reason: string, score: number | null): AreVerdict {
  return { outcome: 'unknown', failureFamily: NO_VERDICT, failureReason: reason, score };
}

export function verdictFromOutput(entry: OutputEntry): AreVerdict {
  const { status, score, rationale } = entry;
  if (status === 'success') return passed(score);
  if (status === 'failed') return failed(rationale, score);
  if (status === 'exception') return crashed(rationale ?? 'the scenario raised an exception (status exception)', score);
  if (status === 'no_validation') return unjudged(rationale ?? 'not validated (status no_validation)', score);
  if (score !== null && score >= 1) return passed(score);
  if (score !== null) return failed(rationale, score);
  const what = status === null ? 'no status and no score' : `unknown status ${JSON.stringify(status)} and no score`;
  return unjudged(`not validated: output.jsonl has ${what}`, null);
}

/** The verdict the trace files support: the hf metadata's, with the lite file's decision and rationale. */
export function verdictFromTraces(hf: HfMetadata | null, lite: LiteMetadata | null): AreVerdict {
  if (hf?.exception) return crashed(hf.exception, null);
  const decision = hf?.decision ?? lite?.decision ?? null;
  if (decision === 'Valid') return passed(null);
  if (decision === 'Invalid') return failed(lite?.rationale ?? null, null);
  const what = decision === null ? 'no validation_decision' : `validation_decision ${JSON.stringify(decision)}`;
  return unjudged(`not validated: the trace has ${what}`, null);
}
