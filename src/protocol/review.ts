// Messages of the review panel. The host owns the queue and the labels file; the webview shows one item at a time and
// sends the reviewer's decisions, which the host validates (the webview is untrusted) before appending a record.
import type { Outcome } from '../core/model';
import { REVIEW_VERDICTS, type Confidence, type LabelItem, type ReviewVerdict } from '../core/triage/labelRecord';
import { FAMILIES, type Family, type TriageCode } from '../core/triage/taxonomy';
import { MAX_SEED, MAX_STRATUM_SIZE } from '../core/index/configReview';
import { isIntegerIn, parseRequest, type ParamsCheck, type Parsed } from './validate';
import { isRecord, type HostMessage, type NoParams, type PanelBoot, type RpcRequest, type StateEvent } from './rpc';

/** The label under review: the item's latest label record. */
export interface ReviewedLabel {
  code: TriageCode;
  /** `task description ambiguous or changed in meaning`. */
  title: string;
  family: Family;
  confidence: Confidence | null;
  annotator: string;
  note: string;
  at: string;
}

/** The latest review of that label, when there is one. */
export interface ReviewMark {
  verdict: ReviewVerdict;
  side: Family | null;
  annotator: string;
  note: string;
  at: string;
}

export interface ReviewEntry {
  item: LabelItem;
  scenarioId: string;
  /** `deterministic/jpn/execution`. */
  stratum: string;
  label: ReviewedLabel;
  review: ReviewMark | null;
}

export interface ReviewState {
  /** Increases with every change, so the webview can skip a state it already shows. */
  revision: number;
  /** The run directory's name, for the header. */
  directory: string;
  /** The run directory's URI: with the sampling plan, what a window reload rebuilds the queue from. */
  runDir: string;
  seed: number;
  /** The rest of the sampling plan the queue was drawn with. */
  sampling: { perStratum: number; sizes: Record<string, number> };
  entries: ReviewEntry[];
  /** The item to show: the first unreviewed one on opening, the next one after a decision. */
  position: number;
  /** Restricted Mode (or a directory that is not on disk): the reason decisions are refused, else null. */
  readOnly: string | null;
}

/** What one run shows of itself. */
export interface RunEvidence {
  /** `eng run 2`. */
  label: string;
  outcome: Outcome;
  task: string | null;
  finalAnswer: string | null;
  failureReason: string | null;
}

/** An expected event of the oracle, its arguments as JSON text. */
export interface OracleReference {
  tool: string;
  args: string;
  turn: number | null;
}

/** A judge decision or verifier check the target failed. */
export interface FailedCheck {
  /** `email_checker`, `tool_count`, or the check's name. */
  check: string;
  /** Oracle tool the judgement is about, when known. */
  tool: string | null;
  rationale: string;
  llm: boolean;
}

/** Only what a reviewer needs to decide. */
export interface ReviewEvidence {
  baseline: RunEvidence | null;
  target: RunEvidence;
  oracle: OracleReference[];
  failed: FailedCheck[];
  /** Runs that could not be read fully. */
  problems: string[];
}

export interface Decision {
  position: number;
  verdict: ReviewVerdict;
  /** The family believed right; required when rejecting, null otherwise. */
  side: Family | null;
  note: string;
}

// A type alias (not an interface) so it satisfies RequestMap's index signature.
export type ReviewRequests = {
  ready: { params: NoParams; result: ReviewState };
  evidence: { params: { position: number }; result: ReviewEvidence };
  decide: { params: Decision; result: ReviewState };
};

export type ReviewMethod = keyof ReviewRequests;
export type ReviewRequest = RpcRequest<ReviewRequests>;

/** Another window or the CLI wrote to the labels file. */
export type ReviewEvent = StateEvent<ReviewState>;
export type ReviewHostMessage = HostMessage<ReviewEvent>;
export type ReviewBoot = PanelBoot<ReviewState>;

export const MAX_NOTE_LENGTH = 10_000;
const MAX_POSITION = 1_000_000;

const PARAMS: Record<ReviewMethod, { keys: readonly string[]; check: ParamsCheck }> = {
  ready: { keys: [], check: () => null },
  evidence: {
    keys: ['position'],
    check: (p) => (isIntegerIn(p.position, 0, MAX_POSITION) ? null : 'position must be a non-negative integer'),
  },
  decide: {
    keys: ['position', 'verdict', 'side', 'note'],
    check: (p) =>
      (isIntegerIn(p.position, 0, MAX_POSITION) ? null : 'position must be a non-negative integer') ??
      ((REVIEW_VERDICTS as readonly unknown[]).includes(p.verdict) ? null : 'verdict must be confirm, reject or undecidable') ??
      (p.verdict === 'reject'
        ? (FAMILIES as readonly unknown[]).includes(p.side) ? null : 'a rejection names the side believed right'
        : p.side === null ? null : 'only a rejection names a side') ??
      (typeof p.note === 'string' && p.note.length <= MAX_NOTE_LENGTH ? null : `note must be text of at most ${MAX_NOTE_LENGTH} characters`),
  },
};

/** A rejected request still names its id when it had a valid one, so the webview gets an error response. */
export function parseReviewRequest(raw: unknown): Parsed<ReviewRequest> & { id: number | null } {
  return parseRequest<ReviewRequest>(raw, PARAMS);
}

/** What the webview saves for a window reload: the same queue (directory, sampling plan) at the same item. */
export interface SavedReviewState {
  runDir: string;
  seed: number;
  perStratum: number;
  sizes: Record<string, number>;
  position: number;
}

const MAX_URI_LENGTH = 4096;
const MAX_STRATA = 1000;
const MAX_STRATUM_KEY_LENGTH = 256;

function parseSizes(raw: unknown): Record<string, number> | null {
  if (!isRecord(raw)) return null;
  const entries = Object.entries(raw);
  if (entries.length > MAX_STRATA) return null;
  const sizes: Record<string, number> = {};
  for (const [key, size] of entries) {
    if (key.length === 0 || key.length > MAX_STRATUM_KEY_LENGTH || !isIntegerIn(size, 0, MAX_STRATUM_SIZE)) return null;
    sizes[key] = size;
  }
  return sizes;
}

/** The saved state of a review panel, or null when it is not one (an older shape, or anything else). */
export function parseSavedReviewState(raw: unknown): SavedReviewState | null {
  if (!isRecord(raw)) return null;
  const { runDir, seed, perStratum, position } = raw;
  const sizes = parseSizes(raw.sizes);
  if (typeof runDir !== 'string' || runDir.length === 0 || runDir.length > MAX_URI_LENGTH || sizes === null) return null;
  if (!isIntegerIn(seed, 0, MAX_SEED) || !isIntegerIn(perStratum, 0, MAX_STRATUM_SIZE) || !isIntegerIn(position, 0, MAX_POSITION)) return null;
  return { runDir, seed, perStratum, sizes, position };
}
